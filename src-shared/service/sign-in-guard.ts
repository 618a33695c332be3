/**
 * How fast anyone may guess a password. Each wrong password for an account (or for a name that is none)
 * counts; from the sixth on, that account has to wait before the next try, 30 seconds doubling up to an
 * hour, and a right password in the meantime is refused too (else the wait would tell it apart). A right
 * password once the wait is over forgets the count. Kept in memory: a restart forgets it, which an attacker
 * cannot cause.
 */
const FREE_GUESSES = 5;
const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 3_600;
/** Names that are no account are chosen by whoever guesses: only so many are remembered. */
const KEPT_AT_MOST = 1_000;

export interface SignInGuard {
  /** Seconds `key` has to wait before its next try; 0 when it may try now. */
  waitFor(key: string, now: number): number;
  failed(key: string, now: number): void;
  succeeded(key: string): void;
}

export function createSignInGuard(): SignInGuard {
  const guesses = new Map<string, { wrong: number; until: number }>();
  return {
    waitFor: (key, now) => Math.max(0, (guesses.get(key)?.until ?? 0) - now),
    failed: (key, now) => {
      const wrong = (guesses.get(key)?.wrong ?? 0) + 1;
      const wait = wrong > FREE_GUESSES ? Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (wrong - FREE_GUESSES - 1)) : 0;
      // The newest last, so that the oldest go first when too many are kept.
      guesses.delete(key);
      guesses.set(key, { wrong, until: wrong >= FREE_GUESSES ? now + Math.max(wait, FIRST_WAIT_SECONDS) : 0 });
      if (guesses.size > KEPT_AT_MOST) guesses.delete(guesses.keys().next().value ?? key);
    },
    succeeded: (key) => void guesses.delete(key),
  };
}
