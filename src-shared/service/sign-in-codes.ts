import { randomToken, tokenHash } from '../util/secrets';

/**
 * One-time sign-in codes: the host prints a link carrying one when it starts, and the page that opens the
 * link trades it for a session (`POST /api/auth/code`). A code is 32 random bytes, good once and for
 * CODE_SECONDS at most. Only its SHA-256 is kept, and only in this memory, never in the store: a copy of the
 * data folder, or of the process's heap, hands out no working code, and a restart forgets them all. How
 * often a wrong code may be tried is the sign-in guard's business (sign-in-guard.ts).
 */
export const CODE_SECONDS = 15 * 60;
/** Each new link is one more live code; the oldest go first beyond these. */
const LIVE_AT_MOST = 8;

export interface SignInCodes {
  /** A new code, good once until `now` + CODE_SECONDS (Unix seconds). */
  issue(now: number): Promise<string>;
  /** True once for a live code, which is used up by it; false for any other text, a used or an expired code. */
  redeem(code: string, now: number): Promise<boolean>;
}

export function createSignInCodes(): SignInCodes {
  /** The live codes' hashes, oldest first, and the second each expires. */
  const live = new Map<string, number>();
  return {
    issue: async (now) => {
      const code = randomToken();
      live.set(await tokenHash(code), now + CODE_SECONDS);
      for (const [hash, until] of live) if (until < now || live.size > LIVE_AT_MOST) live.delete(hash);
      return code;
    },
    redeem: async (code, now) => {
      const hash = await tokenHash(code);
      const until = live.get(hash);
      // Used up whether or not it is still in time: it is good once at most.
      live.delete(hash);
      return until !== undefined && now <= until;
    },
  };
}
