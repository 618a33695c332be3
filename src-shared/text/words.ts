import { charCount } from '../util/chars';

/** Section 8: a search word has at least 4 characters. Shorter words are neither indexed nor searched. */
export const MIN_WORD_CHARS = 4;
/** Longer runs are identifiers, hashes or pasted noise, not words anyone searches for. */
const MAX_WORD_CHARS = 64;

/**
 * The distinct words of a text, lower case, as search indexes and queries both see them: runs of letters
 * and digits (any script), at least MIN_WORD_CHARS long. Markdown punctuation and URLs' slashes split words,
 * so a link's host and path words are findable too.
 */
export function searchWords(...texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().normalize('NFC').split(/[^\p{L}\p{N}]+/u)) {
      const length = charCount(word);
      if (length >= MIN_WORD_CHARS && length <= MAX_WORD_CHARS) words.add(word);
    }
  }
  return [...words];
}
