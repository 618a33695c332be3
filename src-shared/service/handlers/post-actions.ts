import { ErrorText, ServiceError } from '../../api/errors';
import { readPin, type PinColour } from '../../api/vocabulary';
import { markPostsDeleted } from '../../store/delete';
import { setPin, setStar } from '../../store/relations';
import type { SignedInCtx, SignedInHandler } from '../context';
import { presentPosts } from '../present';
import { requireReadablePost } from '../posts';
import { queueChange } from '../../sync/outbox';
import type { DeleteAnswer, PostAnswer } from '../../api/answers';
import type { ActingInput, DeleteInput, PinInput } from '../../api/inputs';

/** The Persona that acts: `persona_guid` must then be one of the viewer's; without it, the first one. */
export function actingPersonaOrFail(ctx: SignedInCtx, input: ActingInput): string {
  const asked = input.persona_guid?.trim().toLowerCase();
  const persona = asked ? ctx.viewer.personaGuids.find((g) => g === asked) : ctx.viewer.personaGuids[0];
  if (!persona) throw new ServiceError(400, ErrorText.invalidPersona);
  return persona;
}

/** POST /api/posts/{guid}/star */
export const starPost: SignedInHandler<PostAnswer[], ActingInput> = async (ctx, input) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotStar);
  const starred = await setStar(ctx.db, post, persona, ctx.now);
  await queueChange(ctx.db, { op: 'star', post: starred, actingPersonaGuid: persona, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [starred]);
};

/** DELETE /api/posts/{guid}/star: removing a star that is not there is not an error. */
export const unstarPost: SignedInHandler<PostAnswer[], ActingInput> = async (ctx, input) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotUnstar);
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
export const pinPost: SignedInHandler<PostAnswer[], PinInput> = async (ctx, input) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotPin);
  const colour = pinColourOf(input.value);
  const pinned = await setPin(ctx.db, post, persona, colour ? { colour, pinnedUnix: ctx.now } : null);
  await queueChange(ctx.db, { op: colour ? 'pin' : 'unpin', post: pinned, actingPersonaGuid: persona, value: colour, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [pinned]);
};

/** DELETE /api/posts/{guid}/pin */
export const unpinPost: SignedInHandler<PostAnswer[], ActingInput> = async (ctx, input) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotUnpin);
  const unpinned = await setPin(ctx.db, post, persona, null);
  await queueChange(ctx.db, { op: 'unpin', post: unpinned, actingPersonaGuid: persona, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [unpinned]);
};

/**
 * DELETE /api/posts/{guid} and DELETE /api/posts with `guid`: see markPostsDeleted; it is never served again.
 */
export const deletePost: SignedInHandler<DeleteAnswer, DeleteInput> = async (ctx, input) => {
  const post = await requireReadablePost(ctx, ctx.path['guid'] ?? input.guid);
  if (post.accountGuid !== ctx.viewer.accountGuid) throw new ServiceError(400, ErrorText.notOwner);
  await markPostsDeleted(ctx.db, [post.guid], ctx.now);
  await queueChange(ctx.db, { op: 'delete', post, now: ctx.now }, ctx.account);
  return { post_guid: post.guid, channel_guid: post.channelGuid, result: 1, sok: 1 };
};
