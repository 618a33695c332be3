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
      // One walk of the index gives each entry's key and the post's id.
      const batch: { key: [string, string]; postId: number }[] = [];
      await range.limit(BATCH).eachKey((key, cursor) => {
        // Stored rows always have their auto-increment id; only the row type leaves it optional.
        batch.push({ key: key as [string, string], postId: cursor.primaryKey as number });
      });
      const last = batch.at(-1);
      if (last === undefined) {
        await db.settings.delete(REQUEUE_WORDS_V6);
        return true;
      }
      await db.indexQueue.bulkPut(batch.map(({ key: [, order], postId }) => ({ order, postId })));
      await db.settings.put({ key: REQUEUE_WORDS_V6, value: JSON.stringify(last.key) });
      return false;
    });
    if (done) return;
  }
}
