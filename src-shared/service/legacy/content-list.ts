import type { PostIdsInput } from '../../api/legacy-inputs';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import type { Handler } from '../context';
import { readableWithPasswd } from './passwords';
import { presentLegacyPosts } from './present-post';

/**
 * GET /content?post_ids=3,1,2: the posts the reader may see, in the order asked; ids of posts that do not
 * exist or are hidden are left out (section 4.1). `passwd` opens the protected posts it is the password of.
 */
export const listContent: Handler<LegacyPostAnswer[], PostIdsInput> = async (ctx, input) => {
  const visible = await readableWithPasswd(ctx, await ctx.db.posts.bulkGet(input.post_ids), input.passwd);
  return presentLegacyPosts(ctx, visible, input.simple_posts ?? false);
};
