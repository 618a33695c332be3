import { ErrorText, ServiceError } from '../../api/errors';
import { readPin, type PinColour } from '../../api/vocabulary';
import { markPostsDeleted } from '../../store/delete';
import { setPin, setStar } from '../../store/relations';
import type { SignedInCtx } from '../context';
import type { RouteHandler } from '../router';
import { presentPosts } from '../present';
import { requireReadablePost } from '../posts';
import { queueChange } from '../../sync/outbox';
import type { DeleteAnswer } from '../../api/answers';
import type { ActingInput } from '../../api/inputs';
import type { instanceRoutes } from '../../api/instance-routes';

/** The Persona that acts: `persona_guid` must then be one of the viewer's; without it, the first one. */
export function actingPersonaOrFail(ctx: SignedInCtx, input: ActingInput): string {
  const asked = input.persona_guid?.trim().toLowerCase();
  const persona = asked ? ctx.viewer.personaGuids.find((g) => g === asked) : ctx.viewer.personaGuids[0];
  if (!persona) throw new ServiceError(400, ErrorText.invalidPersona);
  return persona;
}

/** POST /api/posts/{guid}/star */
export const starPost: RouteHandler<typeof instanceRoutes.star> = async (ctx, input, { guid }) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, guid, ErrorText.couldNotStar);
  const starred = await setStar(ctx.db, post, persona, ctx.now);
  await queueChange(ctx.db, { op: 'star', post: starred, actingPersonaGuid: persona, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [starred]);
};

/** DELETE /api/posts/{guid}/star: removing a star that is not there is not an error. */
export const unstarPost: RouteHandler<typeof instanceRoutes.unstar> = async (ctx, input, { guid }) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, guid, ErrorText.couldNotUnstar);
  const unstarred = await setStar(ctx.db, post, persona, null);
  await queueChange(ctx.db, { op: 'unstar', post: unstarred, actingPersonaGuid: persona, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [unstarred]);
};

/** `pin.orange`, `orange`, any case; anything else, or nothing, means no pin (section 3). */
export function pinColourOf(value: string | undefined): PinColour | null {
  const colour = readPin(value);
  return colour === 'none' ? null : colour;
}

/** POST /api/posts/{guid}/pin with `value`; a missing or invalid value leaves the post at pin.none. */
export const pinPost: RouteHandler<typeof instanceRoutes.pin> = async (ctx, input, { guid }) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, guid, ErrorText.couldNotPin);
  const colour = pinColourOf(input.value);
  const pinned = await setPin(ctx.db, post, persona, colour ? { colour, pinnedUnix: ctx.now } : null);
  await queueChange(
    ctx.db,
    { op: colour ? 'pin' : 'unpin', post: pinned, actingPersonaGuid: persona, value: colour, now: ctx.now },
    ctx.account,
  );
  return presentPosts(ctx, [pinned]);
};

/** DELETE /api/posts/{guid}/pin */
export const unpinPost: RouteHandler<typeof instanceRoutes.unpin> = async (ctx, input, { guid }) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, guid, ErrorText.couldNotUnpin);
  const unpinned = await setPin(ctx.db, post, persona, null);
  await queueChange(ctx.db, { op: 'unpin', post: unpinned, actingPersonaGuid: persona, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [unpinned]);
};

/** DELETE /api/posts/{guid}: see markPostsDeleted; it is never served again. */
export const deletePost: RouteHandler<typeof instanceRoutes.deletePost> = (ctx, _input, { guid }) =>
  deleteOwnPost(ctx, guid);

/** DELETE /api/posts, naming the post as `guid`. */
export const deletePostNamed: RouteHandler<typeof instanceRoutes.deletePostNamed> = (ctx, { guid }) =>
  deleteOwnPost(ctx, guid);

async function deleteOwnPost(ctx: SignedInCtx, guid: string | null | undefined): Promise<DeleteAnswer> {
  const post = await requireReadablePost(ctx, guid);
  if (post.accountGuid !== ctx.viewer.accountGuid) throw new ServiceError(400, ErrorText.notOwner);
  await markPostsDeleted(ctx.db, [post.guid], ctx.now);
  await queueChange(ctx.db, { op: 'delete', post, now: ctx.now }, ctx.account);
  return { post_guid: post.guid, channel_guid: post.channelGuid, result: 1, sok: 1 };
}
