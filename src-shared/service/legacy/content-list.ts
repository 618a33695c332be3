import { postIdsInput } from '../../api/legacy-inputs';
import type { PostRow } from '../../store/rows';
import type { Handler } from '../context';
import { parseInput } from '../validate';
import { canRead } from '../visibility';
import { presentLegacyPosts } from './present-post';

/**
 * GET /content?post_ids=3,1,2: the posts the reader may see, in the order asked; ids of posts that do not
 * exist or are hidden are left out (section 4.1).
 */
export const listContent: Handler = async (ctx) => {
  const input = parseInput(postIdsInput, ctx.params);
  const rows = await ctx.db.posts.bulkGet(input.post_ids);
  const visible = rows.filter((post): post is PostRow => post !== undefined && canRead(post, ctx.viewer, ctx.now));
  return presentLegacyPosts(ctx, visible, input.simple_posts ?? false);
};
