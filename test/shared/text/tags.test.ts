import { describe, expect, it } from 'vitest';
import { hashtagsIn, parseTags } from '../../../src-shared/text/tags';

describe('parseTags', () => {
  it('splits on commas, trims, drops a leading # and empty entries', () => {
    expect(parseTags(' travel, #food ,, ,#,  ## two words ')).toEqual({
      tags: ['travel', 'food', 'two words'],
      tooLong: [],
    });
  });

  it('de-duplicates case-insensitively and keeps the first spelling', () => {
    expect(parseTags('News,news,#NEWS,Café,CAFÉ')).toEqual({ tags: ['News', 'Café'], tooLong: [] });
  });

  it('treats composed and decomposed spellings as one tag', () => {
    expect(parseTags('caf\u00e9,cafe\u0301').tags).toEqual(['caf\u00e9']);
  });

  it('returns nothing for an empty list', () => {
    expect(parseTags('')).toEqual({ tags: [], tooLong: [] });
  });

  it('accepts 128 characters and reports 129 as too long', () => {
    const ok = 'a'.repeat(128);
    const long = 'b'.repeat(129);
    expect(parseTags(`${ok},${long}`)).toEqual({ tags: [ok], tooLong: [long] });
  });

  it('counts characters, not UTF-16 units, and allows up to 512 bytes', () => {
    const emoji = '😀'.repeat(128); // 256 UTF-16 units, 512 bytes
    expect(emoji.length).toBe(256);
    expect(new TextEncoder().encode(emoji).length).toBe(512);
    expect(parseTags(emoji)).toEqual({ tags: [emoji], tooLong: [] });

    const over = '😀'.repeat(129); // 516 bytes
    expect(parseTags(over)).toEqual({ tags: [], tooLong: [over] });
  });

  it('accepts 128 multi-byte letters', () => {
    const cjk = '漢'.repeat(128); // 384 bytes
    expect(parseTags(cjk).tags).toEqual([cjk]);
    expect(parseTags(`${cjk}字`).tooLong).toEqual([`${cjk}字`]);
  });
});

describe('hashtagsIn', () => {
  const tags = (text: string) => [...hashtagsIn(text)].map((t) => t.tag);

  it('finds #tags in running text with their places, and leaves the punctuation after them out', () => {
    expect([...hashtagsIn('Off to #Lisbon, then #porto!')]).toEqual([
      { index: 7, text: '#Lisbon', tag: 'Lisbon' },
      { index: 21, text: '#porto', tag: 'porto' },
    ]);
  });

  it('reads letters of any script, their combining marks, digits and underscores', () => {
    expect(tags('#café #cafe\u0301 #東京 #مرحبا #day_2 #2026travel')).toEqual([
      'café',
      'cafe\u0301',
      '東京',
      'مرحبا',
      'day_2',
      '2026travel',
    ]);
  });

  it('takes no number, no fragment of an address, no entity and no doubled sign for a tag', () => {
    expect(
      tags('issue #12, page#part, https://x.example/#/home, https://x.example/?q=#x, &#38;, ##two, #a#b, #'),
    ).toEqual([]);
  });

  it('takes a tag of 128 characters and no longer one, rather than a cut one', () => {
    expect(tags(`#${'a'.repeat(128)}`)).toEqual(['a'.repeat(128)]);
    expect(tags(`#${'a'.repeat(129)}`)).toEqual([]);
  });
});
