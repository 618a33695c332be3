import type { PersonaRow } from '../store/rows';
import { MIN_WORD_CHARS } from '../text/words';
import { charCount } from '../util/chars';
import type { Ctx } from './context';

/**
 * What a search asks for: the author (undefined: anyone; null: an account that does not exist, so nothing
 * is found), the words a post must all hold, and the terms too short to be a word (each search refuses them
 * in its own interface's words).
 */
export interface SearchFilter {
  author: PersonaRow | null | undefined;
  words: string[];
  short: string[];
}

/**
 * Reads search terms separated by white space, as both searches take them (`GET /content/blurbs/search`,
 * `GET /api/posts/search`):
 * - `@name` is a Persona handle, any case: only its posts match. An unknown name (or two different ones)
 *   finds nothing, which is not an error. A filter of one term without `@` that is a handle here is that
 *   Persona too, whatever its length, as the spec lets a filter be "an account name".
 * - Any other term is a word, read as the search index reads text (as `searchWords` does: lower case, NFC,
 *   runs of letters and digits), so `Café` finds `café` and `example.com` finds `example`. A term without a
 *   run of at least MIN_WORD_CHARS characters is `short`: the index holds no shorter words, so it could never
 *   be found.
 */
export async function readSearchFilter(ctx: Ctx, text: string): Promise<SearchFilter> {
  const terms = text.split(/\s+/u).filter(Boolean);
  const [only] = terms;
  if (terms.length === 1 && only !== undefined && !only.startsWith('@')) {
    const author = await personaNamed(ctx, only);
    if (author) return { author, words: [], short: [] };
  }
  const wordTerms = terms.filter((term) => !term.startsWith('@')).map((term) => ({ term, words: wordsOf(term) }));
  const short = wordTerms.filter((t) => t.words.length === 0).map((t) => t.term);
  const words = [...new Set(wordTerms.flatMap((t) => t.words))];

  const names = new Set(terms.filter((term) => term.startsWith('@')).map((term) => term.slice(1)));
  if (names.size === 0) return { author: undefined, words, short };
  const [name] = names;
  const author = names.size === 1 && name !== undefined ? await personaNamed(ctx, name) : undefined;
  return { author: author ?? null, words, short };
}

/**
 * A term's words, cut and normalised as `searchWords` cuts the text it indexes, and like it leaving out runs
 * shorter than MIN_WORD_CHARS. Runs too long to be indexed are kept: they find nothing, as nothing holds them
 * (dropping them would widen the search instead).
 */
const wordsOf = (term: string): string[] =>
  term
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((run) => charCount(run) >= MIN_WORD_CHARS);

const personaNamed = (ctx: Ctx, handle: string) =>
  ctx.db.personas.where('handleKey').equals(handle.toLowerCase()).first();
