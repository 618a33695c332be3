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

function isTooLong(tag: string): boolean {
  // Characters are code points (what the storage limit counts), not UTF-16 units: one emoji is one.
  // Four bytes per code point at most means 128 characters always fit 512 bytes; the byte check keeps
  // the rule true to the spec should the character count ever change.
  return charCount(tag) > MAX_TAG_CHARACTERS || utf8.encode(tag).length > MAX_TAG_BYTES;
}
