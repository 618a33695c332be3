import { renderMarkdown } from '../text';
import { timelineOrder } from './order';
import type { PostRow } from './rows';

/**
 * The rules that make a post row from what was written or pulled, in one place. A row's rendered HTML
 * follows from its text and its timeline order from its time and GUID; nothing else computes them. Every
 * path that builds or changes a row (either interface's write, a pull, a settled conflict, a GUID taken
 * from a remote) goes through here.
 */

/** What a post row holds apart from what follows from it. */
export type PostFacts = Omit<PostRow, 'html' | 'order'>;

/**
 * A text and its HTML as renderMarkdown makes it, made ahead of the row (renderedText): formatting a long
 * text takes up to a tenth of a second, which a writer of many rows does before its transaction, one text a
 * turn of the event loop, so that it holds up no one for the sum of them.
 */
export interface RenderedText {
  readonly text: string;
  readonly html: string;
}
export const renderedText = (text: string): RenderedText => ({ text, html: renderMarkdown(text) });

/** A post row from its facts; its HTML taken from `rendered` when that is of the same text. */
export const postRow = (facts: PostFacts, rendered?: RenderedText): PostRow => ({
  ...facts,
  html: rendered?.text === facts.text ? rendered.html : renderMarkdown(facts.text),
  order: timelineOrder(facts.publishUnix, facts.guid),
});

/**
 * A post row with some facts changed; what follows from them follows again. The text is rendered only when
 * it changed: a post taking its remote's GUID, say, keeps the HTML it has (rendering a long text again on
 * every such change would be work for nothing).
 */
export const changedPostRow = (row: PostRow, changes: Partial<PostFacts>): PostRow => {
  const next = { ...row, ...changes };
  return {
    ...next,
    html: next.text === row.text ? row.html : renderMarkdown(next.text),
    order: timelineOrder(next.publishUnix, next.guid),
  };
};

/** A post's address path until it is given one of its own. */
export const defaultCanonicalPath = (guid: string): string => `/posts/${guid}`;

/** A post that answers nothing starts its own conversation, named by its GUID. */
export const ownThreadKey = (guid: string): string => guid;
