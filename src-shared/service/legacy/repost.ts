import { markRepost } from '../../store/relations';
import type { legacyRoutes } from '../../api/legacy-routes';
import type { RouteHandler } from '../router';
import { actingPersonaOrFail } from '../handlers/post-actions';
import { buildRow } from '../handlers/write-post';
import { putPostsInOneTransaction } from '../../store/bulk';
import { postIdOfPath, requireReadablePostById } from './lookup';
import { presentLegacyPosts } from './present-post';

/** The Channel whose posts may be reposted for everyone to see (section 4.1). */
const PUBLIC_CHANNEL_ID = 1;

/**
 * POST /content/repost/{id}: a new Blurb by the acting Persona that reposts any post the requester can
 * read, answered with the original embedded as `parent_post`. There is no duplicate check: the same post
 * may be reposted again. The repost is public only when the original is a public post of Channel 1;
 * otherwise it is written as `visibility.none`, seen by its own account alone. `DELETE /content/{id}` on
 * the repost removes it, and the original no longer counts it in `you_reblurbed`.
 */
export const repostContent: RouteHandler<typeof legacyRoutes.repostContent> = async (ctx, input, { id }) => {
  const persona = actingPersonaOrFail(ctx, input);
  const original = await requireReadablePostById(ctx, postIdOfPath(id));
  const channel = await ctx.db.channels.get(original.channelGuid);
  const seenByAll = channel?.id === PUBLIC_CHANNEL_ID && original.privacy === 'visibility.public';
  const row = await buildRow(
    ctx,
    ctx.viewer,
    {
      content: `♺ ${ctx.origin}${original.canonicalPath}`,
      post_type: 'post.note',
      persona_guid: persona,
      post_privacy: seenByAll ? 'visibility.public' : 'visibility.none',
    },
    null,
  );
  const [repost] = await putPostsInOneTransaction(ctx.db, [{ ...row, repostOf: original.guid }]);
  await markRepost(ctx.db, original, { personaGuid: persona, postGuid: row.guid }, true);
  return presentLegacyPosts(ctx, repost ? [repost] : [], input.simple_posts);
};
