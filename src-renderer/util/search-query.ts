import { mentionsIn } from '../../src-shared/text/mention-pattern';
import { MIN_WORD_CHARS, searchWords, wordRuns } from '../../src-shared/text/words';
import { charCount, firstChars } from '../../src-shared/util/chars';

/** What the page does with a search as typed. */
export interface SearchPlan {
  /** The search to ask the instance for; null when nothing typed can be searched. */
  query: string | null;
  /** The terms left out: no word in them is long enough to be searched. */
  short: string[];
  /** The words the results are found by, as the index reads them: what to mark in them. */
  words: string[];
  /** What to tell the person about the terms left out, in plain words; null when every term is searched. */
  note: string | null;
}

/** Named in a note at most: the terms are the person's (or an address's), and a note stays a line or two. */
const MAX_TERMS_NAMED = 8;
const MAX_TERM_CHARS = 24;

/**
 * Reads a search as the instance will (src-shared/service/search-filter.ts), before asking it: terms apart
 * by white space; `@name` is a Persona; any other term is searched by its runs of letters and digits, and
 * a term with no run of MIN_WORD_CHARS is refused by the instance, as the index holds no shorter words. So
 * the short terms are left out and named instead of refused, and the rest is searched. When nothing is left:
 * one short term alone is asked for as a Persona's handle (as the instance reads a lone term that is one);
 * otherwise nothing is asked, and the note says what to type.
 */
export function planSearch(text: string): SearchPlan {
  const terms = text.split(/\s+/u).filter(Boolean);
  const isShort = (term: string) =>
    !term.startsWith('@') && !wordRuns(term).some((run) => charCount(run) >= MIN_WORD_CHARS);
  const short = terms.filter(isShort);
  const kept = terms.filter((term) => !isShort(term));
  const words = searchWords(...kept.filter((term) => !term.startsWith('@')));
  if (short.length === 0) return { query: kept.length > 0 ? kept.join(' ') : null, short, words, note: null };

  const leftOut = `Words of fewer than ${MIN_WORD_CHARS} letters are not searched: ${named(short)}.`;
  if (kept.length > 0) return { query: kept.join(' '), short, words, note: leftOut };
  const [only] = terms;
  if (terms.length === 1 && only !== undefined && isHandle(only)) {
    return {
      query: `@${only}`,
      short,
      words: [],
      note: `${leftOut} Shown instead: the posts of @${only}, if there is such a Persona. To search words, type one of ${MIN_WORD_CHARS} letters or more.`,
    };
  }
  return {
    query: null,
    short,
    words: [],
    note: `${leftOut} Type a word of ${MIN_WORD_CHARS} letters or more, or @name for a Persona's posts.`,
  };
}

/** Whether `@term` is one mention by the mention rule, all of it a handle. */
function isHandle(term: string): boolean {
  const [mention] = mentionsIn(`@${term}`);
  return mention?.text === `@${term}`;
}

/** “to”, “of” and 3 more: each term quoted, long ones cut. */
function named(terms: readonly string[]): string {
  const unique = [...new Set(terms)];
  const shown = unique.slice(0, MAX_TERMS_NAMED).map((term) => {
    const cut = firstChars(term, MAX_TERM_CHARS);
    return `“${cut}${cut === term ? '' : '…'}”`;
  });
  const more = unique.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
