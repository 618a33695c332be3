import type { TimelineInput } from '../../api/inputs';
import type { PostRow, PostType } from '../../store/rows';
import { newestFirst, readTimeline } from '../../store/timeline';
import type { Ctx, Handler, SignedInHandler } from '../context';
import { presentPosts } from '../present';
import { readablePost } from '../posts';
import { problems } from '../validate';
import { canRead } from '../../store/visibility';
import { postsByGuids } from '../../store/posts-by-guid';
import type { PostAnswer } from '../../api/answers';
import { fitsScheduled, scheduledBounds } from '../scheduled';

/** Turns `before` (a GUID) into a position; an unknown or unreadable GUID is a bad cursor. */
export async function cursorOf(ctx: Ctx, before: string | undefined) {
  if (!before) return undefined;
  const post = await readablePost(ctx, before);
  if (!post) throw problems(['before must be the GUID of a post you can read']);
  return { publishUnix: post.publishUnix, guid: post.guid };
}

function acceptFor(ctx: Ctx, input: TimelineInput) {
  return (post: PostRow) =>
    canRead(post, ctx.viewer, ctx.now) &&
    fitsScheduled(post, input.scheduled, ctx.now) &&
    (input.persona_guid === undefined || post.personaGuid === input.persona_guid) &&
    (input.channel_guid === undefined || post.channelGuid === input.channel_guid);
}

/**
 * GET /api/posts/global: every post the viewer may read, newest first; by default only those whose
 * publication time has come (`scheduled`, api/inputs.ts).
 */
export const globalTimeline: Handler<PostAnswer[], TimelineInput> = async (ctx, input) => {
  const { since, until } = scheduledBounds(input.scheduled, ctx.now, input);
  const posts = await readTimeline(ctx.db, {
    types: input.types,
    count: input.count,
    since,
    until,
    changedSince: input.changed_since,
    before: await cursorOf(ctx, input.before),
    accept: acceptFor(ctx, input),
  });
  return presentPosts(ctx, posts);
};

/** GET /api/posts/mentions: posts that mention one of the viewer's Personas (or `persona_guid` alone). */
export const mentionsTimeline: SignedInHandler<PostAnswer[], TimelineInput> = async (ctx, input) => {
  const personas = ctx.viewer.personaGuids.filter((g) => input.persona_guid === undefined || g === input.persona_guid);
  const before = await cursorOf(ctx, input.before);
  const { since, until } = scheduledBounds(input.scheduled, ctx.now, input);
  const rows = (
    await Promise.all(
      personas.map((persona) =>
        ctx.db.mentions
          .where('[personaGuid+publishUnix+postGuid]')
          .between([persona, since ?? -Infinity, ''], [persona, until ?? Infinity, '\uffff'])
          .toArray(),
      ),
    )
  ).flat();
  const guids = [...new Set(rows.map((r) => r.postGuid))];
  const posts = (await postsByGuids(ctx.db, guids))
    .filter((p) => (input.types as readonly PostType[]).includes(p.type))
    .filter((p) => !before || newestFirst(p, before) > 0)
    .filter(acceptFor(ctx, { ...input, persona_guid: undefined }))
    .sort(newestFirst)
    .slice(0, input.count);
  return presentPosts(ctx, posts);
};
