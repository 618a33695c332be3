import type { Activity } from '../util/activity';
import type { PublishingDb } from './db';
import { indexQueuedWords, setAsideFirstQueued } from './word-index';

export interface WordIndexer {
  start(): void;
  /** Waits for the batch under way; the rest of the queue waits for the next start. */
  stop(): Promise<void>;
}

export interface WordIndexerOptions {
  /** How often an empty queue is looked at again. */
  idleMs?: number;
  /**
   * The service's requests. A batch waits until none has run for `quietMs`, so a burst of writes is not
   * served behind a batch of hundreds of posts; but it waits `maxWaitMs` at most, so that a steady stream
   * of requests (a client polling) cannot starve the index. Search stays exact meanwhile (store/search.ts).
   */
  activity?: Activity;
  quietMs?: number;
  maxWaitMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Keeps the search words in step in the background: a batch at once while the queue holds posts, then a
 * look every `idleMs`. Hosts run it; without it search is still exact, only slower (store/search.ts).
 */
export function createWordIndexer(db: PublishingDb, options: WordIndexerOptions = {}): WordIndexer {
  const idleMs = options.idleMs ?? 1_000;
  const quietMs = options.quietMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  let stopped = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  /** When the batch now due was first put off for requests, by performance.now(). */
  let waitingSince: number | null = null;

  const runBatch = () => {
    running = indexQueuedWords(db).then(
      (done) => schedule(done > 0 ? 0 : idleMs),
      async (error: unknown) => {
        options.onError?.(error);
        schedule((await oneByOne()) ? 0 : idleMs);
      },
    );
  };
  /** After a batch failed: the first post alone, and set aside if it fails alone. Answers whether the queue moved. */
  const oneByOne = async (): Promise<boolean> => {
    try {
      return (await indexQueuedWords(db, 1)) > 0;
    } catch (error) {
      const postId = await setAsideFirstQueued(db).catch(() => null);
      if (postId === null) return false;
      options.onError?.(
        new Error(
          `post ${postId} could not be indexed for search and was set aside: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
      return true;
    }
  };
  const due = () => {
    const quiet = options.activity?.quietFor() ?? Infinity;
    const now = performance.now();
    if (quiet < quietMs && now - (waitingSince ??= now) < maxWaitMs) {
      schedule(quietMs - quiet);
      return;
    }
    waitingSince = null;
    runBatch();
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(due, ms);
    (timer as { unref?: () => void }).unref?.();
  };
  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
