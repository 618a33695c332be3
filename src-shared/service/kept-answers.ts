import type { RouteName } from '../api/routes';
import type { TokenRow } from '../store/rows';
import { createKept, type Kept, type Versioned } from './kept';

/**
 * The small reads a page makes at every start and a client polls: the signed-in account and its Personas
 * and Channels, in both interfaces. Each answer depends on the store, the token and the origin only (none
 * takes variables, none shows the time), so it can be kept until the next write.
 */
const KEPT_ROUTES: ReadonlySet<string> = new Set([
  'profile',
  'personas',
  'channels',
  'usersMe',
  'usersSites',
] satisfies RouteName[]);

/** Where a route's answer is kept for a token (its hash) and origin, or null for a route whose answers are not kept. */
export function keptKeyOf(routeName: string, origin: string, tokenKey: string | null): string | null {
  return tokenKey !== null && KEPT_ROUTES.has(routeName) ? `${routeName} ${tokenKey} ${origin}` : null;
}

/** One kept answer: the envelope's text, and the token row it was read with (for its expiry and its use). */
export interface KeptAnswer extends Versioned {
  readonly body: string;
  readonly token: TokenRow;
}

/** At most 256 answers of at most 256 KiB each (the account of a few hundred Personas and Channels). */
export const createKeptAnswers = (): Kept<KeptAnswer> => createKept({ maxEntries: 256, maxChars: 256 * 1024 });
