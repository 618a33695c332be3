import { ErrorText, ServiceError } from '../api/errors';
import { GUID_PATTERN } from '../api/inputs';
import type { PostRow } from '../store/rows';
import type { Ctx } from './context';
import { canRead } from '../store/visibility';

/** A post by GUID whoever may read it, or null; a malformed GUID names no post. */
export async function postByGuid(ctx: Ctx, guid: string | null | undefined): Promise<PostRow | null> {
  if (!guid || !GUID_PATTERN.test(guid.trim())) return null;
  return (await ctx.db.posts.where('guid').equals(guid.trim().toLowerCase()).first()) ?? null;
}

/** A post by GUID, or null when there is none or the viewer may not read it (the two look the same). */
export async function readablePost(ctx: Ctx, guid: string | null | undefined): Promise<PostRow | null> {
  const post = await postByGuid(ctx, guid);
  return post && canRead(post, ctx.viewer, ctx.now) ? post : null;
}

/** Like `readablePost`, but a missing post is the spec's "Invalid Post Identifier Supplied (2)". */
export async function requireReadablePost(
  ctx: Ctx,
  guid: string | null | undefined,
  text: string = ErrorText.invalidPostIdentifier,
) {
  const post = await readablePost(ctx, guid);
  if (!post) throw new ServiceError(400, text);
  return post;
}
