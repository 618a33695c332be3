import type { Transaction } from 'dexie';
import type { PublishingDb } from './db';

/** Settings key: the last `[type+order]` key queued for the indexer again (JSON), while the requeue is unfinished. */
export const REQUEUE_WORDS_V6 = 'requeue-words-v6-after';
/** Posts per transaction: index keys only, so a batch is small, and the requeue of 100,000 posts takes seconds. */
const BATCH = 5_000;

/**
 * Version 5 → 6, inside the version change: only marks the posts for `requeueWordsV6`. Queuing them here
 * would hold every request of the version change in memory at once (see upgrade-v2.ts).
 */
export async function upgradeToV6(tx: Transaction): Promise<void> {
  await tx.table('settings').put({ key: REQUEUE_WORDS_V6, value: '' });
}

/**
 * Queues every post for the indexer, which writes their words into the new blocks; search meanwhile judges
 * queued posts by their text (store/search.ts), so it stays exact. A batch per transaction, with its
 * progress: an interrupted requeue resumes where it stopped. Runs when the database opens.
 */
export async function requeueWordsV6(db: PublishingDb): Promise<void> {
  for (;;) {
    const done = await db.transaction('rw', [db.posts, db.indexQueue, db.settings], async () => {
      const mark = await db.settings.get(REQUEUE_WORDS_V6);
      if (!mark) return true;
      // The timeline index's keys are every post's position (rows.ts IndexQueueRow).
      const after = mark.value ? (JSON.parse(mark.value) as [string, string]) : null;
      const range = after ? db.posts.where('[type+order]').above(after) : db.posts.orderBy('[type+order]');
      const keys = (await range.clone().limit(BATCH).keys()) as unknown as [string, string][];
      const ids = (await range.clone().limit(BATCH).primaryKeys()) as number[];
      const last = keys.at(-1);
      if (last === undefined) {
        await db.settings.delete(REQUEUE_WORDS_V6);
        return true;
      }
      await db.indexQueue.bulkPut(keys.map(([, order], i) => ({ order, postId: ids[i] ?? 0 })));
      await db.settings.put({ key: REQUEUE_WORDS_V6, value: JSON.stringify(last) });
      return false;
    });
    if (done) return;
  }
}
