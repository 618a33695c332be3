import { plainTextHtml, tooCostlyToFormat } from './complexity';
import { escapeStrays, readHtml } from './html-fragments';
import { markdown } from './markdown-flavour';

/**
 * Markdown to HTML, not yet sanitised. A `<` that only looks like HTML (`if a<b and c>d`, `Array<string>`)
 * shows as typed rather than swallowing the words after it; a text too costly to format (complexity.ts)
 * becomes plain paragraphs.
 */
export function formatMarkdown(source: string): string {
  if (tooCostlyToFormat(source) !== null) return plainTextHtml(source);
  return markdown.parse(escapeStrays(source, readHtml(source).strays), { async: false });
}
