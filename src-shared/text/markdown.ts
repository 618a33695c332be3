import { plainTextHtml, unlessFormattingFails } from './complexity';
import { formattedHtml } from './format-markdown';
import { sanitizeHtml } from './sanitize';

/**
 * Markdown (with any embedded HTML) to safe HTML for the `content` field of a post. Plain text is escaped
 * as it is written, so it has nothing for the sanitiser to take out (and thousands of its line breaks would
 * cost the sanitiser more than the text itself).
 */
export function renderMarkdown(source: string): string {
  const html = formattedHtml(source);
  if (html === null) return plainTextHtml(source);
  return unlessFormattingFails(
    () => sanitizeHtml(html),
    () => plainTextHtml(source),
  );
}

/** A bio's HTML: its text rendered, or nothing for no bio. */
export const bioHtmlOf = (bioText: string): string => (bioText ? renderMarkdown(bioText) : '');
