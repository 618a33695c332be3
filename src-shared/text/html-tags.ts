import type { Token } from 'marked';
import { KNOWN_ELEMENTS, RAW_TEXT_ELEMENTS } from './html-elements';
import { markdown } from './markdown-flavour';

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
 * A tag as CommonMark reads one (an open tag with its attributes, a closing tag, a doctype), or a comment,
 * which is skipped so that tags inside it do not count. Attribute names follow CommonMark rather than
 * browsers, so that `<b never closed<img …>` is text and then a tag here just as in marked's inline reading.
 */
const TAG =
  /<!--[\s\S]*?-->|<!doctype\s[^>]*>|<(\/?)([a-z][a-z0-9-]*)((?:\s+[a-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/gi;

/** Found pieces past which the rest of a text is no longer located (each miss scans the rest of it). */
const MAX_MISSES = 64;

function childrenOf(token: Token): Token[] {
  if (token.type === 'list') return token['items'] as Token[];
  if (token.type === 'table') {
    const cells = [...(token['header'] as { tokens: Token[] }[]), ...(token['rows'] as { tokens: Token[] }[][]).flat()];
    return cells.flatMap((cell) => cell.tokens);
  }
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : [];
}

/**
 * Where marked found HTML in `source`, as ranges of the source. marked's tokens carry their text but not
 * their place, so each token is looked up from where the one before it ended: a whole when its raw text is
 * in the source as is, line by line when marked took a quote's `>` or a list's indent out of it. Code is
 * never HTML, and the cursor moving past it keeps a `<b>` written in code from being taken for one outside.
 */
function htmlRangesOf(source: string): [number, number][] {
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

  for (const token of markdown.lexer(source)) visit(token);
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
export function htmlInText(source: string): HtmlInText {
  const tags: HtmlTag[] = [];
  const openers: number[] = [];
  let rawTextUntil = '';
  for (const [from, to] of htmlRangesOf(source)) {
    const html = source.slice(from, to);
    for (const match of html.matchAll(TAG)) {
      const [text, slash, rawName, , selfClosing] = match;
      const at = match.index;
      if (text.startsWith('<!--')) continue;
      const name = rawName === undefined ? '!doctype' : rawName.toLowerCase();
      const closing = slash === '/';
      // Inside <script> or <style> only the closing tag ends the text.
      if (rawTextUntil !== '' && !(closing && name === rawTextUntil)) continue;
      rawTextUntil = !closing && RAW_TEXT_ELEMENTS.has(name) ? name : '';
      if (name !== '!doctype' && !KNOWN_ELEMENTS.has(name)) continue;
      tags.push({ start: from + at, end: from + at + text.length, name, closing, selfClosing: selfClosing === '/' });
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
