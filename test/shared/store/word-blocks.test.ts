import { describe, expect, it } from 'vitest';
import {
  BLOCK_MAX,
  blockAt,
  decodeBlock,
  decodeHead,
  encodeBlock,
  encodeHead,
  numberAt,
  rewriteWord,
  type Posting,
  type WordHead,
  type WordRewrite,
} from '../../../src-shared/store/word-blocks';
import { MAX_ROW_ID } from '../../../src-shared/store/row-schemas';

/** Post n, published n seconds before a fixed time: higher n is older, later in a block. */
const posting = (n: number): Posting => ({ time: 1_700_000_000 - n, id: n + 1 });
/** Every position of a word after a rewrite, block by block, with the blocks it was read from before. */
const allOf = (rewrite: WordRewrite, before: ReadonlyMap<number, readonly Posting[]> = new Map()): Posting[][] => {
  const head = rewrite.head;
  if (!head) return [];
  return [head.postings, ...head.later.map(({ number }) => [...(rewrite.put.get(number) ?? before.get(number) ?? [])])];
};

describe('word blocks', () => {
  it('finds the block that holds a position: the last one starting at or before it', () => {
    const later = [
      { start: posting(100), number: 3 },
      { start: posting(200), number: 1 },
    ];
    expect(blockAt(later, posting(0))).toBe(0);
    expect(blockAt(later, posting(99))).toBe(0);
    expect(blockAt(later, posting(100))).toBe(1);
    expect(blockAt(later, posting(150))).toBe(1);
    expect(blockAt(later, posting(99_999))).toBe(2);
    expect(numberAt(later, 0)).toBe(0);
    expect(numberAt(later, 1)).toBe(3);
    expect(numberAt(later, 2)).toBe(1);
    expect(blockAt([], posting(5))).toBe(0);
  });

  it('orders the posts of one second by id, the higher first', () => {
    const later = [{ start: { time: 50, id: 7 }, number: 1 }];
    expect(blockAt(later, { time: 50, id: 8 })).toBe(0);
    expect(blockAt(later, { time: 50, id: 7 })).toBe(1);
    expect(blockAt(later, { time: 50, id: 6 })).toBe(1);
    expect(blockAt(later, { time: 50, id: Number.MAX_SAFE_INTEGER })).toBe(0);
  });

  it('reads back what it writes, as few bytes a position', () => {
    const postings = [
      { time: 253_402_300_799, id: MAX_ROW_ID },
      { time: 253_402_300_799, id: 1 },
      { time: 1_700_000_000, id: 90_000 },
      { time: 1_699_999_000, id: 90_001 },
      { time: 0, id: 1 },
    ];
    expect(decodeBlock(encodeBlock(postings))).toEqual(postings);
    const head: WordHead = { later: [{ start: posting(7), number: 2 }], postings };
    expect(decodeHead(encodeHead(head))).toEqual(head);
    expect(decodeHead(encodeHead({ later: [], postings: [] }))).toEqual({ later: [], postings: [] });
    // 256 posts a minute apart with nearby ids: three bytes each.
    const dense = Array.from({ length: 256 }, (_, i) => ({ time: 1_700_000_000 - 60 * i, id: 50_000 - i }));
    expect(encodeBlock(dense).length).toBeLessThanOrEqual(3 * 256 + 8);
  });

  it('refuses bytes that end inside a number or list more blocks than they could hold', () => {
    expect(() => decodeBlock(new Uint8Array([0x80]))).toThrow(/ends inside a number/);
    expect(() => decodeHead(new Uint8Array([0x7f]))).toThrow(/more blocks/);
    expect(() => encodeBlock([{ time: -1, id: 1 }])).toThrow(RangeError);
  });

  it('starts a new word with its head alone, sorted', () => {
    const result = rewriteWord(null, new Map(), { add: [posting(3), posting(1), posting(2)], remove: [] });
    expect(result.head).toEqual({ later: [], postings: [posting(1), posting(2), posting(3)] });
    expect(result.headChanged).toBe(true);
    expect(result.put.size).toBe(0);
    expect(result.drop).toEqual([]);
  });

  it('cuts a block that grows past the limit into halves, each starting at its first position', () => {
    const many = Array.from({ length: BLOCK_MAX + 1 }, (_, i) => posting(i));
    const result = rewriteWord(null, new Map(), { add: many, remove: [] });
    expect(allOf(result).map((block) => block.length)).toEqual([BLOCK_MAX / 2, BLOCK_MAX / 2, 1]);
    const later = result.head?.later ?? [];
    expect(later.map((block) => block.start)).toEqual([posting(BLOCK_MAX / 2), posting(BLOCK_MAX)]);
    expect(new Set(later.map((block) => block.number)).size).toBe(2);
    expect(later.every((block) => block.number > 0)).toBe(true);
    // Every position is in the block blockAt names.
    const blocks = allOf(result);
    for (const p of many) expect(blocks[blockAt(later, p)]).toContainEqual(p);
  });

  it('numbers a new block past every number in use', () => {
    const first = rewriteWord(null, new Map(), {
      add: Array.from({ length: BLOCK_MAX + 1 }, (_, i) => posting(i)),
      remove: [],
    });
    const head = first.head;
    if (!head) throw new Error('no head');
    // The head fills past the limit again: its second half is a new block.
    const grown = rewriteWord(head, new Map(), {
      add: Array.from({ length: BLOCK_MAX }, (_, i) => posting(-1 - i)),
      remove: [],
    });
    const numbers = grown.head?.later.map((block) => block.number) ?? [];
    expect(numbers).toHaveLength(head.later.length + 2);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(allOf(grown, first.put).flat()).toHaveLength(2 * BLOCK_MAX + 1);
  });

  it('drops a later block left empty, and keeps the head while others remain', () => {
    const first = rewriteWord(null, new Map(), {
      add: Array.from({ length: BLOCK_MAX + 1 }, (_, i) => posting(i)),
      remove: [],
    });
    const head = first.head;
    if (!head) throw new Error('no head');
    const last = head.later.at(-1);
    const emptied = rewriteWord(head, first.put, { add: [], remove: [posting(BLOCK_MAX)] });
    expect(emptied.drop).toEqual([last?.number]);
    expect(emptied.head?.later).toEqual(head.later.slice(0, -1));
    expect(emptied.headChanged).toBe(true);

    const headEmptied = rewriteWord(head, new Map(), {
      add: [],
      remove: Array.from({ length: BLOCK_MAX / 2 }, (_, i) => posting(i)),
    });
    expect(headEmptied.head).toEqual({ later: head.later, postings: [] });
    expect(headEmptied.drop).toEqual([]);
  });

  it('leaves the head alone when only a later block changes', () => {
    const first = rewriteWord(null, new Map(), {
      add: Array.from({ length: BLOCK_MAX + 1 }, (_, i) => posting(i)),
      remove: [],
    });
    const head = first.head;
    if (!head) throw new Error('no head');
    const changed = rewriteWord(head, first.put, { add: [], remove: [posting(BLOCK_MAX / 2 + 1)] });
    expect(changed.headChanged).toBe(false);
    expect([...changed.put.keys()]).toEqual([head.later[0]?.number]);
  });

  it('forgets a word no post holds any more', () => {
    const one = rewriteWord(null, new Map(), { add: [posting(1)], remove: [] });
    const none = rewriteWord(one.head, new Map(), { add: [], remove: [posting(1)] });
    expect(none).toEqual({ head: null, headChanged: true, put: new Map(), drop: [] });
  });

  it('moves a post to a new position within one rewrite', () => {
    const one = rewriteWord(null, new Map(), { add: [posting(1), posting(5)], remove: [] });
    const moved = rewriteWord(one.head, new Map(), { add: [{ time: posting(9).time, id: 2 }], remove: [posting(1)] });
    expect(moved.head?.postings).toEqual([posting(5), { time: posting(9).time, id: 2 }]);
  });
});
