import { ErrorText, ServiceError } from '../api/errors';
import { personasOfAccount } from '../store/account-rows';
import type { PublishingDb } from '../store/db';
import { tokenHash } from '../util/secrets';
import type { Viewer } from './context';
import type { Params } from './params';

/**
 * Section 5.1: the token travels in `Authorization` (raw, or after `Bearer `), or, where the route allows
 * it, in the `token` variable. An unknown token is refused outright rather than treated as anonymous, so a
 * client with a stale token learns it at once instead of silently seeing less.
 */
export function tokenFrom(request: Request, params: Params, allowVariable: boolean): string | null {
  const header = request.headers.get('authorization')?.trim();
  if (header) return header.replace(/^bearer\s+/i, '').trim() || null;
  if (allowVariable && params['token']) return params['token'].trim() || null;
  return null;
}

/** The token's hash, computed before any store transaction starts (Web Crypto would let one commit). */
export async function tokenKey(token: string | null): Promise<string | null> {
  return token === null ? null : tokenHash(token);
}

export async function resolveViewer(db: PublishingDb, key: string | null): Promise<Viewer | null> {
  if (key === null) return null;
  const row = await db.tokens.get(key);
  if (!row) throw new ServiceError(401, ErrorText.invalidToken);
  const personas = await personasOfAccount(db, row.accountGuid);
  return { accountGuid: row.accountGuid, personaGuids: personas.map((p) => p.guid) };
}
