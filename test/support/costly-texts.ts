import { LIMITS } from '../../src-shared/api/inputs';

/**
 * Texts made to cost formatting or conversion far more than their length would say, and an ordinary text
 * of any length to measure them against. Every one is within the post limit of 100,000 characters.
 */

const POST_LIMIT: number = LIMITS.textChars;

/** `unit` repeated as often as it fits in `length` characters. */
export const fill = (unit: string, length = POST_LIMIT): string => unit.repeat(Math.floor(length / unit.length));

/** A Markdown table: a header of `columns` cells, its delimiter row, then `rows` lines of `row`. */
export const table = (columns: number, rows: number, row = fill('|a', 2 * columns)): string =>
  `${'|h'.repeat(columns)}|\n${'|-'.repeat(columns)}|\n${`${row}|\n`.repeat(rows)}`;

/** The cases found when the host was attacked: each stalled it for seconds or answered 500. */
export const KNOWN_COSTLY: Readonly<Record<string, string>> = {
  'comment openers': '<!--'.repeat(24_000),
  '"html <" over and over': fill('html <'),
  'a table of 300 columns': table(300, 160),
  'emphasis marks around one letter, at the limit of 10,000': `${'*'.repeat(5_000)}x${'*'.repeat(5_000)}`,
};

/** More of the same kinds, each once costly: comments, declarations, nesting, padding and many elements. */
export const COSTLY: Readonly<Record<string, string>> = {
  ...KNOWN_COSTLY,
  'processing instructions never closed': fill('<?'),
  'declarations never closed': fill('<!X'),
  'CDATA never closed': fill('<![CDATA['),
  'doctypes never closed': fill('<!doctype '),
  'a 300-column table of one-cell rows': table(300, 2_000, '|x'),
  'emphasis nested 2,500 deep': `${'*a '.repeat(2_500)}${'a* '.repeat(2_500)}`,
  'strong emphasis nested 1,250 deep': `${'**a '.repeat(1_250)}${'a** '.repeat(1_250)}`,
  'underscores nested 3,300 deep': `${'_a '.repeat(3_300)}${'a_ '.repeat(3_300)}`,
  'links around images': fill('[![a](b)](c) '),
  'image openers': fill('[![a](b)'),
  'a quote 100 deep continued by every line': `${'>'.repeat(100)} a\n${fill('a\n', POST_LIMIT - 110)}`,
  'lists opened 50 times on every line': fill(`${'- '.repeat(50)}a\n`),
  'a list item per line': fill('- a\n'),
  'an empty list item per line': fill('-\n'),
  'a one-column table row per line': table(1, 24_000, '|x'),
  'headings underlined': fill('a\n=\n'),
  'line breaks between letters, in HTML': fill('a<br>'),
  'bold never closed, then italic closed': fill('<b></i>'),
  'table rows of HTML, one cell each': `<table><tr>${'<td>a</td>'.repeat(300)}</tr>${fill('<tr><td>a</td></tr>', POST_LIMIT - 3_400)}</table>`,
  'list items of HTML in a numbered list': `<ol>${fill('<li>a</li>', POST_LIMIT - 10)}</ol>`,
  'web addresses': fill('www.a.b '),
  'text with a backtick run of every length': Array.from({ length: 440 }, (_, i) => `a${'`'.repeat(i + 1)}`).join(''),
  'reference links': `[a]: https://a.test\n${fill('[a] ', POST_LIMIT - 20)}`,
  // Found by the generated texts of costly-text.test.ts: marked tries emphasis at every `_` of the run, and
  // reads on to its end each time.
  'underscores between full stops, after a line of stars': `${'*'.repeat(1_353)}\n.${'_'.repeat(3_348)}.${'_'.repeat(11)}`,
};

const SECTION = [
  '## A heading for this part',
  '',
  'Prose goes on here as it does in any long article, with *emphasis*, **strong words**, a [link](https://example.com/page) and `some code`. It mentions @someone and a #topic, and a second sentence follows, so that paragraphs are of a usual length.',
  '',
  '- a first point, with _emphasis_',
  '- a second point',
  '  - a nested point',
  '1. one',
  '2. two',
  '',
  '| Name | Value | Note |',
  '|---|:-:|--:|',
  '| alpha | 1 | *fine* |',
  '| beta | 2 | ok |',
  '',
  '> A quotation with **strong** words in it.',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  'Some <b>bold HTML</b>, H<sub>2</sub>O and <i>more</i> of it.',
  '',
  '',
].join('\n');

/** An ordinary article of `length` characters: headings, paragraphs, emphasis, links, lists, a table, quotes, code and HTML. */
export const ordinaryText = (length: number): string =>
  SECTION.repeat(Math.ceil(length / SECTION.length)).slice(0, length);

/** The shortest of a few runs of `run`, in milliseconds: a busy machine slows some runs, rarely all of them. */
export function fastestOf(run: () => unknown, runs = 3): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
    // A run this slow has made its point; repeating it would only make a failing test slower.
    if (fastest > 2_000) break;
  }
  return fastest;
}
