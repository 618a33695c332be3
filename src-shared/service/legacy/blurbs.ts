import { ErrorText, ServiceError } from '../../api/errors';
import type { BlurbsInput } from '../../api/legacy-inputs';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import { readChangesAfter } from '../../store/changes';
import type { PostRow, PostType } from '../../store/rows';
import { orderAtOrBefore, type OrderStart } from '../../store/order';
import { readPersonaPosts, readTimeline } from '../../store/timeline';
import type { Ctx, Handler, SignedInHandler } from '../context';
import type { legacyRoutes } from '../../api/legacy-routes';
import type { RouteHandler } from '../router';
import { problems } from '../validate';
import { canRead } from '../../store/visibility';
import { presentLegacyPosts } from './present-post';

/** Social objects without a title: Blurbs, and the instance interface's bookmarks and quotations. */
const BLURB_TYPES: readonly PostType[] = ['post.note', 'post.bookmark', 'post.quotation'];
export const isBlurb = (post: PostRow) => BLURB_TYPES.includes(post.type) && (post.title ?? '') === '';

/**
 * The Blurbs of the whole instance, or of one Persona, that the requester may read. Without `since_*`:
 * newest first, continued with `before_id` (after that post, exclusive) or `before_unix` (published before
 * that second). With `since_unix` / `since_id`: see `sincePage`.
 */
async function readBlurbs(ctx: Ctx, input: BlurbsInput, personaGuid?: string): Promise<PostRow[]> {
  const accept = (post: PostRow) =>
    isBlurb(post) &&
    canRead(post, ctx.viewer, ctx.now) &&
    (personaGuid === undefined || post.personaGuid === personaGuid);
  if (input.since_unix !== undefined || input.since_id !== undefined) return sincePage(ctx, input, accept);
  if (personaGuid !== undefined) {
    return readPersonaPosts(ctx.db, { count: input.count, accept, personaGuid, ...(await startOrderOf(ctx, input)) });
  }
  return readTimeline(ctx.db, {
    types: BLURB_TYPES,
    count: input.count,
    ...(input.before_unix !== undefined ? { until: input.before_unix - 1 } : {}),
    ...(input.before_id !== undefined ? { before: await positionOf(ctx, input.before_id, 'before_id') } : {}),
    accept,
  });
}

/** `before_unix` (exclusive) and `before_id` (after that post): the later of the two starting points. */
export async function startOrderOf(ctx: Ctx, input: BlurbsInput): Promise<{ startOrder?: OrderStart }> {
  const starts: OrderStart[] = [];
  if (input.before_unix !== undefined) starts.push({ key: orderAtOrBefore(input.before_unix - 1), open: false });
  if (input.before_id !== undefined)
    starts.push({ key: (await positionOf(ctx, input.before_id, 'before_id')).order, open: true });
  const later = starts.reduce<OrderStart | undefined>((a, b) => (a === undefined || b.key > a.key ? b : a), undefined);
  return later ? { startOrder: later } : {};
}

/** GET /content/blurbs/global: no token needed; without one, only public Blurbs. */
export const globalBlurbs: Handler<LegacyPostAnswer[], BlurbsInput> = async (ctx, input) => {
  return presentLegacyPosts(ctx, await readBlurbs(ctx, input), input.simple_posts ?? false);
};

/**
 * GET /content/blurbs/home (token required). On a single-user instance everything stored was written by
 * its account or synced from the remotes it chose to follow, so home is every Blurb the account may read:
 * global, with its own private and future-dated Blurbs.
 */
export const homeBlurbs: SignedInHandler<LegacyPostAnswer[], BlurbsInput> = globalBlurbs;

/**
 * GET /users/blurbs/{account_id}: the Blurbs of one Persona (the legacy "account", by its numeric id), with
 * the parameters of the Blurb collections; no token needed. An unknown id is a 404.
 */
export const personaBlurbs: RouteHandler<typeof legacyRoutes.personaBlurbs> = async (ctx, input, { account_id }) => {
  const persona = await ctx.db.personas.where('id').equals(account_id).first();
  if (!persona) throw new ServiceError(404, ErrorText.invalidAccount);
  return presentLegacyPosts(ctx, await readBlurbs(ctx, input, persona.guid), input.simple_posts ?? false);
};

export async function positionOf(ctx: Ctx, id: number, name: string) {
  const post = await ctx.db.posts.get(id);
  if (!post || !canRead(post, ctx.viewer, ctx.now)) throw problems([`${name} must be the id of a post you can read`]);
  return post;
}

/**
 * Everything that became new after the cursor (a post counts from the later of its last change and its
 * publication, so back-dated and future-dated Blurbs are collected too): the OLDEST `count` of them, shown
 * newest first. A client continues with `since_unix` = the largest `max(publish_unix, updated_unix)` of the
 * page until a page is empty, and misses nothing. With `since_unix` alone a page never ends inside a
 * second (it holds back the rest of that second for the next page, or, when one second holds more than
 * `count` Blurbs, returns all of them); `since_id` (with or without `since_unix`) is an exact position.
 */
export async function sincePage(ctx: Ctx, input: BlurbsInput, accept: (post: PostRow) => boolean): Promise<PostRow[]> {
  const exact = input.since_id !== undefined;
  let after = { changeUnix: input.since_unix ?? 0, postGuid: '\uffff' };
  if (input.since_id !== undefined) {
    const post = await positionOf(ctx, input.since_id, 'since_id');
    const change = await ctx.db.changes.where('postGuid').equals(post.guid).first();
    if (change) after = change;
  }
  const query = { after, until: ctx.now, accept };
  let found = await readChangesAfter(ctx.db, { ...query, count: exact ? input.count : input.count + 1 });
  if (!exact) {
    const cut = cutAtWholeSecond(found, input.count, (f) => f.change.changeUnix);
    found =
      'page' in cut
        ? cut.page
        : await readChangesAfter(ctx.db, { ...query, until: cut.wholeSecond, count: Number.MAX_SAFE_INTEGER });
  }
  return found
    .sort((a, b) => b.change.changeUnix - a.change.changeUnix || (a.post.guid < b.post.guid ? 1 : -1))
    .map((f) => f.post);
}

/**
 * The rule that a `since_unix` page never ends inside a second. Given the oldest new rows, oldest first
 * (`count + 1` of them when there are more), the page is the first `count` less the second the next row
 * falls in; when all `count` fall in that second, the caller takes that whole second instead.
 */
export function cutAtWholeSecond<T>(
  found: readonly T[],
  count: number,
  secondOf: (row: T) => number,
): { page: T[] } | { wholeSecond: number } {
  const next = found[count];
  if (next === undefined) return { page: [...found] };
  const second = secondOf(next);
  const whole = found.slice(0, count).filter((row) => secondOf(row) !== second);
  return whole.length > 0 ? { page: whole } : { wholeSecond: second };
}
