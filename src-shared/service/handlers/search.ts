import type { PostAnswer } from '../../api/answers';
import type { PostSearchInput } from '../../api/inputs';
import { timelineOrder } from '../../store/order';
import type { PostRow } from '../../store/rows';
import { searchPosts } from '../../store/search';
import { readPersonaPosts } from '../../store/timeline';
import { MIN_WORD_CHARS } from '../../text/words';
import type { Handler } from '../context';
import { presentPosts } from '../present';
import { readSearchFilter } from '../search-filter';
import { problems } from '../validate';
import { canRead } from '../visibility';
import { cursorOf } from './timelines';

/**
 * GET /api/posts/search (extension): the posts of `types` (default all four) that hold every word of `q`,
 * of every kind, titled or not, newest first (timeline order, not relevance), only those the viewer may
 * read. `q` is read as the legacy search reads its filter (`readSearchFilter`): `@handle` narrows to one
 * Persona, and a handle alone lists its posts. `before` continues after a post as on the timelines.
 */
export const postSearch: Handler<PostAnswer[], PostSearchInput> = async (ctx, input) => {
  const { author, words, short } = await readSearchFilter(ctx, input.q);
  if (short.length > 0) throw problems([`search words need at least ${MIN_WORD_CHARS} letters or digits: ${short.join(', ')}`]);
  const before = await cursorOf(ctx, input.before);
  if (author === null) return [];
  const types: readonly string[] = input.types;
  const accept = (post: PostRow) =>
    types.includes(post.type) && canRead(post, ctx.viewer, ctx.now) && (author === undefined || post.personaGuid === author.guid);

  const query = { count: input.count, accept, ...(before ? { startOrder: { key: timelineOrder(before.publishUnix, before.guid), open: true } } : {}) };
  // Without words the filter named a Persona (`readSearchFilter`): its posts are read from its own index,
  // not picked out of every post of the store.
  const posts = author && words.length === 0 ? await readPersonaPosts(ctx.db, { ...query, personaGuid: author.guid }) : await searchPosts(ctx.db, { ...query, words });
  return presentPosts(ctx, posts);
};
