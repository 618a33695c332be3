import type { RouteName } from '../api/routes';
import type { TokenRow } from '../store/rows';

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
export interface KeptAnswer {
  readonly body: string;
  readonly token: TokenRow;
  /** The store's write version (store/write-watch.ts) when it was read, and while it still holds. */
  readonly version: number;
}

export interface KeptAnswersOptions {
  /** Answers kept at once; the least recently used goes first (default 256). */
  maxAnswers?: number;
  /** Characters of one answer's text and of its key; a longer one is not kept (default 256 KiB). */
  maxChars?: number;
}

/**
 * Answers kept in memory by key (route, origin and token hash: one account's answer is never another's),
 * each good for one write version. Bounded in count and in the size of each, so what it holds stays below
 * maxAnswers × maxChars however the store or the requests grow.
 */
export interface KeptAnswers {
  /** The answer kept under `key`, if it was read at `version`; an older one is dropped. */
  get(key: string, version: number): KeptAnswer | undefined;
  keep(key: string, answer: KeptAnswer): void;
  readonly size: number;
}

export function createKeptAnswers(options: KeptAnswersOptions = {}): KeptAnswers {
  const maxAnswers = options.maxAnswers ?? 256;
  const maxChars = options.maxChars ?? 256 * 1024;
  // In the order of last use: a Map iterates in insertion order, and a used answer is inserted again.
  const answers = new Map<string, KeptAnswer>();
  return {
    get: (key, version) => {
      const answer = answers.get(key);
      if (!answer) return undefined;
      answers.delete(key);
      if (answer.version !== version) return undefined;
      answers.set(key, answer);
      return answer;
    },
    keep: (key, answer) => {
      if (key.length > maxChars || answer.body.length > maxChars) return;
      answers.delete(key);
      answers.set(key, answer);
      for (const oldest of answers.keys()) {
        if (answers.size <= maxAnswers) break;
        answers.delete(oldest);
      }
    },
    get size() {
      return answers.size;
    },
  };
}
