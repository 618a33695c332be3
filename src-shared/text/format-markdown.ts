import { FORMAT_LIMITS, plainTextHtml, tooCostlyToFormat, unlessFormattingFails } from './complexity';
import { escapeStrays, readHtml } from './html-fragments';
import { markdown, readMarkdown } from './markdown-flavour';
import { tokenCount } from './tokens';

/**
 * Markdown to HTML, not yet sanitised; null when the text is too costly to format (complexity.ts), or
 * reads as more elements than FORMAT_LIMITS allow (counted from what marked read, before any is written
 * or sanitised). A `<` that only looks like HTML (`if a<b and c>d`, `Array<string>`) shows as typed rather
 * than swallowing the words after it.
 */
export function formattedHtml(source: string): string | null {
  if (tooCostlyToFormat(source) !== null) return null;
  return unlessFormattingFails(
    () => {
      const tokens = readMarkdown(source);
      if (tokenCount(tokens) > FORMAT_LIMITS.elements) return null;
      const { strays } = readHtml(source, tokens);
      // Without a stray `<` the text reads as it was read already.
      return strays.length === 0
        ? markdown.parser(tokens)
        : markdown.parse(escapeStrays(source, strays), { async: false });
    },
    () => null,
  );
}

/** Markdown to HTML, not yet sanitised: formatted, or plain paragraphs when it is too costly to format. */
export function formatMarkdown(source: string): string {
  return formattedHtml(source) ?? plainTextHtml(source);
}
