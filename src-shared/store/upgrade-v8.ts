import type { Transaction } from 'dexie';
import type { PublishingDb } from './db';
import type { PostRow } from './rows';

/** Settings key: the last `[type+order]` key looked at by the requeue (JSON), while it is unfinished. */
export const REQUEUE_WORDS_V8 = 'requeue-words-v8-after';
/** Posts read per transaction: whole rows this time (their source and tags decide), so fewer than v6's keys. */
const BATCH = 1_000;

/**
 * Version 7 → 8, inside the version change: only marks the posts for `requeueWordsV8` (see upgrade-v6.ts
 * for why the work waits for the open).
 */
export async function upgradeToV8(tx: Transaction): Promise<void> {
  await tx.table('settings').put({ key: REQUEUE_WORDS_V8, value: '' });
}

/** Whether the words of version 8 (store/post-derived.ts wordsOf) differ from what version 7 indexed. */
const gainsWords = (post: PostRow): boolean =>
  !post.deleted &&
  (post.sourceTitle != null || post.sourceUrl != null || post.tags.length > 0 || post.text.includes('#'));

/**
 * Since version 8 a post is also found by the title and host of the page it is about and by each tag
 * exactly, tags written as `#tag` in the text included: only posts with a source, tags or a `#` in their text
 * gain words, so only they are queued for the indexer again.
 * Search stays exact meanwhile, as queued posts are judged by their own words (store/search.ts). A batch
 * per transaction, with its progress: an interrupted requeue resumes where it stopped. Runs when the
 * database opens.
 */
export async function requeueWordsV8(db: PublishingDb): Promise<void> {
  for (;;) {
    const done = await db.transaction('rw', [db.posts, db.indexQueue, db.settings], async () => {
      const mark = await db.settings.get(REQUEUE_WORDS_V8);
      if (!mark) return true;
      const after = mark.value ? (JSON.parse(mark.value) as [string, string]) : null;
      const range = after ? db.posts.where('[type+order]').above(after) : db.posts.orderBy('[type+order]');
      const batch = await range.limit(BATCH).toArray();
      const last = batch.at(-1);
      if (last === undefined) {
        await db.settings.delete(REQUEUE_WORDS_V8);
        return true;
      }
      const queued = batch
        .filter(gainsWords)
        .flatMap((post) => (post.id === undefined ? [] : [{ order: post.order, postId: post.id }]));
      if (queued.length > 0) await db.indexQueue.bulkPut(queued);
      await db.settings.put({ key: REQUEUE_WORDS_V8, value: JSON.stringify([last.type, last.order]) });
      return false;
    });
    if (done) return;
  }
}
