import type { PostAnswer } from '../../api/answers';
import type { PostSearchInput } from '../../api/inputs';
import { timelineOrder } from '../../store/order';
import type { PersonaRow, PostRow } from '../../store/rows';
import { searchPosts } from '../../store/search';
import { readPersonaPosts } from '../../store/timeline';
import { tagWord } from '../../text/tags';
import { MIN_WORD_CHARS } from '../../text/words';
import type { Ctx, Handler } from '../context';
import { presentPosts } from '../present';
import { readSearchFilter } from '../search-filter';
import { problems } from '../validate';
import { canRead } from '../../store/visibility';
import { cursorOf } from './timelines';
import { fitsScheduled } from '../scheduled';

/**
 * GET /api/posts/search (extension): the posts of `types` (default all four) that hold every word of `q`,
 * of every kind, titled or not, newest first (timeline order, not relevance), only those the viewer may
 * read. `q` is read as the legacy search reads its filter (`readSearchFilter`): `@handle` narrows to one
 * Persona, and a handle alone lists its posts. `tag` keeps the posts with that tag exactly (the index holds
 * each tag as a word of its own, store/post-derived.ts) and `author_guid` those of one author, the same as
 * `@handle` but for any Persona this instance knows, a remote's too. `before` continues after a post as on
 * the timelines, and `scheduled` too: by default only what has been published.
 */
export const postSearch: Handler<PostAnswer[], PostSearchInput> = async (ctx, input) => {
  const { author: named, words: qWords, short } = await readSearchFilter(ctx, input.q);
  if (short.length > 0)
    throw problems([`search words need at least ${MIN_WORD_CHARS} letters or digits: ${short.join(', ')}`]);
  const before = await cursorOf(ctx, input.before);
  const author =
    named === null || input.author_guid === undefined ? named : await authorOf(ctx, input.author_guid, named);
  if (author === null) return [];
  const words = input.tag === undefined ? qWords : [...qWords, tagWord(input.tag)];
  const types: readonly string[] = input.types;
  const accept = (post: PostRow) =>
    types.includes(post.type) &&
    canRead(post, ctx.viewer, ctx.now) &&
    fitsScheduled(post, input.scheduled, ctx.now) &&
    (author === undefined || post.personaGuid === author.guid);

  const query = {
    count: input.count,
    accept,
    ...(before ? { startOrder: { key: timelineOrder(before.publishUnix, before.guid), open: true } } : {}),
  };
  // Without words the filter named a Persona (`readSearchFilter`): its posts are read from its own index,
  // not picked out of every post of the store.
  const posts =
    author && words.length === 0
      ? await readPersonaPosts(ctx.db, { ...query, personaGuid: author.guid })
      : await searchPosts(ctx.db, { ...query, words });
  return presentPosts(ctx, posts);
};

/** The Persona of `author_guid`; null (nothing is found) for one unknown here or other than the one `q` names. */
async function authorOf(ctx: Ctx, guid: string, named: PersonaRow | undefined): Promise<PersonaRow | null> {
  const persona = await ctx.db.personas.get(guid);
  if (!persona || (named !== undefined && named.guid !== persona.guid)) return null;
  return persona;
}
