import { ErrorText, ServiceError } from '../../api/errors';
import { PIN_COLOURS } from '../../api/inputs';
import { markPostsDeleted } from '../../store/delete';
import type { PinColour } from '../../store/rows';
import type { Ctx, Handler } from '../context';
import { presentPosts } from '../present';
import { requireReadablePost } from '../posts';

/** The Persona that acts: `persona_guid` must then be one of the viewer's; without it, the first one. */
export function actingPersonaOrFail(ctx: Ctx): string {
  const viewer = ctx.requireViewer();
  const asked = ctx.params['persona_guid']?.trim().toLowerCase();
  const persona = asked ? viewer.personaGuids.find((g) => g === asked) : viewer.personaGuids[0];
  if (!persona) throw new ServiceError(400, ErrorText.invalidPersona);
  return persona;
}

/** POST /api/posts/{guid}/star */
export const starPost: Handler = async (ctx) => {
  const persona = actingPersonaOrFail(ctx);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotStar);
  await ctx.db.stars.put({ postGuid: post.guid, personaGuid: persona, starredUnix: ctx.now });
  return presentPosts(ctx, [post]);
};

/** DELETE /api/posts/{guid}/star: removing a star that is not there is not an error. */
export const unstarPost: Handler = async (ctx) => {
  const persona = actingPersonaOrFail(ctx);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotUnstar);
  await ctx.db.stars.delete([post.guid, persona]);
  return presentPosts(ctx, [post]);
};

/** `pin.orange`, `orange`, any case; anything else, or nothing, means no pin (section 3). */
export function pinColourOf(value: string | undefined): PinColour | null {
  const colour = (value ?? '').trim().toLowerCase().replace(/^pin\./, '');
  return (PIN_COLOURS as readonly string[]).includes(colour) ? (colour as PinColour) : null;
}

/** POST /api/posts/{guid}/pin with `value`; a missing or invalid value leaves the post at pin.none. */
export const pinPost: Handler = async (ctx) => {
  const persona = actingPersonaOrFail(ctx);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotPin);
  const colour = pinColourOf(ctx.params['value']);
  if (colour) await ctx.db.pins.put({ postGuid: post.guid, personaGuid: persona, colour, pinnedUnix: ctx.now });
  else await ctx.db.pins.delete([post.guid, persona]);
  return presentPosts(ctx, [post]);
};

/** DELETE /api/posts/{guid}/pin */
export const unpinPost: Handler = async (ctx) => {
  const persona = actingPersonaOrFail(ctx);
  const post = await requireReadablePost(ctx, ctx.path['guid'], ErrorText.couldNotUnpin);
  await ctx.db.pins.delete([post.guid, persona]);
  return presentPosts(ctx, [post]);
};

/**
 * DELETE /api/posts/{guid} and DELETE /api/posts with `guid`: see markPostsDeleted; it is never served again.
 */
export const deletePost: Handler = async (ctx) => {
  const viewer = ctx.requireViewer();
  const post = await requireReadablePost(ctx, ctx.path['guid'] ?? ctx.params['guid']);
  if (post.accountGuid !== viewer.accountGuid) throw new ServiceError(400, ErrorText.notOwner);
  await markPostsDeleted(ctx.db, [post.guid], ctx.now);
  return { post_guid: post.guid, channel_guid: post.channelGuid, result: 1, sok: 1 };
};
