import { describe, expect, it } from 'vitest';
import { extractMentionHandles, mentionsIn } from '../../../src-shared/text/mentions';

describe('extractMentionHandles', () => {
  it('returns unique lower-cased handles in order of first appearance', () => {
    expect(extractMentionHandles('hi @Carol, @alice and @carol and @Alice')).toEqual(['carol', 'alice']);
  });

  it('excludes trailing punctuation', () => {
    expect(extractMentionHandles('(@eve) "@frank" @bob. @dan, @gil! @hal? @ivy- @jo.ann-lee_2.')).toEqual([
      'eve',
      'frank',
      'bob',
      'dan',
      'gil',
      'hal',
      'ivy',
      'jo.ann-lee_2',
    ]);
  });

  it('does not take e-mail addresses or remote accounts for mentions', () => {
    expect(extractMentionHandles('mail a@b.com or x_y@example.org')).toEqual([]);
    expect(extractMentionHandles('follow @bob@example.social')).toEqual([]);
  });

  it('accepts 64 characters and ignores longer handles instead of cutting them', () => {
    const ok = 'a'.repeat(64);
    expect(extractMentionHandles(`@${ok} @${'b'.repeat(65)}`)).toEqual([ok]);
    expect(extractMentionHandles('@x')).toEqual(['x']);
  });

  it('needs a letter, digit or underscore after the @', () => {
    expect(extractMentionHandles('@ @. @.bob @-bob a @ b')).toEqual([]);
    expect(extractMentionHandles('@_x')).toEqual(['_x']);
  });

  it('accepts letters beyond ASCII', () => {
    expect(extractMentionHandles('merci @Zoë et @ñandú')).toEqual(['zoë', 'ñandú']);
  });

  it('ignores inline code and code blocks', () => {
    expect(
      extractMentionHandles('`@code` and\n```\n@fenced\n```\n~~~\n@tilde\n~~~\n\n    @indented\n\n@after'),
    ).toEqual(['after']);
  });

  it('ignores @ inside URLs but reads link text', () => {
    expect(
      extractMentionHandles(
        'https://example.social/@bob <https://example.social/@carol> [@dave](https://x.example/@erin)',
      ),
    ).toEqual(['dave']);
  });

  it('finds mentions in headings, lists, quotes, tables and emphasis', () => {
    expect(
      extractMentionHandles('# @head\npara @para\n\n- @item\n\n> @quote\n\n| @th |\n|---|\n| @td |\n\n**@strong**'),
    ).toEqual(['head', 'para', 'item', 'quote', 'th', 'td', 'strong']);
  });

  it('returns nothing for text without mentions', () => {
    expect(extractMentionHandles('')).toEqual([]);
    expect(extractMentionHandles('no mentions #here')).toEqual([]);
  });
});

describe('mentionsIn', () => {
  it('places each mention of a plain text, by the same rule, handles as written', () => {
    expect([...mentionsIn('Hi @Carol, mail a@b.com or @bob@example.social; (@jo.ann).')]).toEqual([
      { index: 3, text: '@Carol', handle: 'Carol' },
      { index: 49, text: '@jo.ann', handle: 'jo.ann' },
    ]);
  });

  it('answers the same on every call: the shared rule keeps no position', () => {
    expect([...mentionsIn('@amy @ben')]).toHaveLength(2);
    expect([...mentionsIn('@amy @ben')]).toHaveLength(2);
  });
});
