import type { PublishingDb } from './db';
import { wordRowsOf } from './post-derived';
import { postsByGuids } from './posts-by-guid';

/** Posts per transaction: about 7,500 word rows, a few seconds at most on the SQLite backend. */
const BATCH = 250;

/**
 * Rewrites the search words of up to `limit` queued posts in one transaction: their old rows go, the rows
 * of their current text come (none for a deleted or vanished post), and they leave the queue. Answers how
 * many were done; 0 when the queue is empty.
 */
export async function indexQueuedWords(db: PublishingDb, limit = BATCH): Promise<number> {
  return db.transaction('rw', [db.posts, db.words, db.wordQueue], async () => {
    const queued = await db.wordQueue.limit(limit).toArray();
    if (queued.length === 0) return 0;
    const guids = queued.map((row) => row.postGuid);
    const posts = await postsByGuids(db, guids);
    // A lookup per post to find old words: only for posts that may have some.
    const known = queued.filter((row) => row.fresh !== 1).map((row) => row.postGuid);
    if (known.length > 0) await db.words.where('postGuid').anyOf(known).delete();
    const rows = posts.flatMap(wordRowsOf);
    if (rows.length > 0) await db.words.bulkPut(rows);
    await db.wordQueue.bulkDelete(guids);
    return guids.length;
  });
}

/** Runs until the queue is empty; answers how many posts were indexed. */
export async function indexAllQueuedWords(db: PublishingDb): Promise<number> {
  let total = 0;
  for (let done = await indexQueuedWords(db); done > 0; done = await indexQueuedWords(db)) total += done;
  return total;
}

export interface WordIndexer {
  start(): void;
  /** Waits for the batch under way; the rest of the queue waits for the next start. */
  stop(): Promise<void>;
}

/**
 * Keeps the search words in step in the background: a batch at once while the queue holds posts, then a
 * look every `idleMs`. Hosts run it; without it search is still exact, only slower (store/search.ts).
 */
export function createWordIndexer(db: PublishingDb, options: { idleMs?: number; onError?: (error: unknown) => void } = {}): WordIndexer {
  const idleMs = options.idleMs ?? 1_000;
  let stopped = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = indexQueuedWords(db).then(
        (done) => schedule(done > 0 ? 0 : idleMs),
        (error: unknown) => {
          options.onError?.(error);
          schedule(idleMs);
        },
      );
    }, ms);
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
