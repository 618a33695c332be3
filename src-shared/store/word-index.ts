import type { IndexableTypeArrayReadonly } from 'dexie';
import type { BlockKey, PublishingDb } from './db';
import { timeOfOrder } from './order';
import { wordsOf } from './post-derived';
import type { IndexQueueRow, PostRow } from './rows';
import {
  blockAt,
  decodeBlock,
  decodeHead,
  encodeBlock,
  encodeHead,
  numberAt,
  rewriteWord,
  type Posting,
  type WordChanges,
  type WordHead,
} from './word-blocks';

/**
 * Posts per transaction. The requests of a batch do not grow with it (a few per table), while the blocks
 * it rewrites are shared by its posts: bigger batches cost less per post, up to the memory a batch holds.
 */
const BATCH = 500;

/**
 * Distinct words per transaction, whatever the posts: memory follows the words' blocks a batch rewrites
 * (the SQLite backend holds every request of a transaction until it ends; measured with posts of words
 * found nowhere else, in a 192 MB heap: peak 102 MB at 1,000, 115 at 2,000, 210 at 8,000). A batch takes
 * queue rows until it has this many words, and always one; a row has twice MAX_WORDS_PER_POST words at most
 * (those the index holds at its position, and the post's).
 * Counting words rather than changes lets ordinary posts, which share most of their words, go 500 at a
 * time (counting changes capped them near 30 a batch and cut indexing to a quarter of its speed).
 */
const WORDS_PER_BATCH = 1_000;

/**
 * Rewrites the search words of up to `limit` queued rows (in timeline order) in one transaction: the words a
 * row says the index holds at its position go (rows.ts IndexQueueRow), the words of the post now at that
 * position come (none for a deleted or vanished post, or one that moved on), and the row leaves the queue.
 * Answers how many queue rows were done; 0 when the queue is empty.
 */
export async function indexQueuedWords(db: PublishingDb, limit = BATCH): Promise<number> {
  return db.transaction('rw', [db.posts, db.indexQueue, db.wordPostings], async () => {
    const queued = await db.indexQueue.limit(limit).toArray();
    if (queued.length === 0) return 0;
    const ids = [...new Set(queued.map((row) => row.postId))];
    const posts = await db.posts.bulkGet(ids);
    const postOf = new Map(ids.map((id, i) => [id, posts[i]]));

    const changes = new Map<string, WordChanges>();
    const done: string[] = [];
    for (const row of queued) {
      const added = changesOf(row, postOf.get(row.postId));
      const newWords = added.filter(([word]) => !changes.has(word)).length;
      if (done.length > 0 && changes.size + newWords > WORDS_PER_BATCH) break;
      done.push(row.order);
      for (const [word, change] of added) merge(changes, word, change);
    }
    await writeChanges(db, changes);
    await db.indexQueue.bulkDelete(done);
    return done.length;
  });
}

/**
 * One queue row's changes to the words' blocks, a word each: the post now at the row's position gains the
 * words the index does not hold for it there, and whatever else the index holds there goes.
 */
function changesOf(row: IndexQueueRow, post: PostRow | undefined): [string, WordChanges][] {
  const time = timeOfOrder(row.order) ?? 0;
  const held = row.held;
  const now = post?.id !== undefined && post.order === row.order ? { id: post.id, words: wordsOf(post) } : null;
  const changes = new Map<string, WordChanges>();
  const entry = (word: string) => {
    let found = changes.get(word);
    if (!found) changes.set(word, (found = { add: [], remove: [] }));
    return found;
  };
  const stayed = held !== undefined && now !== null && held.id === now.id;
  const heldWords = new Set(held?.words);
  const newWords = new Set(now?.words);
  if (held)
    for (const word of heldWords) if (!stayed || !newWords.has(word)) entry(word).remove.push({ time, id: held.id });
  if (now) for (const word of newWords) if (!stayed || !heldWords.has(word)) entry(word).add.push({ time, id: now.id });
  return [...changes];
}

function merge(changes: Map<string, WordChanges>, word: string, change: WordChanges): void {
  const entry = changes.get(word);
  if (entry) {
    entry.add.push(...change.add);
    entry.remove.push(...change.remove);
  } else changes.set(word, change);
}

/** Applies the changes of many words: one read of their heads, one of the later blocks they touch, one write. */
async function writeChanges(db: PublishingDb, changes: ReadonlyMap<string, WordChanges>): Promise<void> {
  if (changes.size === 0) return;
  const words = [...changes.keys()];
  const stored = await db.wordPostings.bulkGet(words.map((word): BlockKey => [word, 0]));
  const headOf = new Map(words.map((word, i) => [word, headFrom(stored[i])]));

  const needed: BlockKey[] = [];
  for (const [word, change] of changes) {
    const later = headOf.get(word)?.later ?? [];
    if (later.length === 0) continue;
    const at = new Set([...change.remove, ...change.add].map((posting) => blockAt(later, posting)));
    for (const index of at) if (index > 0) needed.push([word, numberAt(later, index)]);
  }
  const blocks = needed.length > 0 ? await db.wordPostings.bulkGet(needed) : [];
  const loaded = new Map<string, Map<number, Posting[]>>();
  needed.forEach(([word, number], i) => {
    const block = blocks[i];
    if (!loaded.has(word)) loaded.set(word, new Map());
    loaded.get(word)?.set(number, block ? decodeBlock(block) : []);
  });

  const putKeys: BlockKey[] = [];
  const putValues: Uint8Array[] = [];
  const drop: BlockKey[] = [];
  for (const [word, change] of changes) {
    const head = headOf.get(word) ?? null;
    const rewrite = rewriteWord(head, loaded.get(word) ?? new Map(), change);
    for (const [number, postings] of rewrite.put) {
      putKeys.push([word, number]);
      putValues.push(encodeBlock(postings));
    }
    drop.push(...rewrite.drop.map((number): BlockKey => [word, number]));
    if (!rewrite.headChanged) continue;
    if (rewrite.head) {
      putKeys.push([word, 0]);
      putValues.push(encodeHead(rewrite.head));
    } else if (head) drop.push([word, 0]);
  }
  // No empty bulk calls: each costs a turn of Dexie's machinery and places no request. (Before the
  // store's patch of indexeddbshim, a few in a row ended the transaction under the next one.)
  if (drop.length > 0) await db.wordPostings.bulkDelete(drop);
  // Dexie's types take each key of a list as one part of a key: a compound key is one key all the same.
  if (putKeys.length > 0) await db.wordPostings.bulkPut(putValues, putKeys as unknown as IndexableTypeArrayReadonly);
}

const headFrom = (stored: Uint8Array | undefined): WordHead | null => (stored ? decodeHead(stored) : null);

/** Every position the index holds under a word, in block order: what a test checks the index against. */
export async function postingsOfWord(db: PublishingDb, word: string): Promise<Posting[]> {
  const stored = await db.wordPostings.get([word, 0]);
  if (!stored) return [];
  const head = decodeHead(stored);
  const later = await db.wordPostings.bulkGet(head.later.map(({ number }): BlockKey => [word, number]));
  return [...head.postings, ...later.flatMap((block) => (block ? decodeBlock(block) : []))];
}

/**
 * Takes the first queued post out of the queue without indexing it, and answers its id: a post that cannot
 * be indexed (a row it fails on) is set aside, rather than tried again for ever in front of every other.
 * What the index held at its position still goes: those words were taken when it was queued.
 */
export async function setAsideFirstQueued(db: PublishingDb): Promise<number | null> {
  return db.transaction('rw', [db.indexQueue, db.wordPostings], async () => {
    const [first] = await db.indexQueue.limit(1).toArray();
    if (!first) return null;
    await writeChanges(db, new Map(changesOf(first, undefined)));
    await db.indexQueue.delete(first.order);
    return first.postId;
  });
}

/** Runs until the queue is empty; answers how many posts were indexed. */
export async function indexAllQueuedWords(db: PublishingDb): Promise<number> {
  let total = 0;
  for (let done = await indexQueuedWords(db); done > 0; done = await indexQueuedWords(db)) total += done;
  return total;
}
