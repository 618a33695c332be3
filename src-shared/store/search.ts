import type { PublishingDb } from './db';
import type { OrderStart } from './order';
import { holdsWords } from './post-derived';
import type { PostRow } from './rows';
import { blockAt, postingsOf, type Posting } from './word-blocks';

export interface SearchQuery {
  count: number;
  /** Where to begin; default the newest post. */
  startOrder?: OrderStart;
  /** Row-level condition: kind, visibility, author. */
  accept: (post: PostRow) => boolean;
  /** Words as `searchWords` makes them (lower case, NFC); a post must hold every one. */
  words: readonly string[];
}

/** Blocks of the driving word read at first; each further read takes twice as many, up to MAX_BLOCKS. */
const FIRST_BLOCKS = 2;
const MAX_BLOCKS = 32;
/** Matches loaded at least per round trip (see searchIndex). */
const MIN_LOAD = 16;

const byOrder = (a: PostRow, b: PostRow): number => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0);

/**
 * The newest `count` accepted posts holding ALL `words`, newest first (timeline order): what the word index
 * says (searchIndex), and the posts written since the indexer last ran, judged by their text.
 */
export async function searchPosts(db: PublishingDb, query: SearchQuery): Promise<PostRow[]> {
  // Posts written since the indexer last ran: their positions are missing or stale, so they are judged by
  // their text here and left out of what the index says.
  const queued = new Set((await db.indexQueue.toArray()).map((row) => row.postId));
  if (queued.size === 0) return searchIndex(db, query);
  const fromIndex = await searchIndex(db, {
    ...query,
    accept: (post) => !queued.has(post.id ?? 0) && query.accept(post),
  });
  const start = query.startOrder ?? { key: '', open: false };
  const words = [...new Set(query.words)];
  const fromQueue = (await db.posts.bulkGet([...queued])).filter((post): post is PostRow => {
    if (!post) return false;
    if (start.open ? post.order <= start.key : post.order < start.key) return false;
    return words.length > 0 && holdsWords(post, words) && query.accept(post);
  });
  return [...fromIndex, ...fromQueue].sort(byOrder).slice(0, query.count);
}

/**
 * What the word index says (see searchPosts for posts it does not hold yet): the newest `count` accepted
 * posts holding all the words. The word with the fewest blocks drives: its blocks are read newest first,
 * a few more each time, and each of its positions is kept when every other word's block for that place
 * holds it too (read once, only where a candidate falls). Only the survivors are loaded. The cost follows
 * the rarest word's posts down to the `count`-th result, not the size of the store.
 */
async function searchIndex(db: PublishingDb, query: SearchQuery): Promise<PostRow[]> {
  const words = [...new Set(query.words)];
  if (words.length === 0) return [];
  const dirs = await db.wordDirs.bulkGet(words);
  const startsOf = new Map<string, string[]>();
  for (const [i, word] of words.entries()) {
    const starts = dirs[i]?.starts;
    // A word no post holds leaves nothing to find.
    if (!starts) return [];
    startsOf.set(word, starts);
  }
  const byBlocks = [...startsOf].sort((a, b) => a[1].length - b[1].length);
  const [driver, driverStarts] = byBlocks[0] ?? ['', []];
  const others = byBlocks.slice(1);

  // Blocks read so far, by word and start: the driver's as postings, the others' as sets to look up in.
  const driverBlocks = new Map<string, Posting[]>();
  const otherBlocks = new Map<string, Set<string>>();
  const readBlocks = async <T>(
    into: Map<string, T>,
    word: string,
    starts: readonly string[],
    as: (postings: Posting[]) => T,
  ) => {
    const missing = [...new Set(starts)].filter((start) => !into.has(`${word}\n${start}`));
    if (missing.length === 0) return;
    const rows = await db.wordBlocks.bulkGet(missing.map((start): [string, string] => [word, start]));
    missing.forEach((start, i) => {
      const row = rows[i];
      into.set(`${word}\n${start}`, as(row ? postingsOf(row) : []));
    });
  };

  const start = query.startOrder ?? { key: '', open: false };
  const after = (order: string) => (start.open ? order > start.key : order >= start.key);
  const found: PostRow[] = [];
  let next = blockAt(driverStarts, start.key);
  for (let take = FIRST_BLOCKS; next < driverStarts.length; take = Math.min(take * 2, MAX_BLOCKS)) {
    const starts = driverStarts.slice(next, next + take);
    next += starts.length;
    await readBlocks(driverBlocks, driver, starts, (postings) => postings);
    let candidates = starts.flatMap((s) => driverBlocks.get(`${driver}\n${s}`) ?? []).filter((p) => after(p.order));
    for (const [word, wordStarts] of others) {
      if (candidates.length === 0) break;
      const at = candidates.map((c) => wordStarts[blockAt(wordStarts, c.order)] ?? '');
      await readBlocks(otherBlocks, word, at, (postings) => new Set(postings.map((p) => p.order)));
      candidates = candidates.filter((c, i) => otherBlocks.get(`${word}\n${at[i] ?? ''}`)?.has(c.order));
    }
    // Loaded in order, a few more than still needed at a time: a late read can hold hundreds of matches,
    // and each costs one lookup, while the results often need a handful of them.
    for (let at = 0; at < candidates.length;) {
      const chunk = candidates.slice(at, at + Math.max(MIN_LOAD, 2 * (query.count - found.length)));
      at += chunk.length;
      const posts = await db.posts.bulkGet(chunk.map((c) => c.id));
      for (const post of posts) {
        if (!post) continue;
        if (query.accept(post)) found.push(post);
        if (found.length >= query.count) return found;
      }
    }
  }
  return found;
}
