import type { PublishingDb } from './db';
import type { OrderStart } from './order';
import { postsByGuids } from './posts-by-guid';
import { wordRowsOf } from './post-derived';
import type { PostRow, WordRow } from './rows';

export interface SearchQuery {
  count: number;
  /** Where to begin; default the newest post. */
  startOrder?: OrderStart;
  /** Row-level condition: kind, visibility, author. */
  accept: (post: PostRow) => boolean;
  /** Words as `searchWords` makes them (lower case, NFC); a post must hold every one. */
  words: readonly string[];
}

/** Past every `order` string (they are digits, `:` and hex). */
const END = '\uffff';
/** Index rows are small; a page big enough to judge how sparse a word is costs little more than one of `count`. */
const MIN_PAGE = 50;
const MAX_PAGE = 1600;
/** Matches loaded at least per round trip (see searchIndex). */
const MIN_LOAD = 16;
/** Up to this many rows of another word per candidate, its range is read whole (see ordersHolding). */
const DENSER_AT_MOST = 8;

const byOrder = (a: PostRow, b: PostRow): number => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0);

/**
 * The newest `count` accepted posts holding ALL `words`, newest first (timeline order), read from the
 * `words` index only: its `[word+order]` ranges are each word's posts in timeline order, ascending.
 *
 * The rarest word drives: the first page of every word is read, and the word whose page reaches furthest
 * back in time (or that has no more rows) is the sparsest, so paging through it visits the fewest posts.
 * Each page of its candidates is checked against every other word with one exact-key query per word, so a
 * common word costs one lookup per candidate and is never read as a range. Only the survivors are loaded.
 * The cost follows the rarest word's posts down to the `count`-th result, not the size of the store.
 */
export async function searchPosts(db: PublishingDb, query: SearchQuery): Promise<PostRow[]> {
  // Posts written since the indexer last ran: their word rows are missing or stale, so they are judged by
  // their text here and left out of what the index says.
  const queued = new Set((await db.wordQueue.toCollection().primaryKeys()) as string[]);
  if (queued.size === 0) return searchIndex(db, query);
  const fromIndex = await searchIndex(db, { ...query, accept: (post) => !queued.has(post.guid) && query.accept(post) });
  const start = query.startOrder ?? { key: '', open: false };
  const words = [...new Set(query.words)];
  const fromQueue = (await postsByGuids(db, [...queued])).filter((post) => {
    if (start.open ? post.order <= start.key : post.order < start.key) return false;
    const held = new Set(wordRowsOf(post).map((row) => row.word));
    return words.length > 0 && words.every((word) => held.has(word)) && query.accept(post);
  });
  return [...fromIndex, ...fromQueue].sort(byOrder).slice(0, query.count);
}

/** What the word index says (see searchPosts for posts it does not hold yet). */
async function searchIndex(db: PublishingDb, query: SearchQuery): Promise<PostRow[]> {
  const words = [...new Set(query.words)];
  const size = Math.max(query.count, MIN_PAGE);
  const readWord = (word: string, from: OrderStart, limit = size) =>
    db.words.where('[word+order]').between([word, from.key], [word, END], !from.open, true).limit(limit).toArray();

  const start = query.startOrder ?? { key: '', open: false };
  const ranges = await Promise.all(words.map(async (word) => ({ word, page: await readWord(word, start) })));
  // A word that no post holds (from here on) leaves nothing to find.
  if (ranges.length === 0 || ranges.some((range) => range.page.length === 0)) return [];
  // A page shorter than `size` is the word's last one: nothing reaches further.
  const reach = (page: readonly WordRow[]) => (page.length < size ? END : (page.at(-1)?.order ?? END));
  const sparser = (a: readonly WordRow[], b: readonly WordRow[]) =>
    reach(a) > reach(b) || (reach(a) === reach(b) && a.length < b.length);
  const driver = ranges.reduce((best, range) => (sparser(range.page, best.page) ? range : best));
  const others = ranges.filter((range) => range !== driver).map((range) => range.word);

  const found: PostRow[] = [];
  let page = driver.page;
  let pageSize = size;
  for (;;) {
    let candidates = page;
    for (const word of others) {
      if (candidates.length === 0) break;
      const orders = await ordersHolding(db, word, candidates);
      candidates = candidates.filter((c) => orders.has(c.order));
    }
    // Loaded in order, a few more than still needed at a time: a big late page can hold hundreds of
    // matches, and each costs one lookup, while the results often need a handful of them.
    for (let at = 0; at < candidates.length; ) {
      const chunk = candidates.slice(at, at + Math.max(MIN_LOAD, 2 * (query.count - found.length)));
      at += chunk.length;
      const posts = await postsByGuids(db, chunk.map((c) => c.postGuid));
      for (const post of posts.sort(byOrder)) {
        if (query.accept(post)) found.push(post);
        if (found.length >= query.count) return found;
      }
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize) return found;
    // Few results so far: the next pages are bigger, so a long, sparse walk costs few requests.
    pageSize = Math.min(pageSize * 2, MAX_PAGE);
    page = await readWord(driver.word, { key: last.order, open: true }, pageSize);
  }
}

/**
 * Which of the candidates (ascending `order`) also hold `word`. Reading the word's index between the first
 * and the last candidate is one request, and cheap while the word is not much denser there than the
 * candidates; a far denser word is checked key by key instead (one cursor seek per candidate).
 */
async function ordersHolding(db: PublishingDb, word: string, candidates: readonly WordRow[]): Promise<Set<string>> {
  const first = candidates[0]?.order ?? '';
  const last = candidates.at(-1)?.order ?? '';
  const cap = candidates.length * DENSER_AT_MOST;
  const range = await db.words.where('[word+order]').between([word, first], [word, last], true, true).limit(cap + 1).toArray();
  const rows =
    range.length <= cap
      ? range
      : await db.words
          .where('[word+order]')
          .anyOf(candidates.map((c): [string, string] => [word, c.order]))
          .toArray();
  return new Set(rows.map((row) => row.order));
}
