import { ErrorText, ServiceError } from '../../api/errors';
import { notAPostId } from '../../api/path-params';
import type { PostRow } from '../../store/rows';
import type { Ctx } from '../context';
import { canRead } from '../../store/visibility';

/**
 * A post id of the path, read by its route (api/path-params.ts): null was no post id, which is refused
 * here, after what the route checks first. Whole digits only, so `/content/12abc` is a clear error rather
 * than post 12.
 */
export function postIdOfPath(id: number | null): number {
  if (id === null) throw new ServiceError(notAPostId.code, notAPostId.text);
  return id;
}

/** The post with this numeric id when the viewer may read it; deleted, expired and hidden posts are absent. */
export async function readablePostById(ctx: Ctx, id: number): Promise<PostRow | null> {
  const post = await ctx.db.posts.get(id);
  return post && canRead(post, ctx.viewer, ctx.now) ? post : null;
}

export async function requireReadablePostById(ctx: Ctx, id: number, text: string = ErrorText.postDoesNotExist) {
  const post = await readablePostById(ctx, id);
  if (!post) throw new ServiceError(404, text);
  return post;
}
