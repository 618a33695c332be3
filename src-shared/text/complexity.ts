import { charCount } from '../util/chars';
import { blockShape } from './block-shape';
import { emphasisIn } from './emphasis-runs';
import { VOID_ELEMENTS } from './html-elements';
import { OpenElements } from './open-elements';
import { inlineRereading } from './rereading';

/**
 * Markdown that costs too much to format. Past any of these bounds a text is not formatted (nor its HTML
 * converted): it is stored as written and shown as plain text, which costs time in proportion to its
 * length. Within them, formatting and converting a text cost about what an ordinary article of the same
 * length costs (test/shared/text/costly-text.test.ts holds them to that). What each guards against, as
 * measured on texts of at most 100,000 characters before it was there:
 * - marked pairs emphasis in time growing with the square of the runs of `*` and `_` (98,000 marks took
 *   3 s, a host serving no one meanwhile), reads the inside of emphasis again at each level of nesting,
 *   recursing until the stack runs out (`*` × 5,000, a letter, `*` × 5,000), and looks from each opening
 *   run through the rest of its paragraph for one that closes it (emphasis-runs.ts);
 * - it recurses into quotes, lists and (through turndown) HTML elements until the stack runs out (5,000
 *   nested `>`, 40,000 `- ` on one line, 2,000 nested `<div>`), and reads the lines of a quote or list
 *   item again at each level (a quote 100 deep continued over 50,000 lines took a second; block-shape.ts);
 * - it pads every table row to the width of its header (a header of 300 cells over 2,000 short lines
 *   made 600,000 cells from 5,000 characters, and more ran the host out of memory);
 * - several of its rules read from a place to the end of a run, again from the next place (rereading.ts);
 * - and every element it makes costs it, and the sanitiser after it, far more than a character of text.
 */
export const FORMAT_LIMITS = {
  /**
   * Characters of a text: what a post's text may have (api/inputs.ts LIMITS.textChars takes it from here; a
   * remote's may be longer).
   */
  characters: 100_000,
  /** `*`, `_` and `~` in the whole text. */
  emphasisMarks: 10_000,
  /** Marks of paired emphasis around any one place (`***a***` is 3): see emphasis-runs.ts. */
  emphasisDepth: 20,
  /** Runs of emphasis marks looked through for closing runs, over all opening runs: see emphasis-runs.ts. */
  emphasisScans: 200_000,
  /** Quotes and list items opened at the start of one line (`> - > 1. x`). */
  lineNesting: 100,
  /** Columns of white space before the markers of one line: a list of about 100 levels. */
  lineIndent: 200,
  /** Characters counted once for every quote or list they are in: see block-shape.ts. */
  nestedCharacters: 1_000_000,
  /**
   * Tokens marked reads, at every level (blocks, lines, cells, links, emphasis, …): about the elements a
   * text becomes. Counted once its lines are (block-shape.ts), and again once marked has read it.
   */
  elements: 20_000,
  /** Table cells, rows padded to their header's width. */
  tableCells: 10_000,
  /** Characters marked would read again and again: see rereading.ts. */
  rereading: 20_000_000,
  /** Elements open inside one another. */
  htmlDepth: 100,
  /** Pieces of HTML converted in one text (html-fragments.ts); a text with more keeps its HTML as written. */
  htmlFragments: 1_000,
  /** White space, character references and tags in a row, in HTML to convert (see tooCostlyToConvert). */
  spacingRun: 500,
} as const;

const TAG = /<(\/?)([a-z][a-z0-9-]*)[^<>]*?(\/?)>/gi;

/** How deep HTML elements nest in a text: an end tag closes only an element of its name, as in a browser. */
function htmlDepth(text: string): number {
  const open = new OpenElements<{ name: string }>();
  let deepest = 0;
  for (const [, closing, name = '', selfClosing] of text.matchAll(TAG)) {
    const element = name.toLowerCase();
    if (VOID_ELEMENTS.has(element) || selfClosing) continue;
    if (closing) open.close(element);
    else open.open({ name: element });
    deepest = Math.max(deepest, open.depth);
  }
  return deepest;
}

/** The last text judged, and why it was too costly (or null). */
let lastJudged: { text: string; reason: string | null } | null = null;

/**
 * Why a text is too costly to format, or null when it may be. The last text judged is remembered, since a
 * write judges the text it stores again before rendering it and finding its mentions.
 */
export function tooCostlyToFormat(text: string): string | null {
  if (lastJudged?.text !== text) lastJudged = { text, reason: whyTooCostly(text) };
  return lastJudged.reason;
}

function whyTooCostly(text: string): string | null {
  const limits = FORMAT_LIMITS;
  // Characters as the post limit counts them; a text cannot have more than it has UTF-16 units.
  if (text.length > limits.characters && charCount(text) > limits.characters)
    return `more than ${limits.characters} characters`;
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // * _ ~
    if (c === 42 || c === 95 || c === 126) marks++;
  }
  if (marks > limits.emphasisMarks) return `more than ${limits.emphasisMarks} emphasis marks`;
  const emphasis = emphasisIn(text);
  if (emphasis.depth > limits.emphasisDepth) return `emphasis nested more than ${limits.emphasisDepth} marks deep`;
  if (emphasis.scanned > limits.emphasisScans)
    return `more than ${limits.emphasisScans} runs of emphasis marks looked through`;
  const blocks = blockShape(text);
  if (blocks.lineNesting > limits.lineNesting) return `quotes and lists nested more than ${limits.lineNesting} deep`;
  if (blocks.lineIndent > limits.lineIndent) return `a list indented more than ${limits.lineIndent} columns`;
  if (blocks.nestedCharacters > limits.nestedCharacters)
    return `more than ${limits.nestedCharacters} characters counted at each level of quotes and lists`;
  if (blocks.lineBlocks > limits.elements) return `more than ${limits.elements} lines, quotes and list items`;
  if (blocks.tableCells > limits.tableCells) return `more than ${limits.tableCells} table cells`;
  // Reading a list item's lines again costs marked about five times what the text rule's rereading does.
  if (5 * blocks.listRereading + inlineRereading(text) > limits.rereading)
    return `more than ${limits.rereading} characters read again`;
  if (htmlDepth(text) > limits.htmlDepth) return `HTML elements nested more than ${limits.htmlDepth} deep`;
  return null;
}

/** One piece of a run that turndown's output may turn into nothing but white space. */
const SPACING = /\s+|&[#\w]{1,10};|<[^<>]*>/y;

/**
 * True when turning this HTML into Markdown would take too long. turndown trims its output with
 * `/[\t\r\n\s]+$/`, which takes time growing with the square of every run of white space in it: 25,000
 * `<br>` between two words took 7.6 s. A run comes from white space, `&nbsp;`, line breaks and empty
 * elements in the HTML, so a run of these past the limit leaves the HTML as written.
 */
export function tooCostlyToConvert(html: string): boolean {
  let run = 0;
  for (let at = 0; at < html.length;) {
    SPACING.lastIndex = at;
    const piece = SPACING.exec(html)?.[0];
    if (piece === undefined) {
      run = 0;
      at++;
      continue;
    }
    run += /^\s/.test(piece) ? piece.length : 1;
    if (run > FORMAT_LIMITS.spacingRun) return true;
    at += piece.length;
  }
  return false;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text as plain paragraphs of HTML: escaped, a paragraph per blank line, a line break per newline. */
export function plainTextHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${part.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, '<br />\n')}</p>\n`)
    .join('');
}

/**
 * `format()`, or `asWritten()` should it throw. The bounds above keep every text within what marked,
 * turndown and sanitize-html do in time; this is the last defence, against a shape no bound foresaw (a
 * library running out of stack on it, say): the text is then kept as written and shown as plain text, as
 * a text past a bound is, rather than failing the write or stopping the pull that carries it. The failure
 * is logged, since it means a bound is missing.
 */
export function unlessFormattingFails<T>(format: () => T, asWritten: () => T): T {
  try {
    return format();
  } catch (error) {
    console.error('Formatting a text failed; it is kept as written:', error);
    return asWritten();
  }
}
