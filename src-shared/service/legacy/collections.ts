import type { BlurbsInput } from '../../api/legacy-inputs';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import type { PublishingDb } from '../../store/db';
import { changeRowOf } from '../../store/post-derived';
import type { PostRow } from '../../store/rows';
import { newestFirst } from '../../store/timeline';
import type { Ctx, SignedInHandler, Viewer } from '../context';
import { canRead } from '../../store/visibility';
import { cutAtWholeSecond, isBlurb, positionOf } from './blurbs';
import { presentLegacyPosts } from './present-post';
import { postsByGuids } from '../../store/posts-by-guid';

/**
 * The collections of one account: mentions, interactions and pins (section 4.1; token required). Each is
 * read whole from the table that relates posts to the account's Personas, which holds what concerns one
 * person, not the whole store, and is then paged here with the cursors and rules of `global`.
 */
function accountCollection(
  candidates: (db: PublishingDb, viewer: Viewer) => Promise<PostRow[]>,
  blurbsOnly: boolean,
): SignedInHandler<LegacyPostAnswer[], BlurbsInput> {
  return async (ctx, input) => {
    const readable = (await candidates(ctx.db, ctx.viewer)).filter(
      (post) => canRead(post, ctx.viewer, ctx.now) && (!blurbsOnly || isBlurb(post)),
    );
    const page =
      input.since_unix !== undefined || input.since_id !== undefined
        ? await newSince(ctx, input, readable)
        : await newestBefore(ctx, input, readable);
    return presentLegacyPosts(ctx, page, input.simple_posts ?? false);
  };
}

/** Without `since_*`: newest first, after `before_id` (exclusive) and published before `before_unix`. */
async function newestBefore(ctx: Ctx, input: BlurbsInput, posts: PostRow[]): Promise<PostRow[]> {
  const before = input.before_id === undefined ? null : await positionOf(ctx, input.before_id, 'before_id');
  return posts
    .filter((post) => input.before_unix === undefined || post.publishUnix < input.before_unix)
    .filter((post) => before === null || newestFirst(post, before) > 0)
    .sort(newestFirst)
    .slice(0, input.count);
}

/** With `since_*`: the same rule as `global` (see blurbs.ts `sincePage`), computed on the rows at hand. */
async function newSince(ctx: Ctx, input: BlurbsInput, posts: PostRow[]): Promise<PostRow[]> {
  const changeOf = (post: PostRow) => changeRowOf(post).changeUnix;
  let after = { change: input.since_unix ?? 0, order: '' };
  if (input.since_id !== undefined) {
    const cursor = await positionOf(ctx, input.since_id, 'since_id');
    after = { change: changeOf(cursor), order: cursor.guid };
  }
  const fresh = posts
    .map((post) => ({ post, change: changeOf(post) }))
    .filter(
      ({ post, change }) =>
        change <= ctx.now &&
        (change > after.change || (change === after.change && after.order !== '' && post.guid > after.order)),
    )
    .sort((a, b) => a.change - b.change || (a.post.guid < b.post.guid ? -1 : 1));
  let taken = fresh.slice(0, input.count);
  if (input.since_id === undefined) {
    const cut = cutAtWholeSecond(fresh, input.count, ({ change }) => change);
    taken = 'page' in cut ? cut.page : fresh.filter(({ change }) => change <= cut.wholeSecond);
  }
  return taken.map(({ post }) => post).sort(newestFirst);
}

/** The tables that file posts under a Persona, each by `[personaGuid+<time>+postGuid]`. */
const BY_PERSONA = {
  mentions: '[personaGuid+publishUnix+postGuid]',
  replies: '[personaGuid+publishUnix+postGuid]',
  pins: '[personaGuid+pinnedUnix+postGuid]',
} as const;

/** The GUIDs of the posts a table files under any of the account's Personas. */
async function guidsFiledUnder(db: PublishingDb, viewer: Viewer, table: keyof typeof BY_PERSONA): Promise<string[]> {
  const rows = await Promise.all(
    viewer.personaGuids.map((persona) =>
      db[table].where(BY_PERSONA[table]).between([persona, -Infinity, ''], [persona, Infinity, '\uffff']).toArray(),
    ),
  );
  return rows.flat().map((row) => row.postGuid);
}

/** GET /content/blurbs/mentions: Blurbs that mention one of the account's Personas, by anyone. */
export const mentionBlurbs = accountCollection(
  async (db, viewer) => postsByGuids(db, await guidsFiledUnder(db, viewer, 'mentions')),
  true,
);

/**
 * GET /content/blurbs/interactions: what other accounts did with this one: their Blurbs that mention one
 * of its Personas or reply to one of its posts. On a single-user instance these arrive from the remotes it
 * syncs with; the account's own mentions of itself and its own replies are not interactions.
 */
export const interactionBlurbs = accountCollection(async (db, viewer) => {
  const guids = [...(await guidsFiledUnder(db, viewer, 'replies')), ...(await guidsFiledUnder(db, viewer, 'mentions'))];
  const posts = await postsByGuids(db, guids);
  return posts.filter((post) => post.accountGuid !== viewer.accountGuid);
}, true);

/**
 * GET /content/blurbs/pins: the posts the account's Personas pinned, of every kind (a pinned blog post
 * is as much a pin as a pinned Blurb), newest published first like every collection.
 */
export const pinnedPosts = accountCollection(
  async (db, viewer) => postsByGuids(db, await guidsFiledUnder(db, viewer, 'pins')),
  false,
);
