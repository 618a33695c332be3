import type { MarkedToken, Token } from 'marked';
import { tooCostlyToFormat, unlessFormattingFails } from './complexity';
import { readMarkdown } from './markdown-flavour';
import { MENTION } from './mention-pattern';

export { mentionsIn, type PlacedMention } from './mention-pattern';

/**
 * The handles mentioned in a Markdown text: unique, lower-cased, in order of first appearance.
 * Mentions inside code (spans and blocks) are examples, not mentions, and are ignored.
 */
export function extractMentionHandles(source: string): string[] {
  // The prose is made of the text's own characters, spaces and line breaks: without an `@` there is no
  // mention in it, and most posts are read as Markdown once (to render them) rather than twice.
  if (!source.includes('@')) return [];
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
  return unlessFormattingFails(
    () => {
      const parts: string[] = [];
      collect(readMarkdown(source), parts);
      return parts.join('');
    },
    () => source,
  );
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
        // A tag ends at the next `<` too: read to the next `>` instead, each `<` of `<?<?<?…` would read the rest.
        parts.push(token.raw.replace(/<[^<>]*>/g, ' '));
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
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the types promise the value with the key; marked's own renderer checks both
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
