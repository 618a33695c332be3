import { ErrorText, ServiceError } from '../../api/errors';
import { oldestFirst } from '../../store/timeline';
import type { instanceRoutes } from '../../api/instance-routes';
import type { RouteHandler } from '../router';
import { presentPosts } from '../present';
import { readableWithPasswd } from '../legacy/passwords';
import { postByGuid, requireReadablePost } from '../posts';
import { canRead } from '../../store/visibility';

/** GET /api/posts/{guid}; a post protected by a legacy password needs the right `passwd` (legacy/passwords.ts). */
export const getPost: RouteHandler<typeof instanceRoutes.post> = async (ctx, input, { guid }) => {
  const [post] = await readableWithPasswd(ctx, [await postByGuid(ctx, guid)], input.passwd);
  if (!post) throw new ServiceError(400, ErrorText.invalidPostIdentifier);
  return presentPosts(ctx, [post]);
};

/**
 * GET /api/posts/{guid}/thread: the whole conversation the post belongs to, branches included, oldest
 * first (each post names its parent in `reply_to` and `parent_guid`), whichever post of it is asked for.
 * Posts the viewer may not read are left out.
 */
export const getThread: RouteHandler<typeof instanceRoutes.thread> = async (ctx, _input, { guid }) => {
  const anchor = await requireReadablePost(ctx, guid, ErrorText.invalidThreadIdentifier);
  const members = await ctx.db.posts
    .where('[threadKey+publishUnix+guid]')
    .between([anchor.threadKey, -Infinity, ''], [anchor.threadKey, Infinity, '\uffff'])
    .toArray();
  const visible = members.filter((p) => canRead(p, ctx.viewer, ctx.now)).sort(oldestFirst);
  return presentPosts(ctx, visible);
};
