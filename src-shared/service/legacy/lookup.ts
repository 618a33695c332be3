import { ErrorText, ServiceError } from '../../api/errors';
import type { PostRow } from '../../store/rows';
import type { Ctx } from '../context';
import { canRead } from '../../store/visibility';

/** A path id: whole digits only, so `/content/12abc` is a clear error rather than post 12. */
export function postIdOfPath(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,15}$/.test(text)) throw new ServiceError(400, 'The post id must be a whole number');
  return Number(text);
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
