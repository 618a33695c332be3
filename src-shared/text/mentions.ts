import type { MarkedToken, Token } from 'marked';
import { tooCostlyToFormat } from './complexity';
import { markdown } from './markdown-flavour';

/**
 * `@handle`: 1 to 64 letters, digits, underscores, dots and hyphens, where dots and hyphens only occur
 * inside, so that `@bob.` and `@bob-` at the end of a sentence mean `bob`.
 * - Not after a word character, which keeps the `@` of `a@b.com` out.
 * - Not followed by more handle characters (so an over-long handle is no handle rather than a truncated
 *   one), nor by `@`, because `@bob@example.com` names an account elsewhere.
 */
const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]{0,62}[\p{L}\p{N}_])?)(?![\p{L}\p{N}_@]|[.-][\p{L}\p{N}_])/gu;

/** A mention in a plain text: where it stands (in UTF-16 units), what is written there, and the handle. */
export interface PlacedMention {
  index: number;
  text: string;
  handle: string;
}

/**
 * The `@handle` mentions of a plain text (not Markdown: a page's text as shown), by the one rule above, in
 * order. The handle is as written; compare handles lower-cased, as extractMentionHandles does.
 */
export function* mentionsIn(text: string): Generator<PlacedMention> {
  // matchAll works on a copy of the expression, so the shared one keeps no position between calls.
  for (const match of text.matchAll(MENTION)) yield { index: match.index, text: match[0], handle: match[1] ?? '' };
}

/**
 * The handles mentioned in a Markdown text: unique, lower-cased, in order of first appearance.
 * Mentions inside code (spans and blocks) are examples, not mentions, and are ignored.
 */
export function extractMentionHandles(source: string): string[] {
  const handles = new Set<string>();
  for (const match of proseOf(source).matchAll(MENTION)) {
    handles.add((match[1] ?? '').toLowerCase());
  }
  return [...handles];
}

/** The readable text of a Markdown document, without code, link targets or tags. */
function proseOf(source: string): string {
  // A text too costly to read as Markdown (complexity.ts) is all prose.
  if (tooCostlyToFormat(source) !== null) return source;
  const parts: string[] = [];
  collect(markdown.lexer(source), parts);
  return parts.join('');
}

function collect(tokens: readonly Token[], parts: string[]): void {
  // No extensions are registered on our instance, so every token is one of marked's own kinds.
  for (const token of tokens as readonly MarkedToken[]) {
    switch (token.type) {
      case 'code':
      case 'codespan':
        // A space, not nothing: `x`@bob must not glue the mention to the word before the code.
        parts.push(' ');
        break;
      case 'link':
        // A bare or <autolinked> URL such as https://example.social/@bob is an address, not a mention.
        if (!token.autolink) collect(token.tokens, parts);
        break;
      case 'html':
        parts.push(token.raw.replace(/<[^>]*>/g, ' '));
        break;
      case 'list':
        collect(token.items, parts);
        break;
      case 'table':
        for (const cell of [...token.header, ...token.rows.flat()]) {
          collect(cell.tokens, parts);
          parts.push(' ');
        }
        break;
      default:
        if ('tokens' in token && token.tokens) {
          collect(token.tokens, parts);
          // Keeps words of adjacent blocks (a paragraph and the heading under it) from joining.
          parts.push('\n');
        } else {
          parts.push(token.raw);
        }
    }
  }
}
