import type { SearchInput } from '../../api/legacy-inputs';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import { holdsWords } from '../../store/post-derived';
import type { PostRow } from '../../store/rows';
import { searchPosts } from '../../store/search';
import { readPersonaPosts } from '../../store/timeline';
import { MIN_WORD_CHARS } from '../../text/words';
import type { Ctx, Handler } from '../context';
import { problems } from '../validate';
import { canRead } from '../../store/visibility';
import { isBlurb, sincePage, startOrderOf } from './blurbs';
import { presentLegacyPosts } from './present-post';
import { readSearchFilter, type SearchFilter } from '../search-filter';

/**
 * GET /content/blurbs/search (section 4.1). `filter` is required: terms separated by white space, and a
 * post must match every term.
 * - Terms are read by `readSearchFilter`: `@name` (or a lone handle) is the author, the rest words. Section 8:
 *   a word has at least MIN_WORD_CHARS characters; a term without such a run is a 400 naming it.
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

async function readFilter(ctx: Ctx, text: string): Promise<SearchFilter> {
  const filter = await readSearchFilter(ctx, text);
  if (filter.short.length > 0)
    throw problems([`each search word must be at least ${MIN_WORD_CHARS} characters: ${filter.short.join(', ')}`]);
  return filter;
}
