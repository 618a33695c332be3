import { ErrorText, ServiceError } from '../api/errors';
import type { AccountSnapshot } from '../store/account-snapshot';
import type { TokenRow } from '../store/rows';
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

/**
 * Who asks: nobody when no token was sent (`token` null), the account behind a token on record, and a 401
 * for a token not on record (`token` undefined).
 */
export function viewerOf(token: TokenRow | null | undefined, account: AccountSnapshot): Viewer | null {
  if (token === null) return null;
  if (!token) throw new ServiceError(401, ErrorText.invalidToken);
  return { accountGuid: token.accountGuid, personaGuids: account.personasOf(token.accountGuid).map((p) => p.guid) };
}
