/**
 * Markdown that costs too much to format. marked handles emphasis with work that grows with the square of
 * the runs of `*` and `_` (measured: 10,000 of them 145 ms, 98,000 3 s, during which a host serves no one),
 * and recurses into quotes, lists and (through turndown) HTML elements until the stack runs out (5,000
 * nested `>`, 40,000 `- ` on one line, or 2,000 nested `<div>`). A text past any of these bounds is not
 * formatted at all: it is stored as written and shown as plain text, which costs time in proportion to its
 * length.
 */
export const FORMAT_LIMITS = {
  /** `*`, `_` and `~` in the whole text. */
  emphasisMarks: 10_000,
  /** Quotes and list items opened at the start of one line (`> - > 1. x`). */
  lineNesting: 100,
  /** Columns of white space before the markers of one line: a list of about 100 levels. */
  lineIndent: 200,
  /** Elements open inside one another. */
  htmlDepth: 100,
  /** White space, character references and tags in a row, in HTML to convert (see tooCostlyToConvert). */
  spacingRun: 500,
} as const;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([a-z][a-z0-9-]*)[^<>]*?(\/?)>/gi;
/** One quote or list marker with the white space before it, matched where the last one ended. */
const LINE_OPENER = /([ \t]*)(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/y;

/** Why one line opens too many blocks, or null. */
function lineTooNested(line: string): string | null {
  let openers = 0;
  let indent = 0;
  LINE_OPENER.lastIndex = 0;
  for (let match = LINE_OPENER.exec(line); match; match = LINE_OPENER.exec(line)) {
    openers++;
    indent += (match[1] ?? '').replace(/\t/g, '    ').length;
    if (openers > FORMAT_LIMITS.lineNesting) return `quotes and lists nested more than ${FORMAT_LIMITS.lineNesting} deep`;
  }
  if (indent > FORMAT_LIMITS.lineIndent) return `a list indented more than ${FORMAT_LIMITS.lineIndent} columns`;
  return null;
}

/** Why a text is too costly to format, or null when it may be. */
export function tooCostlyToFormat(text: string): string | null {
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // * _ ~
    if (c === 42 || c === 95 || c === 126) marks++;
  }
  if (marks > FORMAT_LIMITS.emphasisMarks) return `more than ${FORMAT_LIMITS.emphasisMarks} emphasis marks`;
  for (const line of text.split('\n')) {
    const nested = lineTooNested(line);
    if (nested !== null) return nested;
  }
  let depth = 0;
  for (const [, closing, name, selfClosing] of text.matchAll(TAG)) {
    if (VOID.has((name ?? '').toLowerCase()) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    if (depth > FORMAT_LIMITS.htmlDepth) return `HTML elements nested more than ${FORMAT_LIMITS.htmlDepth} deep`;
  }
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
  for (let at = 0; at < html.length; ) {
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

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text as plain paragraphs of HTML: escaped, a paragraph per blank line, a line break per newline. */
export function plainTextHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${part.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, '<br />\n')}</p>\n`)
    .join('');
}
