import { placedRuns } from '../../src-shared/text/words';

/** At most this many words are marked in one post: enough to see why it matched, bounded for a huge one. */
export const MAX_MARKS_PER_POST = 200;

/** The class of the marks made here, told apart from a `<mark>` the author wrote. */
export const SEARCH_MARK_CLASS = 'search-mark';

/** A stretch of a text, marked when it holds one of the searched words. */
export interface TextPiece {
  text: string;
  marked: boolean;
}

/**
 * Where the searched words stand in a text: each run of letters and digits that the search reads as one of
 * `words` (as the index reads it: lower case, NFC, src-shared/text/words.ts), as [start, end) in UTF-16
 * units. A run whose reading splits in two (a letter that lower-cases into a letter and a mark) is marked
 * whole when either part is searched: a mark may be a little wide, never in the middle of a word.
 */
function* spansOf(text: string, words: ReadonlySet<string>): Generator<[number, number]> {
  for (const run of placedRuns(text)) {
    if (run.words.some((word) => words.has(word))) yield [run.index, run.index + run.length];
  }
}

/** A text cut into pieces at the searched words, for showing as text and `<mark>`s; the pieces join into the text. */
export function markedPieces(text: string, words: readonly string[], limit = MAX_MARKS_PER_POST): TextPiece[] {
  if (words.length === 0 || text === '') return [{ text, marked: false }];
  const pieces: TextPiece[] = [];
  let at = 0;
  let count = 0;
  for (const [start, end] of spansOf(text, new Set(words))) {
    if (count >= limit) break;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
    count += 1;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

/**
 * Wraps the searched words of a post's (already safe) HTML in `<mark>`: text nodes only, so the markup
 * around them stays as it was, and the text is the same letter for letter. At most `limit` marks.
 * Answers how many were made.
 */
export function markWords(
  root: DocumentFragment | Element,
  words: readonly string[],
  limit = MAX_MARKS_PER_POST,
): number {
  if (words.length === 0) return 0;
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node instanceof Text) nodes.push(node);
  let made = 0;
  for (const node of nodes) {
    if (made >= limit) break;
    const pieces = markedPieces(node.data, words, limit - made);
    if (!pieces.some((piece) => piece.marked)) continue;
    const replaced = doc.createDocumentFragment();
    for (const piece of pieces) {
      if (!piece.marked) {
        if (piece.text) replaced.append(piece.text);
        continue;
      }
      const mark = doc.createElement('mark');
      mark.className = SEARCH_MARK_CLASS;
      mark.textContent = piece.text;
      replaced.append(mark);
      made += 1;
    }
    node.replaceWith(replaced);
  }
  return made;
}
