import { ErrorText, ServiceError } from '../../api/errors';
import type { ContentPinInput } from '../../api/legacy-inputs';
import type { legacyRoutes } from '../../api/legacy-routes';
import type { RouteHandler } from '../router';
import { colourOfHex } from '../../api/vocabulary';
import { markPostsDeleted } from '../../store/delete';
import { setPin, setStar } from '../../store/relations';
import type { SignedInHandler } from '../context';
import { actingPersonaOrFail } from '../handlers/post-actions';
import { postIdOfPath, readablePostById, requireReadablePostById } from './lookup';
import { readableWithPasswd } from './passwords';
import { presentLegacyPosts } from './present-post';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import { queueChange } from '../../sync/outbox';

/**
 * GET /content/{id}: the one post, or "Post Does Not Exist" (also for posts the reader may not see, and for
 * a protected post without its right `passwd`).
 */
export const getContent: RouteHandler<typeof legacyRoutes.readContent> = async (ctx, input, { id }) => {
  const [post] = await readableWithPasswd(ctx, [await ctx.db.posts.get(id)], input.passwd);
  if (!post) throw new ServiceError(404, ErrorText.postDoesNotExist);
  return presentLegacyPosts(ctx, [post], input.simple_posts);
};

/**
 * DELETE /content/{id}; a `post_id` in the body wins over the path. Only the creator may delete;
 * an unknown id, or one the requester cannot see, is "Invalid Post ID".
 */
export const deleteContent: RouteHandler<typeof legacyRoutes.deleteContent> = async (ctx, input, path) => {
  const id = input.post_id ?? postIdOfPath(path.id);
  const post = await readablePostById(ctx, id);
  if (!post) throw new ServiceError(404, ErrorText.invalidPostIdLegacy);
  if (post.accountGuid !== ctx.viewer.accountGuid) throw new ServiceError(403, ErrorText.notOwner);
  await markPostsDeleted(ctx.db, [post.guid], ctx.now);
  await queueChange(ctx.db, { op: 'delete', post, now: ctx.now }, ctx.account);
  return { id, is_visible: false, is_deleted: true };
};

/** POST /content/star/{id}: a toggle for the acting Persona (section 3); answers the post with its stars. */
export const toggleStar: RouteHandler<typeof legacyRoutes.starContent> = async (ctx, input, { id }) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePostById(ctx, postIdOfPath(id));
  const starred = post.starredBy?.some((mark) => mark.personaGuid === persona) ?? false;
  const updated = await setStar(ctx.db, post, persona, starred ? null : ctx.now);
  await queueChange(
    ctx.db,
    { op: starred ? 'unstar' : 'star', post: updated, actingPersonaGuid: persona, now: ctx.now },
    ctx.account,
  );
  return presentLegacyPosts(ctx, [updated], input.simple_posts);
};

/**
 * POST /content/pin with `post_id` and `colour` (or `color`), one of the six hex colours of section 2.8.
 * The pin belongs to the acting Persona, as in the instance interface. Sending the colour the post already
 * has removes the pin; an invalid hex code is ignored (nothing changes). Answers the post, whose
 * `you_pinned` and `pin_colour` show the result.
 */
export const pinContent: SignedInHandler<LegacyPostAnswer[], ContentPinInput> = async (ctx, input) => {
  const persona = actingPersonaOrFail(ctx, input);
  const post = await requireReadablePostById(ctx, input.post_id);
  const colour = colourOfHex(input.colour ?? input.color ?? '');
  let updated = post;
  if (colour) {
    const current = post.pinnedBy?.find((mark) => mark.personaGuid === persona);
    const unpinning = current?.colour === colour;
    updated = await setPin(ctx.db, post, persona, unpinning ? null : { colour, pinnedUnix: ctx.now });
    await queueChange(
      ctx.db,
      {
        op: unpinning ? 'unpin' : 'pin',
        post: updated,
        actingPersonaGuid: persona,
        value: unpinning ? null : colour,
        now: ctx.now,
      },
      ctx.account,
    );
  }
  return presentLegacyPosts(ctx, [updated], input.simple_posts);
};
