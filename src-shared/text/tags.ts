import { charCount } from '../util/chars';

/** Spec 8: a tag is at most 128 characters and at most 512 bytes of UTF-8. */
const MAX_TAG_CHARACTERS = 128;
const MAX_TAG_BYTES = 512;

const utf8 = new TextEncoder();

export interface ParsedTags {
  /** Tags within the limits, in the order given, first spelling of each. */
  tags: string[];
  /** Tags over a limit, left out of `tags` so the caller can name them in an error. */
  tooLong: string[];
}

/**
 * What makes two tags the same: case, a leading `#` and Unicode spelling do not count. Tags are found by it
 * (the search index holds `tagWord(tag)` for each tag of a post, store/post-derived.ts).
 */
export const tagKey = (tag: string): string => tag.trim().replace(/^#+/, '').trim().normalize('NFC').toLowerCase();

/**
 * A tag as the search index holds it: its key after `#`. No word of text starts with `#` (words are runs of
 * letters and digits), so a tag is found exactly, whatever its length or its characters.
 */
export const tagWord = (tag: string): string => `#${tagKey(tag)}`;

/** Parses the comma-separated `tags` variable of a write request. */
export function parseTags(input: string): ParsedTags {
  const seen = new Set<string>();
  const result: ParsedTags = { tags: [], tooLong: [] };
  for (const part of input.split(',')) {
    // People type "#travel" as often as "travel"; both mean the same tag.
    const tag = part.trim().replace(/^#+/, '').trim();
    const key = tagKey(tag);
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    (isTooLong(tag) ? result.tooLong : result.tags).push(tag);
  }
  return result;
}

/** A tag a post may keep: something, within the limits. */
export const isTagWithinLimits = (tag: string): boolean => tag.trim() !== '' && !isTooLong(tag);

function isTooLong(tag: string): boolean {
  // Characters are code points (what the storage limit counts), not UTF-16 units: one emoji is one.
  // Four bytes per code point at most means 128 characters always fit 512 bytes; the byte check keeps
  // the rule true to the spec should the character count ever change.
  return charCount(tag) > MAX_TAG_CHARACTERS || utf8.encode(tag).length > MAX_TAG_BYTES;
}

/**
 * `#tag` in running text: letters (with their combining marks), digits and underscores.
 * - Not after a letter, digit, underscore, `&`, `/`, `=` or `#`, which keeps out `page#part`, `&#38;`,
 *   `/#/path`, `?q=#x` and `##`.
 * - Not followed by `#`, so `#a#b` is no tag rather than a cut one; the run takes every tag character after
 *   it, so a tag is never cut short either.
 */
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&/=#])#([\p{L}\p{M}\p{N}_]+)(?!#)/gu;
const LETTER = /\p{L}/u;

/** A hashtag in a plain text: where it stands (in UTF-16 units), what is written there, and the tag. */
export interface PlacedTag {
  index: number;
  text: string;
  tag: string;
}

/**
 * The `#tag`s of a plain text (a page's text as shown, not Markdown), in order. A tag needs a letter, so
 * `#1` stays a number, and keeps within a tag's limits: a longer run is no tag rather than a cut one.
 */
export function* hashtagsIn(text: string): Generator<PlacedTag> {
  // matchAll works on a copy of the expression, so the shared one keeps no position between calls.
  for (const match of text.matchAll(HASHTAG)) {
    const tag = match[1] ?? '';
    if (LETTER.test(tag) && !isTooLong(tag)) yield { index: match.index, text: match[0], tag };
  }
}
