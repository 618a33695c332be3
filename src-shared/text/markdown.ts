import { Marked } from 'marked';
import { sanitizeHtml } from './sanitize';

/**
 * The one marked instance of the text module. A private instance, because `marked.setOptions` on the
 * shared default would change the behaviour of every other user of the library in the same process.
 * `breaks: true` renders a single newline as `<br>`, the way people expect a social post to look.
 */
export const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** Markdown (with any embedded HTML) to safe HTML for the `content` field of a post. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }));
}
