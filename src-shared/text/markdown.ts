import { formatMarkdown } from './format-markdown';
import { sanitizeHtml } from './sanitize';

/** Markdown (with any embedded HTML) to safe HTML for the `content` field of a post. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(formatMarkdown(source));
}

/** A bio's HTML: its text rendered, or nothing for no bio. */
export const bioHtmlOf = (bioText: string): string => (bioText ? renderMarkdown(bioText) : '');
