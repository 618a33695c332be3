import { charCount } from '../util/chars';

/** Section 8: a search word has at least 4 characters. Shorter words are neither indexed nor searched. */
export const MIN_WORD_CHARS = 4;
/** Longer runs are identifiers, hashes or pasted noise, not words anyone searches for. */
const MAX_WORD_CHARS = 64;

/**
 * A text's runs of letters and digits (any script), lower case and NFC: what search indexes and queries are
 * cut into before short and long runs are left out. Markdown punctuation and URLs' slashes split runs.
 */
export function wordRuns(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The distinct words of a text, lower case, as search indexes and queries both see them: its runs
 * (wordRuns) of at least MIN_WORD_CHARS characters, so a link's host and path words are findable too.
 */
export function searchWords(...texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of wordRuns(text)) {
      const length = charCount(word);
      if (length >= MIN_WORD_CHARS && length <= MAX_WORD_CHARS) words.add(word);
    }
  }
  return [...words];
}

/**
 * A run of a text as written: letters, digits and the marks that combine with them (NFC may join a letter
 * and its mark into one letter, so they are not split here before the run is read).
 */
const WRITTEN_RUN = /[\p{L}\p{M}\p{N}]+/gu;

/** A run of a text as written: where it stands (in UTF-16 units), its length, and its words as wordRuns reads them. */
export interface PlacedRun {
  index: number;
  length: number;
  words: string[];
}

/** Where a text's words stand in it as written, for showing them; what they are is wordRuns' answer for each run. */
export function* placedRuns(text: string): Generator<PlacedRun> {
  for (const match of text.matchAll(WRITTEN_RUN))
    yield { index: match.index, length: match[0].length, words: wordRuns(match[0]) };
}
