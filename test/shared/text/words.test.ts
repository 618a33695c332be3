import { describe, expect, it } from 'vitest';
import { placedRuns, searchWords, wordRuns } from '../../../src-shared/text/words';

describe('search words', () => {
  it('cuts a text into lower-case NFC runs of letters and digits, and keeps as words those of 4 to 64', () => {
    expect(wordRuns('Café au LAIT, https://example.com/a')).toEqual([
      'café',
      'au',
      'lait',
      'https',
      'example',
      'com',
      'a',
    ]);
    expect(searchWords('Café au LAIT, https://example.com/a', 'cafe\u0301 again')).toEqual([
      'café',
      'lait',
      'https',
      'example',
      'again',
    ]);
    expect(searchWords(`${'x'.repeat(65)} ${'y'.repeat(64)}`)).toEqual(['y'.repeat(64)]);
  });

  it('places the runs of a text as written, a decomposed letter with its mark, each read as the index reads it', () => {
    const text = 'A CAFE\u0301, then 東京!';
    const runs = [...placedRuns(text)];
    expect(runs.map((r) => text.slice(r.index, r.index + r.length))).toEqual(['A', 'CAFE\u0301', 'then', '東京']);
    expect(runs.map((r) => r.words)).toEqual([['a'], ['café'], ['then'], ['東京']]);
  });
});
