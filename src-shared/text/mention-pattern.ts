/**
 * The one rule of what a mention is, in a module of its own: the page links mentions in every post it
 * shows, and must not load the Markdown reader (mentions.ts) to do it.
 */

/**
 * `@handle`: 1 to 64 letters, digits, underscores, dots and hyphens, where dots and hyphens only occur
 * inside, so that `@bob.` and `@bob-` at the end of a sentence mean `bob`.
 * - Not after a word character, which keeps the `@` of `a@b.com` out.
 * - Not followed by more handle characters (so an over-long handle is no handle rather than a truncated
 *   one), nor by `@`, because `@bob@example.com` names an account elsewhere.
 */
export const MENTION =
  /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]{0,62}[\p{L}\p{N}_])?)(?![\p{L}\p{N}_@]|[.-][\p{L}\p{N}_])/gu;

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
