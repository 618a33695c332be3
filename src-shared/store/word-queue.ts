import type { PublishingDb } from './db';
import { wordsOf } from './post-derived';
import type { IndexQueueRow, PostRow } from './rows';

/**
 * The queue of posts for the search indexer also says what the index holds for them (rows.ts IndexQueueRow):
 * a queued row's `held` words at its position, and for every other post its current words at its current
 * position. So the indexer knows what to take out without keeping each post's words.
 */

/**
 * Queues posts as they were before a rewrite or a deletion (call it before queueWritten for the same
 * posts). A post with no row queued at its position has its words there in the index: they are kept on the
 * row, to be taken out. A row already queued there says what the index holds, and stays as it is.
 */
export async function queueReplaced(db: PublishingDb, posts: readonly PostRow[]): Promise<void> {
  const stored = posts.filter((post) => post.id !== undefined);
  if (stored.length === 0) return;
  const queued = await db.indexQueue.bulkGet(stored.map((post) => post.order));
  const rows = stored.flatMap((post, i): IndexQueueRow[] => {
    const id = post.id;
    if (id === undefined || queued[i]) return [];
    const words = indexedWordsOf(post);
    return [{ order: post.order, postId: id, ...(words.length > 0 ? { held: { id, words } } : {}) }];
  });
  if (rows.length > 0) await db.indexQueue.bulkPut(rows);
}

/**
 * Queues posts as just written, at their positions: one request per post, where writing its words would be
 * one per word (store/word-index.ts). A row already queued at a position keeps what it says the index holds
 * there, and now names this post.
 */
export async function queueWritten(
  db: PublishingDb,
  posts: readonly PostRow[],
  options: { fresh?: boolean } = {},
): Promise<void> {
  const rows = posts.flatMap((post): IndexQueueRow[] =>
    post.id === undefined ? [] : [{ order: post.order, postId: post.id }],
  );
  if (rows.length === 0) return;
  // A fresh post's place in timeline order (its time and new GUID) cannot be queued already.
  if (options.fresh) {
    await db.indexQueue.bulkAdd(rows);
    return;
  }
  const queued = await db.indexQueue.bulkGet(rows.map((row) => row.order));
  await db.indexQueue.bulkPut(rows.map((row, i) => ({ ...queued[i], ...row })));
}

/**
 * The words the index holds for a post it is not queued for. A row the indexer fails on is set aside
 * unindexed (store/word-indexer.ts), so the index holds nothing for it.
 */
function indexedWordsOf(post: PostRow): string[] {
  try {
    return wordsOf(post);
  } catch {
    return [];
  }
}
