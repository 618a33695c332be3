import TurndownService from 'turndown';
import { FORMAT_LIMITS, tooCostlyToConvert, tooCostlyToFormat, unlessFormattingFails } from './complexity';
import { KEPT_ELEMENTS } from './html-elements';
import { escapeStrays, readHtml } from './html-fragments';
import { markdown } from './markdown-flavour';
import { addGfmRules, addKeptElements, addSafetyRules } from './turndown-rules';

/*
 * Spec 1.2: text is stored as Markdown; HTML in a post is converted as far as possible. The author's
 * Markdown is stored as written: only the HTML fragments in it (html-fragments.ts) are converted, each in
 * its place, and a text without any is kept byte for byte.
 */

const service = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
  hr: '---',
});
addSafetyRules(service);
addGfmRules(service);
addKeptElements(service);

// Turndown escapes every underscore, which would turn `@some_user` into `@some\_user` and break the
// mention. Between letters or digits an underscore can never open or close emphasis in GFM, so it stays
// as typed (`@some_user`, `#my_tag`, `snake_case`). Right after the @ or # of a handle it could open
// emphasis if a later underscore closed it; keeping `@_lead` a working mention is worth that rare risk.
// It does not escape `<`, so text that the HTML shows as `<b>x</b>` (written `&lt;b&gt;`) would turn into
// bold when read back as Markdown; a backslash keeps every `<` that could open a tag or comment a `<`.
const turndownEscape = service.escape.bind(service);
service.escape = (text) =>
  turndownEscape(text)
    .replace(/(?<=[\p{L}\p{N}]|(?<![\p{L}\p{N}_])[@#])\\_(?=[\p{L}\p{N}])/gu, '_')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<');

/** True when the input holds HTML that would be converted: whole elements of known names, outside code. */
export function looksLikeHtml(input: string): boolean {
  return readHtml(input.replace(/\r\n?/g, '\n')).fragments.length > 0;
}

/** Line endings as `\n`, without blank lines before the text or white space after it. */
function tidyEdges(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

/** Marks where a run of text begins and ends, since turndown trims the white space at both ends. */
const EDGE = '\uE000';
/**
 * The mark inside emphasis or a kept element: what turndown writes when `<b><i>x</b>` leaves `<i>` open
 * and, as in a browser, it opens again around whatever follows.
 */
const WRAPPED_EDGE = new RegExp(`(\\*\\*|~~|_|\\*|\`)${EDGE}\\1|<(${KEPT_ELEMENTS.join('|')})>${EDGE}</\\2>`, 'g');

function convertRun(html: string): string {
  const converted = service.turndown(markdown.parseInline(`${EDGE}${html}${EDGE}`, { async: false }));
  return converted.replace(WRAPPED_EDGE, EDGE).replaceAll(EDGE, '');
}

/**
 * What a fragment's later lines begin with inside the quote or list item where it starts: the `>` and the
 * indent of the list markers that open its line, so that converted blocks stay where they were. Read from
 * where the line starts in `text`, never past the fragment's `<`.
 */
const CONTAINERS = /(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/y;
function continuationAt(text: string, lineStart: number): string {
  CONTAINERS.lastIndex = lineStart;
  const containers = CONTAINERS.exec(text)?.[0] ?? '';
  return containers.replace(/[-*+]|\d{1,9}[.)]/g, (marker) => ' '.repeat(marker.length));
}

function withoutContinuation(line: string, continuation: string): string {
  if (line.startsWith(continuation)) return line.slice(continuation.length);
  const bare = continuation.trimEnd();
  return bare !== '' && line.startsWith(bare) ? line.slice(bare.length).trimStart() : line;
}

/** A fragment, written as its author wrote it but with its stray `<` escaped, converted where it stands. */
function convertFragment(written: string, block: boolean, continuation: string): string {
  const html = written
    .split('\n')
    .map((line, index) => (index === 0 ? line : withoutContinuation(line, continuation)))
    .join('\n');
  const converted = block ? service.turndown(markdown.parse(html, { async: false })) : convertRun(html);
  return converted
    .split('\n')
    .map((line, index) => (index === 0 ? line : `${line === '' ? continuation.trimEnd() : continuation}${line}`))
    .join('\n');
}

/**
 * Each fragment of `text` converted in its place, or `text` as it is when it holds more fragments than
 * FORMAT_LIMITS allow. The fragments, the stray `<` and the line ends are each read once, in the order of
 * the text, so that a long line holding thousands of fragments costs no more than its length.
 */
function convertFragments(text: string): string {
  const { fragments, strays } = readHtml(text);
  // Each fragment is a document of its own to turndown, which costs it far more than its length.
  if (fragments.length > FORMAT_LIMITS.htmlFragments) return text;
  let out = '';
  let from = 0;
  let stray = 0;
  let lineStart = 0;
  let nextLineEnd = text.indexOf('\n');
  let continuation: string | null = null;
  for (const fragment of fragments) {
    while (nextLineEnd >= 0 && nextLineEnd < fragment.start) {
      lineStart = nextLineEnd + 1;
      nextLineEnd = text.indexOf('\n', lineStart);
      continuation = null;
    }
    continuation ??= continuationAt(text, lineStart);
    while ((strays[stray] ?? Infinity) < fragment.start) stray++;
    const first = stray;
    while ((strays[stray] ?? Infinity) < fragment.end) stray++;
    const written = text.slice(fragment.start, fragment.end);
    const converted = tooCostlyToConvert(written)
      ? written
      : convertFragment(
          escapeStrays(written, strays.slice(first, stray), fragment.start),
          fragment.block,
          continuation,
        );
    out += text.slice(from, fragment.start) + converted;
    from = fragment.end;
  }
  return tidyEdges(out + text.slice(from));
}

/**
 * Passes over a text until what is stored converts to itself. What one pass writes can read differently
 * in its new surroundings (`<u>1. </u>` becomes `<u>1\.</u>`, which reads back as `<u>1.</u>`), and a
 * stored text must come back unchanged when a remote returns it, or every pull would see an edit. Broken
 * HTML that never settles (an unclosed `<p>` making the line around a fragment raw HTML) is kept as written,
 * which settles at once.
 */
const MAX_PASSES = 4;

/**
 * The Markdown to store for `input`. Each HTML fragment is rendered with marked (so Markdown inside it,
 * such as `<b>**x**</b>`, counts) and turned into Markdown by turndown; everything around the fragments is
 * kept as written, and `<` that only looks like HTML (`if a<b and c>d`) stays text. A text too costly to
 * read (complexity.ts) is kept whole.
 */
export function toMarkdown(input: string): string {
  const written = tidyEdges(input.replace(/\r\n?/g, '\n'));
  return unlessFormattingFails(
    () => {
      let text = written;
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        // Without a `<` there is no HTML left to convert.
        if (!text.includes('<') || tooCostlyToFormat(text) !== null) return text;
        const next = convertFragments(text);
        if (next === text) return text;
        text = next;
      }
      return written;
    },
    () => written,
  );
}
