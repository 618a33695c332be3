import type { TimelineInput } from '../../api/inputs';
import type { PostRow, PostType } from '../../store/rows';
import { readTimeline } from '../../store/timeline';
import { readMentions } from '../../store/mentions-timeline';
import type { Ctx, Handler, SignedInHandler } from '../context';
import { presentPosts } from '../present';
import { readablePost } from '../posts';
import { problems } from '../validate';
import { canRead } from '../../store/visibility';
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
  const { since, until } = scheduledBounds(input.scheduled, ctx.now, input);
  const types: readonly PostType[] = input.types;
  const accept = acceptFor(ctx, { ...input, persona_guid: undefined });
  const posts = await readMentions(ctx.db, {
    personas,
    count: input.count,
    since,
    until,
    before: await cursorOf(ctx, input.before),
    accept: (post) => types.includes(post.type) && accept(post),
  });
  return presentPosts(ctx, posts);
};
