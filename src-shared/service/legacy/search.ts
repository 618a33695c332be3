import type { SearchInput } from '../../api/legacy-inputs';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import { holdsWords } from '../../store/post-derived';
import type { PersonaRow, PostRow } from '../../store/rows';
import { searchPosts } from '../../store/search';
import { readPersonaPosts } from '../../store/timeline';
import { MIN_WORD_CHARS } from '../../text/words';
import type { Ctx, Handler } from '../context';
import { problems } from '../validate';
import { canRead } from '../visibility';
import { isBlurb, sincePage, startOrderOf } from './blurbs';
import { presentLegacyPosts } from './present-post';
import { charCount } from '../../util/chars';

/** What a filter asks for: the author (undefined: anyone; null: an account that does not exist) and words. */
interface Filter {
  author: PersonaRow | null | undefined;
  words: string[];
}

/**
 * GET /content/blurbs/search (section 4.1). `filter` is required: terms separated by white space, and a
 * post must match every term.
 * - `@name` is an account name: a Persona handle, any case. Only that Persona's posts match; an unknown
 *   name (or two different ones) finds nothing, which is not an error. A filter of one term without `@`
 *   that is a handle here is that account name too, as the spec lets a filter be "an account name".
 * - Any other term is a word, read as the search index reads text (as `searchWords` does: lower case, NFC,
 *   runs of letters and digits), so `Café` finds `café` and `example.com` finds `example`. Section 8: a word has at
 *   least MIN_WORD_CHARS characters; a term without such a run is a 400 naming it (the index holds no
 *   shorter words, so it could never be found).
 * - Only Blurbs (`isBlurb`) the reader may see (`canRead`), most recent first by publication (timeline
 *   order), not by relevance. An account name alone lists that Persona's Blurbs.
 * - `count`, `before_id`, `before_unix` and `simple_posts` work as in the global collection.
 * - `since_unix` / `since_id` also page as in the global collection (`sincePage`: the oldest `count`
 *   matches that became new after the cursor, by the later of publication and last change), so a client
 *   polls a search exactly as it polls the global Blurbs and misses nothing, edits and back-dated posts
 *   included. Those are found from the posts that became new after the cursor, each checked for the words:
 *   a poll costs what is new, not every match of a common word (which a publish-time order could not stop
 *   early on, since an old post may have changed recently); a cursor far in the past costs that much more.
 */
export const searchBlurbs: Handler<LegacyPostAnswer[], SearchInput> = async (ctx, input) => {
  const { author, words } = await readFilter(ctx, input.filter);
  if (author === null) return [];
  const accept = (post: PostRow) =>
    isBlurb(post) && canRead(post, ctx.viewer, ctx.now) && (author === undefined || post.personaGuid === author.guid);

  let posts: PostRow[];
  if (input.since_unix !== undefined || input.since_id !== undefined) {
    posts = await sincePage(ctx, input, (post) => accept(post) && holdsWords(post, words));
  } else {
    const query = { count: input.count, accept, ...(await startOrderOf(ctx, input)) };
    posts =
      author && words.length === 0
        ? await readPersonaPosts(ctx.db, { ...query, personaGuid: author.guid })
        : await searchPosts(ctx.db, { ...query, words });
  }
  return presentLegacyPosts(ctx, posts, input.simple_posts ?? false);
};

async function readFilter(ctx: Ctx, text: string): Promise<Filter> {
  const terms = text.split(/\s+/u).filter(Boolean);
  const [only] = terms;
  // One bare term that is a handle here is an account name, whatever its length.
  if (terms.length === 1 && only !== undefined && !only.startsWith('@')) {
    const author = await personaNamed(ctx, only);
    if (author) return { author, words: [] };
  }
  const wordTerms = terms.filter((term) => !term.startsWith('@')).map((term) => ({ term, words: wordsOf(term) }));
  const short = wordTerms.filter((t) => t.words.length === 0).map((t) => t.term);
  if (short.length > 0) throw problems([`each search word must be at least ${MIN_WORD_CHARS} characters: ${short.join(', ')}`]);
  const words = [...new Set(wordTerms.flatMap((t) => t.words))];

  const names = new Set(terms.filter((term) => term.startsWith('@')).map((term) => term.slice(1)));
  if (names.size === 0) return { author: undefined, words };
  const [name] = names;
  const author = names.size === 1 && name !== undefined ? await personaNamed(ctx, name) : undefined;
  return { author: author ?? null, words };
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

const personaNamed = (ctx: Ctx, handle: string) => ctx.db.personas.where('handleKey').equals(handle.toLowerCase()).first();
