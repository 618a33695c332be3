import type { PublishingDb } from './db';
import { wordsOf } from './post-derived';
import type { PostWordsRow } from './rows';
import { blockAt, postingsOf, rewriteWord, type Posting, type WordChanges } from './word-blocks';

/**
 * Posts per transaction. The requests of a batch do not grow with it (a few per table), while the blocks
 * it rewrites are shared by its posts: bigger batches cost less per post, up to the memory a batch holds.
 */
const BATCH = 500;

/**
 * Distinct words per transaction, whatever the posts: memory follows the words' blocks a batch rewrites
 * (the SQLite backend holds every request of a transaction until it ends; measured with posts of words
 * found nowhere else, in a 192 MB heap: peak 102 MB at 1,000, 115 at 2,000, 210 at 8,000). A batch takes
 * posts until it has this many words, and always one post; a post has MAX_WORDS_PER_POST words at most.
 * Counting words rather than changes lets ordinary posts, which share most of their words, go 500 at a
 * time (counting changes capped them near 30 a batch and cut indexing to a quarter of its speed).
 */
const WORDS_PER_BATCH = 1_000;

/**
 * Rewrites the search words of up to `limit` queued posts (the newest first) in one transaction: a post's
 * old positions go (store/rows.ts PostWordsRow says which), the positions of its current text come (none
 * for a deleted or vanished post), and it leaves the queue. Answers how many queue rows were done; 0 when
 * the queue is empty.
 */
export async function indexQueuedWords(db: PublishingDb, limit = BATCH): Promise<number> {
  return db.transaction('rw', [db.posts, db.indexQueue, db.postWords, db.wordDirs, db.wordBlocks], async () => {
    const queued = await db.indexQueue.limit(limit).toArray();
    if (queued.length === 0) return 0;
    const ids = [...new Set(queued.map((row) => row.postId))];
    const posts = await db.posts.bulkGet(ids);
    const before = await db.postWords.bulkGet(ids);

    const changes = new Map<string, WordChanges>();
    const after: PostWordsRow[] = [];
    const gone: number[] = [];
    const taken = new Set<number>();
    for (const [i, postId] of ids.entries()) {
      const post = posts[i];
      const now = post ? { postId, order: post.order, words: wordsOf(post) } : null;
      const added = changesOf(before[i], now);
      const newWords = added.filter(([word]) => !changes.has(word)).length;
      if (taken.size > 0 && changes.size + newWords > WORDS_PER_BATCH) break;
      taken.add(postId);
      for (const [word, change] of added) merge(changes, word, change);
      if (now && now.words.length > 0) after.push(now);
      else gone.push(postId);
    }
    await writeChanges(db, changes);

    if (after.length > 0) await db.postWords.bulkPut(after);
    if (gone.length > 0) await db.postWords.bulkDelete(gone);
    const done = queued.filter((row) => taken.has(row.postId));
    await db.indexQueue.bulkDelete(done.map((row) => row.order));
    return done.length;
  });
}

/**
 * One post's changes to the words' blocks, a word each: a post that moved in the timeline leaves all its old
 * positions and takes all new ones; a post that stayed changes only the words it lost or gained.
 */
function changesOf(old: PostWordsRow | undefined, now: PostWordsRow | null): [string, WordChanges][] {
  const changes = new Map<string, WordChanges>();
  const entry = (word: string) => {
    let found = changes.get(word);
    if (!found) changes.set(word, (found = { add: [], remove: [] }));
    return found;
  };
  const stayed = old !== undefined && now !== null && old.order === now.order;
  const oldWords = new Set(old?.words);
  const newWords = new Set(now?.words);
  if (old) for (const word of old.words) if (!stayed || !newWords.has(word)) entry(word).remove.push(old.order);
  if (now)
    for (const word of now.words)
      if (!stayed || !oldWords.has(word)) entry(word).add.push({ order: now.order, id: now.postId });
  return [...changes];
}

function merge(changes: Map<string, WordChanges>, word: string, change: WordChanges): void {
  const entry = changes.get(word);
  if (entry) {
    entry.add.push(...change.add);
    entry.remove.push(...change.remove);
  } else changes.set(word, change);
}

/** Applies the changes of many words: one read of their directories, one of the blocks they touch, one write. */
async function writeChanges(db: PublishingDb, changes: ReadonlyMap<string, WordChanges>): Promise<void> {
  if (changes.size === 0) return;
  const words = [...changes.keys()];
  const dirs = await db.wordDirs.bulkGet(words);
  const startsOf = new Map(words.map((word, i) => [word, dirs[i]?.starts ?? []]));

  const needed: [string, string][] = [];
  for (const [word, change] of changes) {
    const starts = startsOf.get(word) ?? [];
    if (starts.length === 0) continue;
    const at = new Set([...change.remove, ...change.add.map((p) => p.order)].map((order) => blockAt(starts, order)));
    for (const index of at) needed.push([word, starts[index] ?? '']);
  }
  const blocks = needed.length > 0 ? await db.wordBlocks.bulkGet(needed) : [];
  const loaded = new Map<string, Map<string, Posting[]>>();
  needed.forEach(([word, start], i) => {
    const block = blocks[i];
    if (!loaded.has(word)) loaded.set(word, new Map());
    loaded.get(word)?.set(start, block ? postingsOf(block) : []);
  });

  const putBlocks = [];
  const dropBlocks: [string, string][] = [];
  const putDirs = [];
  const dropDirs: string[] = [];
  for (const [word, change] of changes) {
    const starts = startsOf.get(word) ?? [];
    const rewrite = rewriteWord(word, starts, loaded.get(word) ?? new Map(), change);
    putBlocks.push(...rewrite.put);
    dropBlocks.push(...rewrite.drop.map((start): [string, string] => [word, start]));
    if (rewrite.starts.length === 0) {
      if (starts.length > 0) dropDirs.push(word);
    } else if (!sameList(rewrite.starts, starts)) putDirs.push({ word, starts: rewrite.starts });
  }
  // No empty bulk calls: each costs a turn of Dexie's machinery and places no request. (Before the
  // store's patch of indexeddbshim, a few in a row ended the transaction under the next one.)
  if (dropBlocks.length > 0) await db.wordBlocks.bulkDelete(dropBlocks);
  if (putBlocks.length > 0) await db.wordBlocks.bulkPut(putBlocks);
  if (dropDirs.length > 0) await db.wordDirs.bulkDelete(dropDirs);
  if (putDirs.length > 0) await db.wordDirs.bulkPut(putDirs);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Takes the first queued post out of the queue without indexing it, and answers its id: a post that cannot
 * be indexed (a row it fails on) is set aside, rather than tried again for ever in front of every other.
 */
export async function setAsideFirstQueued(db: PublishingDb): Promise<number | null> {
  return db.transaction('rw', [db.indexQueue], async () => {
    const [first] = await db.indexQueue.limit(1).toArray();
    if (!first) return null;
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
