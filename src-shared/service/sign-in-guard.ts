/**
 * How fast anyone may guess a password. Each wrong password counts for the name it was tried with (whether
 * or not that name is an account's) and for the account behind the name; from the fifth on, the name, or
 * the account, has to wait before the next try, 30 seconds doubling up to an hour. A right password once
 * the wait is over forgets both counts. Kept in memory: a restart forgets it, which an attacker cannot cause.
 *
 * Why both: counted per account only, a waiting account answered "wait" by every one of its names while a
 * name that is none was checked and refused, so a wait told which names are an account's. Counted per name
 * only, each name of an account would be five more guesses at its password. So a name that waits is
 * answered "wait" (429) at once, account or not, and a try by a name that does not wait is checked in full
 * and, should its account be waiting, refused as a wrong password is (401), the right password too: from
 * outside, a name of a waiting account looks like a name that is none.
 */
const FREE_GUESSES = 5;
const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 3_600;
/** Names are chosen by whoever guesses: only so many are remembered, the oldest forgotten first. */
const NAMES_KEPT_AT_MOST = 1_000;

/** Wrong guesses per key, and how long each key waits. */
export interface GuessCounts {
  /** Seconds `key` has to wait before its next try; 0 when it may try now. */
  waitFor(key: string, now: number): number;
  failed(key: string, now: number): void;
  succeeded(key: string): void;
}

export interface SignInGuard {
  /** Per name as tried, lowercase and without `@`. */
  names: GuessCounts;
  /** Per account GUID, whichever of its names was tried: the store's accounts, all remembered. */
  accounts: GuessCounts;
  /** The sign-in links' codes, under one key: each wrong code is a guess at any live one. */
  codes: GuessCounts;
}

export function createSignInGuard(): SignInGuard {
  return { names: guessCounts(NAMES_KEPT_AT_MOST), accounts: guessCounts(Infinity), codes: guessCounts(1) };
}

function guessCounts(keptAtMost: number): GuessCounts {
  const guesses = new Map<string, { wrong: number; until: number }>();
  return {
    waitFor: (key, now) => Math.max(0, (guesses.get(key)?.until ?? 0) - now),
    failed: (key, now) => {
      const wrong = (guesses.get(key)?.wrong ?? 0) + 1;
      const wait =
        wrong > FREE_GUESSES ? Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (wrong - FREE_GUESSES - 1)) : 0;
      // The newest last, so that the oldest go first when too many are kept.
      guesses.delete(key);
      guesses.set(key, { wrong, until: wrong >= FREE_GUESSES ? now + Math.max(wait, FIRST_WAIT_SECONDS) : 0 });
      if (guesses.size > keptAtMost) guesses.delete(guesses.keys().next().value ?? key);
    },
    succeeded: (key) => void guesses.delete(key),
  };
}
