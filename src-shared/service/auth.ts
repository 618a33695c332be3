import { ErrorText, ServiceError } from '../api/errors';
import type { AccountSnapshot } from '../store/account-snapshot';
import type { PublishingDb } from '../store/db';
import { LOGIN_TOKEN_LABEL, type TokenRow } from '../store/rows';
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
export function viewerOf(token: TokenRow | null | undefined, account: AccountSnapshot, now: number): Viewer | null {
  if (token === null) return null;
  if (!token || isExpired(token, now)) throw new ServiceError(401, ErrorText.invalidToken);
  return { accountGuid: token.accountGuid, personaGuids: account.personasOf(token.accountGuid).map((p) => p.guid) };
}

/** A token a sign-in made stops working after this long unused; the owner's token (and a host's) never does. */
export const SIGN_IN_IDLE_SECONDS = 30 * 86_400;
/** How often a token's last use is written: once a day is enough to tell 30 days, and spares a write a request. */
const TOUCH_EVERY_SECONDS = 86_400;

const lastUse = (token: TokenRow): number => token.lastUsedUnix ?? token.createdUnix;

/** A sign-in token unused for SIGN_IN_IDLE_SECONDS no longer signs in. */
export function isExpired(token: TokenRow, now: number): boolean {
  return token.label === LOGIN_TOKEN_LABEL && now - lastUse(token) > SIGN_IN_IDLE_SECONDS;
}

/** Whether the token of this hash still signs in (a stream opened with it asks again while it stays open). */
export async function tokenStillValid(db: PublishingDb, hash: string, now: number): Promise<boolean> {
  const token = await db.tokens.get(hash);
  return token !== undefined && !isExpired(token, now);
}

export const needsTouch = (token: TokenRow, now: number): boolean =>
  token.label === LOGIN_TOKEN_LABEL && now - lastUse(token) >= TOUCH_EVERY_SECONDS;

/** Notes a sign-in token's use, after the request (whose transaction may only read). Best effort. */
export async function touchToken(db: PublishingDb, token: TokenRow, now: number): Promise<void> {
  await db.tokens.update(token.hash, { lastUsedUnix: now }).catch(() => undefined);
}
