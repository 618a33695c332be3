import type { BlockKey, PublishingDb } from './db';
import { timeOfOrder, type OrderStart } from './order';
import { holdsWords } from './post-derived';
import type { PostRow } from './rows';
import { blockAt, decodeBlock, decodeHead, numberAt, type Posting, type WordHead } from './word-blocks';

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

/** Queue rows read at a time while a search goes through the posts the indexer has not reached. */
const QUEUE_PAGE = 200;

/**
 * The newest `count` accepted posts holding ALL `words`, newest first (timeline order): what the word index
 * says (searchIndex), and the posts written since the indexer last ran, judged by their text (searchQueue).
 */
export async function searchPosts(db: PublishingDb, query: SearchQuery): Promise<PostRow[]> {
  const [anyQueued] = await db.indexQueue.limit(1).toArray();
  if (!anyQueued) return searchIndex(db, query);
  const fromIndex = await searchIndex(db, query, { skipQueued: true });
  const fromQueue = await searchQueue(db, query, fromIndex);
  return [...fromIndex, ...fromQueue].sort(byOrder).slice(0, query.count);
}

/**
 * The queued posts a page of search may hold: those whose queue row is at their current position (a row at
 * an older one says what the index held there), from the page's start in timeline order, as the queue is
 * keyed. Read QUEUE_PAGE rows at a time, and no further than the `count`-th newest post found so far, here
 * or by the index (`found`): what comes after it cannot enter the page. So a long queue (every post, after
 * an upgrade) costs a page of search a few reads rather than the whole queue in memory.
 */
async function searchQueue(db: PublishingDb, query: SearchQuery, found: readonly PostRow[]): Promise<PostRow[]> {
  const words = [...new Set(query.words)];
  if (words.length === 0) return [];
  const matches: PostRow[] = [];
  const cutoff = () => [...found, ...matches].sort(byOrder)[query.count - 1]?.order;
  let from = query.startOrder ?? { key: '', open: false };
  for (;;) {
    const rows = await db.indexQueue
      .where('order')
      .between(from.key, '\uffff', !from.open, true)
      .limit(QUEUE_PAGE)
      .toArray();
    const posts = await db.posts.bulkGet([...new Set(rows.map((row) => row.postId))]);
    const current = new Set(rows.map((row) => `${row.postId} ${row.order}`));
    for (const post of posts) {
      if (post && current.has(`${post.id ?? 0} ${post.order}`) && holdsWords(post, words) && query.accept(post))
        matches.push(post);
    }
    const last = rows.at(-1);
    const end = cutoff();
    if (!last || rows.length < QUEUE_PAGE || (end !== undefined && last.order >= end)) return matches;
    from = { key: last.order, open: true };
  }
}

/**
 * What the word index says (see searchPosts for posts it does not hold yet): the newest `count` accepted
 * posts holding all the words. The word with the fewest blocks drives: its blocks are read newest first,
 * a few more each time, and each of its positions is kept when every other word's block for that place
 * holds it too (read once, only where a candidate falls). Only the survivors are loaded. The cost follows
 * the rarest word's posts down to the `count`-th result, not the size of the store.
 *
 * The index orders the posts of one second by id, timelines by GUID (store/word-blocks.ts): the posts of the
 * `count`-th result's second are all taken, then put in timeline order before the page is cut.
 */
async function searchIndex(
  db: PublishingDb,
  query: SearchQuery,
  { skipQueued = false }: { skipQueued?: boolean } = {},
): Promise<PostRow[]> {
  const words = [...new Set(query.words)];
  if (words.length === 0) return [];
  const stored = await db.wordPostings.bulkGet(words.map((word): BlockKey => [word, 0]));
  const heads = new Map<string, WordHead>();
  for (const [i, word] of words.entries()) {
    const head = stored[i];
    // A word no post holds leaves nothing to find.
    if (!head) return [];
    heads.set(word, decodeHead(head));
  }
  const byBlocks = [...heads].sort((a, b) => a[1].later.length - b[1].later.length);
  const [driver, driverHead] = byBlocks[0] ?? ['', { later: [], postings: [] }];
  const others = byBlocks.slice(1);

  // Blocks read so far, by word and number: the driver's as positions, the others' as ids to look up in.
  const driverBlocks = new Map<string, Posting[]>();
  const otherBlocks = new Map<string, Set<number>>();
  const readBlocks = async <T>(
    into: Map<string, T>,
    word: string,
    head: WordHead,
    numbers: readonly number[],
    as: (postings: Posting[]) => T,
  ) => {
    const missing = [...new Set(numbers)].filter((number) => !into.has(`${word}\n${number}`));
    if (missing.includes(0)) into.set(`${word}\n0`, as(head.postings));
    const later = missing.filter((number) => number !== 0);
    if (later.length === 0) return;
    const rows = await db.wordPostings.bulkGet(later.map((number): BlockKey => [word, number]));
    later.forEach((number, i) => {
      const row = rows[i];
      into.set(`${word}\n${number}`, as(row ? decodeBlock(row) : []));
    });
  };

  const start = query.startOrder ?? { key: '', open: false };
  const startTime = timeOfOrder(start.key);
  // Positions of a later second than the start's come before it; those of its second are judged by the
  // post's own position once loaded.
  const notBefore = (p: Posting) => startTime === null || p.time <= startTime;
  const afterStart = (post: PostRow) => (start.open ? post.order > start.key : post.order >= start.key);
  const found: PostRow[] = [];
  const driverLater = driverHead.later;
  let next = startTime === null ? 0 : blockAt(driverLater, { time: startTime, id: Number.MAX_SAFE_INTEGER });
  for (let take = FIRST_BLOCKS; next <= driverLater.length; take = Math.min(take * 2, MAX_BLOCKS)) {
    const numbers: number[] = [];
    for (const end = Math.min(next + take, driverLater.length + 1); next < end; next++)
      numbers.push(numberAt(driverLater, next));
    await readBlocks(driverBlocks, driver, driverHead, numbers, (postings) => postings);
    let candidates = numbers.flatMap((n) => driverBlocks.get(`${driver}\n${n}`) ?? []).filter(notBefore);
    for (const [word, head] of others) {
      if (candidates.length === 0) break;
      const at = candidates.map((c) => numberAt(head.later, blockAt(head.later, c)));
      await readBlocks(otherBlocks, word, head, at, (postings) => new Set(postings.map((p) => p.id)));
      candidates = candidates.filter((c, i) => otherBlocks.get(`${word}\n${at[i] ?? 0}`)?.has(c.id));
    }
    // Loaded in order, a few more than still needed at a time: a late read can hold hundreds of matches,
    // and each costs one lookup, while the results often need a handful of them.
    for (let at = 0; at < candidates.length;) {
      // Once the page is full, the rest of its last second at once, and no more: positions are newest first.
      const lastSecond = found.length >= query.count ? found[query.count - 1]?.publishUnix : undefined;
      let end = at + Math.max(MIN_LOAD, 2 * (query.count - found.length));
      if (lastSecond !== undefined) {
        end = at;
        while (end < candidates.length && candidates[end]?.time === lastSecond) end++;
        if (end === at) return inTimelineOrder(found, query.count);
      }
      const chunk = candidates.slice(at, end);
      at += chunk.length;
      const posts = await db.posts.bulkGet(chunk.map((c) => c.id));
      // A queued post's positions may be stale (its words or its time changed): searchQueue judges it.
      const queued = skipQueued ? await db.indexQueue.bulkGet(posts.map((post) => post?.order ?? '')) : [];
      posts.forEach((post, i) => {
        if (!post || queued[i] || !afterStart(post) || !query.accept(post)) return;
        found.push(post);
      });
    }
  }
  return inTimelineOrder(found, query.count);
}

const inTimelineOrder = (posts: PostRow[], count: number): PostRow[] => posts.sort(byOrder).slice(0, count);
