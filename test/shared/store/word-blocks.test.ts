import { describe, expect, it } from 'vitest';
import {
  BLOCK_MAX,
  blockAt,
  idsOf,
  postingsOf,
  rewriteWord,
  type Posting,
} from '../../../src-shared/store/word-blocks';

const posting = (n: number): Posting => ({ order: `p${String(n).padStart(5, '0')}`, id: n });
const loadedFrom = (put: { start: string; orders: string; ids: string | number[] }[]) =>
  new Map(put.map((row) => [row.start, postingsOf({ word: 'w', ...row })]));

describe('word blocks', () => {
  it('finds the block that holds a position: the last one starting at or before it', () => {
    const starts = ['', 'p00100', 'p00200'];
    expect(blockAt(starts, 'p00000')).toBe(0);
    expect(blockAt(starts, 'p00099')).toBe(0);
    expect(blockAt(starts, 'p00100')).toBe(1);
    expect(blockAt(starts, 'p00150')).toBe(1);
    expect(blockAt(starts, 'p99999')).toBe(2);
    expect(blockAt([''], 'anything')).toBe(0);
  });

  it('starts a new word with one block from the top, sorted, and keeps ids beside their positions', () => {
    const result = rewriteWord('w', [], new Map(), { add: [posting(3), posting(1), posting(2)], remove: [] });
    expect(result.starts).toEqual(['']);
    expect(result.drop).toEqual([]);
    expect(result.put).toEqual([{ word: 'w', start: '', orders: 'p00001\np00002\np00003', ids: '1\n2\n3' }]);
  });

  it('cuts a block that grows past the limit into halves, each starting at its first position', () => {
    const many = Array.from({ length: BLOCK_MAX + 1 }, (_, i) => posting(i));
    const result = rewriteWord('w', [], new Map(), { add: many, remove: [] });
    expect(result.put.map((b) => idsOf(b).length)).toEqual([BLOCK_MAX / 2, BLOCK_MAX / 2, 1]);
    expect(result.starts).toEqual(['', posting(BLOCK_MAX / 2).order, posting(BLOCK_MAX).order]);
    // Every position is in the block blockAt names.
    for (const p of many) {
      const block = result.put[blockAt(result.starts, p.order)];
      expect(block && idsOf(block)).toContain(p.id);
    }
  });

  it('removes positions, drops a later block left empty, and keeps the first one while others remain', () => {
    const first = rewriteWord('w', [], new Map(), {
      add: Array.from({ length: BLOCK_MAX + 1 }, (_, i) => posting(i)),
      remove: [],
    });
    const lastStart = first.starts.at(-1) ?? '';
    const emptied = rewriteWord('w', first.starts, loadedFrom(first.put), {
      add: [],
      remove: [posting(BLOCK_MAX).order],
    });
    expect(emptied.drop).toEqual([lastStart]);
    expect(emptied.starts).toEqual(first.starts.slice(0, -1));

    const top = first.put.slice(0, 1);
    const topEmptied = rewriteWord('w', first.starts, loadedFrom(top), {
      add: [],
      remove: Array.from({ length: BLOCK_MAX / 2 }, (_, i) => posting(i).order),
    });
    expect(topEmptied.starts).toEqual(first.starts);
    expect(topEmptied.put).toEqual([{ word: 'w', start: '', orders: '', ids: '' }]);
  });

  it('forgets a word no post holds any more', () => {
    const one = rewriteWord('w', [], new Map(), { add: [posting(1)], remove: [] });
    const none = rewriteWord('w', one.starts, loadedFrom(one.put), { add: [], remove: [posting(1).order] });
    expect(none).toEqual({ starts: [], put: [], drop: [''] });
  });

  it('moves a post to a new position within one rewrite', () => {
    const one = rewriteWord('w', [], new Map(), { add: [posting(1), posting(5)], remove: [] });
    const moved = rewriteWord('w', one.starts, loadedFrom(one.put), {
      add: [{ order: 'p00009', id: 1 }],
      remove: [posting(1).order],
    });
    expect(moved.put).toEqual([{ word: 'w', start: '', orders: 'p00005\np00009', ids: '5\n1' }]);
  });

  it('reads the blocks of schema 6, whose ids are an array, as it reads its own', () => {
    const stored = { word: 'w', start: '', orders: 'p00002\np00007', ids: [2, 7] };
    expect(postingsOf(stored)).toEqual([posting(2), posting(7)]);
    const rewritten = rewriteWord('w', [''], new Map([['', postingsOf(stored)]]), { add: [posting(4)], remove: [] });
    expect(rewritten.put).toEqual([{ word: 'w', start: '', orders: 'p00002\np00004\np00007', ids: '2\n4\n7' }]);
  });
});
