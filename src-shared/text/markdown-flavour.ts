import { Marked, type TokensList } from 'marked';

/**
 * The one marked instance of the project, used by the service and the composer's preview alike so the preview
 * is what is published. A private instance, because `marked.setOptions` on the shared default would change
 * the behaviour of every other user of the library in the same process. `breaks: true` renders a single
 * newline as `<br>`, the way people expect a social post to look.
 */
export const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** The last text read, and what marked read of it. */
let lastRead: { source: string; tokens: TokensList } | null = null;

/**
 * What marked reads of `source`. The last text read is remembered, because a write reads the text it
 * stores again to render it and to find its mentions: one reading serves the three. Nothing that reads
 * the tokens changes them.
 */
export function readMarkdown(source: string): TokensList {
  if (lastRead?.source !== source) lastRead = { source, tokens: markdown.lexer(source) };
  return lastRead.tokens;
}
