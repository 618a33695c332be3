import type { Token } from 'marked';
import { KNOWN_ELEMENTS, RAW_TEXT_ELEMENTS } from './html-elements';
import { readMarkdown } from './markdown-flavour';
import { childrenOf } from './tokens';

/** One HTML tag of a text, where it stands in the text. */
export interface HtmlTag {
  start: number;
  end: number;
  /** Lowercase element name, or `!doctype`. */
  name: string;
  closing: boolean;
  selfClosing: boolean;
}

/**
 * An open tag with its attributes or a closing tag, as CommonMark reads one where a `<` stands. Attribute
 * names follow CommonMark rather than browsers, so that `<b never closed<img …>` is text and then a tag here
 * just as in marked's inline reading.
 */
const TAG = /<(\/?)([a-z][a-z0-9-]*)(?:\s+[a-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*(\/?)>/iy;
const DOCTYPE = /<!doctype\s/iy;

/** A tag of a piece of HTML: where it stands in the piece, and what it is. */
type TagAt = Omit<HtmlTag, 'start' | 'end'> & { at: number; length: number };

/**
 * The tags and doctypes of a piece of HTML, in order, skipping comments so that tags inside one do not
 * count. A comment or a doctype never closed takes the rest of the piece, as in marked. Each `<` is read
 * once, and the end of a comment or doctype looked for once: a lazy pattern such as `<!--[\s\S]*?-->` would
 * read the rest of the text again at every `<!--` that is never closed.
 */
function* tagsIn(html: string): Generator<TagAt> {
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at)) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end < 0) return;
      at = end + 3;
      continue;
    }
    DOCTYPE.lastIndex = at;
    if (DOCTYPE.test(html)) {
      const end = html.indexOf('>', at);
      if (end < 0) return;
      yield { at, length: end + 1 - at, name: '!doctype', closing: false, selfClosing: false };
      at = end + 1;
      continue;
    }
    TAG.lastIndex = at;
    const match = TAG.exec(html);
    if (match === null) {
      at++;
      continue;
    }
    const [text, slash, name = '', selfClosing] = match;
    yield {
      at,
      length: text.length,
      name: name.toLowerCase(),
      closing: slash === '/',
      selfClosing: selfClosing === '/',
    };
    at += text.length;
  }
}

/** Found pieces past which the rest of a text is no longer located (each miss scans the rest of it). */
const MAX_MISSES = 64;

/**
 * Where marked found HTML in `source`, as ranges of the source. marked's tokens carry their text but not
 * their place, so each token is looked up from where the one before it ended: a whole when its raw text is
 * in the source as is, line by line when marked took a quote's `>` or a list's indent out of it. Code is
 * never HTML, and the cursor moving past it keeps a `<b>` written in code from being taken for one outside.
 */
function htmlRangesOf(source: string, tokens: readonly Token[]): [number, number][] {
  const ranges: [number, number][] = [];
  let cursor = 0;
  let misses = 0;

  const locate = (piece: string): number => {
    if (misses > MAX_MISSES) return -1;
    const at = source.indexOf(piece, cursor);
    if (at < 0) misses++;
    return at;
  };

  const visit = (token: Token): void => {
    const whole = token.raw === '' ? -1 : locate(token.raw);
    const children = childrenOf(token);
    if (whole >= 0) {
      if (token.type === 'html') ranges.push([whole, whole + token.raw.length]);
      cursor = whole;
      for (const child of children) visit(child);
      cursor = Math.max(cursor, whole + token.raw.length);
      return;
    }
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    for (const line of token.raw.split('\n')) {
      const piece = line.trim();
      if (piece === '') continue;
      const at = locate(piece);
      if (at < 0) continue;
      if (token.type === 'html') ranges.push([at, at + piece.length]);
      cursor = at + piece.length;
    }
  };

  for (const token of tokens) visit(token);
  return ranges;
}

/** What marked reads as HTML in a text. */
export interface HtmlInText {
  /** Tags with a known element name (html-elements.ts), or a doctype, in order. */
  tags: HtmlTag[];
  /** Every `<` marked reads as the start of HTML, outside comments, in order. */
  openers: number[];
}

/**
 * The HTML of `source`: only where marked reads HTML, so never in code, in an autolink or behind a
 * backslash, and tags never inside a comment or a script.
 */
export function htmlInText(source: string, tokens: readonly Token[] = readMarkdown(source)): HtmlInText {
  const tags: HtmlTag[] = [];
  const openers: number[] = [];
  let rawTextUntil = '';
  for (const [from, to] of htmlRangesOf(source, tokens)) {
    const html = source.slice(from, to);
    for (const { at, length, name, closing, selfClosing } of tagsIn(html)) {
      // Inside <script> or <style> only the closing tag ends the text.
      if (rawTextUntil !== '' && !(closing && name === rawTextUntil)) continue;
      rawTextUntil = !closing && RAW_TEXT_ELEMENTS.has(name) ? name : '';
      if (name !== '!doctype' && !KNOWN_ELEMENTS.has(name)) continue;
      tags.push({ start: from + at, end: from + at + length, name, closing, selfClosing });
    }
    for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) {
      if (!html.startsWith('<!--', at)) {
        openers.push(from + at);
        continue;
      }
      const commentEnd = html.indexOf('-->', at + 4);
      if (commentEnd < 0) break;
      at = commentEnd;
    }
  }
  return { tags, openers };
}
