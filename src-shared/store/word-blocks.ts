import type { WordBlockRow } from './rows';

/**
 * The search index keeps each word's posts as sorted lists of timeline positions (`order`, ascending is
 * newest first), cut into blocks of at most BLOCK_MAX. A block is one row: reading a word's posts costs a
 * request per block rather than one per post, and indexing a post rewrites one small block per word rather
 * than adding thirty rows (on the SQLite backend every request has a fixed cost far above its bytes).
 *
 * A word's directory (WordDirRow) lists where its blocks start. Block i holds the positions from
 * `starts[i]` up to, not including, `starts[i + 1]`; the first block starts at '' so that every position,
 * however new, has a block.
 */

/** Positions per block at most; a fuller block is cut into halves. */
export const BLOCK_MAX = 256;
const BLOCK_HALF = BLOCK_MAX / 2;

/** One post under one word: its timeline position and its numeric id. */
export interface Posting {
  order: string;
  id: number;
}

/** The block that holds (or would hold) a position: the last one starting at or before it. */
export function blockAt(starts: readonly string[], order: string): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? '') <= order) low = mid;
    else high = mid - 1;
  }
  return low;
}

export function postingsOf(block: WordBlockRow): Posting[] {
  if (block.orders === '') return [];
  const ids = idsOf(block);
  return block.orders.split('\n').map((order, i) => ({ order, id: ids[i] ?? 0 }));
}

/** The block's post ids, in its order. */
export function idsOf(block: WordBlockRow): number[] {
  if (typeof block.ids !== 'string') return block.ids;
  return block.ids === '' ? [] : block.ids.split('\n').map(Number);
}

export function blockRow(word: string, start: string, postings: readonly Posting[]): WordBlockRow {
  return { word, start, orders: postings.map((p) => p.order).join('\n'), ids: postings.map((p) => p.id).join('\n') };
}

export interface WordChanges {
  add: Posting[];
  /** Positions to take out. */
  remove: string[];
}

export interface WordRewrite {
  /** The word's block starts afterwards; empty when no post holds the word any more. */
  starts: string[];
  put: WordBlockRow[];
  /** Starts of blocks to delete. */
  drop: string[];
}

/**
 * Applies one word's changes to its blocks. `starts` is its directory ([] for a new word) and `loaded` the
 * blocks the changes fall in, by start (a block not stored yet reads as empty). Blocks that grow past
 * BLOCK_MAX are cut in halves; blocks left empty go, except the first while others remain, so that the
 * newest positions always have a home.
 */
export function rewriteWord(
  word: string,
  starts: readonly string[],
  loaded: ReadonlyMap<string, readonly Posting[]>,
  changes: WordChanges,
): WordRewrite {
  const blocks = starts.length > 0 ? [...starts] : [''];
  const removed = new Set(changes.remove);
  const touched = new Map<number, Posting[]>();
  const touch = (index: number): Posting[] => {
    let postings = touched.get(index);
    if (!postings) {
      postings = (loaded.get(blocks[index] ?? '') ?? []).filter((p) => !removed.has(p.order));
      touched.set(index, postings);
    }
    return postings;
  };
  for (const order of removed) touch(blockAt(blocks, order));
  for (const posting of changes.add) touch(blockAt(blocks, posting.order)).push(posting);

  const put: WordBlockRow[] = [];
  const drop: string[] = [];
  const after: string[] = [];
  blocks.forEach((start, index) => {
    const changed = touched.get(index);
    if (!changed) {
      after.push(start);
      return;
    }
    const postings = uniqueSorted(changed);
    if (postings.length === 0 && index > 0) {
      drop.push(start);
      return;
    }
    const pieces = postings.length > BLOCK_MAX ? cut(postings, BLOCK_HALF) : [postings];
    pieces.forEach((piece, i) => {
      const pieceStart = i === 0 ? start : (piece[0]?.order ?? start);
      after.push(pieceStart);
      put.push(blockRow(word, pieceStart, piece));
    });
  });
  // A word no post holds any more: its one block, now empty, goes with it.
  if (after.length === 1 && put.length === 1 && put[0]?.orders === '') {
    return { starts: [], put: [], drop: starts.length > 0 ? [''] : [] };
  }
  return { starts: after, put, drop };
}

function cut<T>(items: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let at = 0; at < items.length; at += size) pieces.push(items.slice(at, at + size));
  return pieces;
}

/** Ascending by position; a position added twice is kept once (the later one wins). */
function uniqueSorted(postings: readonly Posting[]): Posting[] {
  const byOrder = new Map(postings.map((p) => [p.order, p]));
  return [...byOrder.values()].sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
}
