/**
 * The search index keeps each word's posts as sorted lists of positions, cut into blocks of at most
 * BLOCK_MAX. A block is one row: reading a word's posts costs a request per block rather than one per post,
 * and indexing a post rewrites one small block per word rather than adding thirty rows (on the SQLite
 * backend every request has a fixed cost far above its bytes).
 *
 * A position is the post's publication time and numeric id, newest first and, within a second, the higher
 * id first. Timelines break ties by GUID (store/order.ts): search puts the posts of one second back in that
 * order once it has them (store/search.ts). Ids rather than GUIDs keep a position to a few bytes.
 *
 * A block's value is bytes: its positions as deltas, each a varint. Most words are found in one post or a
 * few, so most words are one block: the first block (number 0, the head) also holds the word's directory,
 * where each later block starts and under which number it is stored. Block i holds the positions from its
 * start up to, not including, the start of block i + 1; the head starts before every position, so that
 * every position, however new, has a block.
 */

/** Positions per block at most; a fuller block is cut into halves. */
export const BLOCK_MAX = 256;
const BLOCK_HALF = BLOCK_MAX / 2;

/** One post under one word: when it was published (unix seconds) and its numeric id. */
export interface Posting {
  time: number;
  id: number;
}

/** Negative when `a` comes first: newest first, then the higher id. */
export const comparePostings = (a: Posting, b: Posting): number => b.time - a.time || b.id - a.id;

/** A later block of a word: its first position and the number it is stored under. */
export interface BlockStart {
  start: Posting;
  number: number;
}

/** A word's blocks as the head lists them: the head (number 0) first, with no start of its own. */
export type WordDirectory = readonly BlockStart[];

/** A word's head block, read: its directory and its own positions. */
export interface WordHead {
  later: BlockStart[];
  postings: Posting[];
}

/** The block that holds (or would hold) a position: 0 for the head, i + 1 for `later[i]`. */
export function blockAt(later: WordDirectory, posting: Posting): number {
  let low = 0;
  let high = later.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    const start = later[mid - 1]?.start;
    if (start && comparePostings(start, posting) <= 0) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The number a block is stored under, by its place in the word's blocks (see blockAt). */
export const numberAt = (later: WordDirectory, index: number): number =>
  index === 0 ? 0 : (later[index - 1]?.number ?? 0);

/** Writes unsigned integers up to 2^53 as varints (7 bits a byte, low first). */
class ByteWriter {
  private bytes = new Uint8Array(64);
  private length = 0;

  uint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a position number: ${value}`);
    if (this.length + 8 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.bytes[this.length++] = rest;
  }

  /** Zigzag: small negative and positive numbers both take few bytes. */
  int(value: number): void {
    this.uint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

class ByteReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get more(): boolean {
    return this.at < this.bytes.length;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++];
      if (byte === undefined) throw new RangeError('a word block ends inside a number');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RangeError('a word block holds a number too long');
    }
  }

  int(): number {
    const zigzag = this.uint();
    return zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2;
  }
}

/** Postings in block order: the first whole, then each as the seconds back from the one before and the id's change. */
function writePostings(out: ByteWriter, postings: readonly Posting[]): void {
  let previous: Posting | null = null;
  for (const posting of postings) {
    if (previous) {
      out.uint(previous.time - posting.time);
      out.int(previous.id - posting.id);
    } else {
      out.uint(posting.time);
      out.uint(posting.id);
    }
    previous = posting;
  }
}

function readPostings(input: ByteReader): Posting[] {
  const postings: Posting[] = [];
  let previous: Posting | null = null;
  while (input.more) {
    const posting: Posting = previous
      ? { time: previous.time - input.uint(), id: previous.id - input.int() }
      : { time: input.uint(), id: input.uint() };
    postings.push(posting);
    previous = posting;
  }
  return postings;
}

/** A later block's value. */
export function encodeBlock(postings: readonly Posting[]): Uint8Array {
  const out = new ByteWriter();
  writePostings(out, postings);
  return out.done();
}

export const decodeBlock = (bytes: Uint8Array): Posting[] => readPostings(new ByteReader(bytes));

/** A head's value: how many later blocks, each's start and number, then the head's own positions. */
export function encodeHead(head: WordHead): Uint8Array {
  const out = new ByteWriter();
  out.uint(head.later.length);
  for (const { start, number } of head.later) {
    out.uint(start.time);
    out.uint(start.id);
    out.uint(number);
  }
  writePostings(out, head.postings);
  return out.done();
}

export function decodeHead(bytes: Uint8Array): WordHead {
  const input = new ByteReader(bytes);
  const count = input.uint();
  if (count > bytes.length) throw new RangeError('a word head lists more blocks than it has bytes');
  const later: BlockStart[] = [];
  for (let i = 0; i < count; i++) later.push({ start: { time: input.uint(), id: input.uint() }, number: input.uint() });
  return { later, postings: readPostings(input) };
}

export interface WordChanges {
  add: Posting[];
  remove: Posting[];
}

export interface WordRewrite {
  /** The head afterwards, null when no post holds the word any more (its head is then deleted). */
  head: WordHead | null;
  /** Whether the head is to be written (or deleted): its positions or its directory changed. */
  headChanged: boolean;
  /** Later blocks to write, by number. */
  put: Map<number, Posting[]>;
  /** Numbers of later blocks to delete. */
  drop: number[];
}

const keyOf = (p: Posting) => `${p.time}:${p.id}`;

/**
 * Applies one word's changes to its blocks. `head` is its head as stored (null for a new word) and `loaded`
 * the later blocks the changes fall in, by number. Blocks that grow past BLOCK_MAX are cut in halves, the new
 * ones numbered past every number in use; later blocks left empty go; the head stays while others remain, so
 * that the newest positions always have a home.
 */
export function rewriteWord(
  head: WordHead | null,
  loaded: ReadonlyMap<number, readonly Posting[]>,
  changes: WordChanges,
): WordRewrite {
  const later = head?.later ?? [];
  const removed = new Set(changes.remove.map(keyOf));
  const touched = new Map<number, Posting[]>();
  const touch = (index: number): Posting[] => {
    let postings = touched.get(index);
    if (!postings) {
      const stored = index === 0 ? (head?.postings ?? []) : (loaded.get(numberAt(later, index)) ?? []);
      postings = stored.filter((p) => !removed.has(keyOf(p)));
      touched.set(index, postings);
    }
    return postings;
  };
  for (const posting of changes.remove) touch(blockAt(later, posting));
  for (const posting of changes.add) touch(blockAt(later, posting)).push(posting);

  let nextNumber = Math.max(0, ...later.map((block) => block.number)) + 1;
  const put = new Map<number, Posting[]>();
  const drop: number[] = [];
  const after: BlockStart[] = [];
  let headPostings = head?.postings ?? [];
  for (let index = 0; index <= later.length; index++) {
    const block = index === 0 ? null : later[index - 1];
    const changed = touched.get(index);
    if (!changed) {
      if (block) after.push(block);
      continue;
    }
    const postings = uniqueSorted(changed);
    if (block && postings.length === 0) {
      drop.push(block.number);
      continue;
    }
    const pieces = postings.length > BLOCK_MAX ? cut(postings, BLOCK_HALF) : [postings];
    pieces.forEach((piece, i) => {
      const first = piece[0];
      if (i === 0) {
        if (block) {
          after.push(block);
          put.set(block.number, piece);
        } else headPostings = piece;
      } else if (first) {
        const number = nextNumber++;
        after.push({ start: first, number });
        put.set(number, piece);
      }
    });
  }
  // A word no post holds any more: its head, now empty and alone, goes with it.
  const headNow = after.length === 0 && headPostings.length === 0 ? null : { later: after, postings: headPostings };
  const headChanged = touched.has(0) || after.length !== later.length || after.some((block, i) => block !== later[i]);
  return { head: headNow, headChanged, put, drop };
}

function cut<T>(items: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let at = 0; at < items.length; at += size) pieces.push(items.slice(at, at + size));
  return pieces;
}

/** In block order; a position added twice is kept once. */
function uniqueSorted(postings: readonly Posting[]): Posting[] {
  const byKey = new Map(postings.map((p) => [keyOf(p), p]));
  return [...byKey.values()].sort(comparePostings);
}
