import { draftTooLarge, type Draft, type KeptDraft } from '../../api/draft';
import { ErrorText, ServiceError } from '../../api/errors';
import type { PostAnswer } from '../../api/answers';
import type { instanceRoutes } from '../../api/instance-routes';
import {
  draftOf,
  listDrafts as storedDrafts,
  removeDraft as removeStored,
  saveDraft as saveStored,
} from '../../store/drafts';
import type { DraftRow } from '../../store/rows';
import type { Ctx } from '../context';
import type { RouteHandler } from '../router';
import { presentPosts } from '../present';
import { canRead } from '../../store/visibility';
import { createPost } from './write-post';

const present = (row: DraftRow): KeptDraft => ({ ...draftOf(row), version: row.version, saved_unix: row.savedUnix });

/** GET /api/drafts: the person's drafts, newest change first; with `since`, what changed after it. */
export const listDrafts: RouteHandler<typeof instanceRoutes.drafts> = async (ctx, input) => {
  const list = await storedDrafts(ctx.db, ctx.viewer.accountGuid, input.since);
  return {
    drafts: list.drafts.map(present),
    removed: list.removed.map((row) => ({ id: row.id, version: row.version })),
    cursor: list.cursor,
  };
};

/**
 * POST /api/drafts: keeps a draft of the person's, as a Persona and in a Channel of theirs when it names
 * them. A draft changed elsewhere since the version named is kept beside this one (store/drafts.ts).
 */
export const saveDraft: RouteHandler<typeof instanceRoutes.saveDraft> = async (ctx, input) => {
  const tooLarge = draftTooLarge(input.draft);
  if (tooLarge) throw new ServiceError(413, `${ErrorText.draftTooLarge}: ${tooLarge}`);
  await requireOwnTarget(ctx, ctx.viewer.accountGuid, input.draft);
  const saved = await saveStored(ctx.db, { accountGuid: ctx.viewer.accountGuid, ...input, nowUnix: ctx.now });
  if ('refused' in saved) throw refusal(saved.refused);
  return { draft: present(saved.draft), copy: saved.copy && present(saved.copy) };
};

/**
 * POST /api/drafts/{id}/publish: the draft published as one post for each destination (each as a write of
 * a new post: the same checks, and each queued once for the remote of its Persona), and removed, all in the
 * request's one transaction: one destination refused, or the draft changed elsewhere since the version
 * named, and nothing is stored. The posts are answered in the order of the destinations, and kept together
 * as copies of one another (`GET /api/posts/{guid}/copies`).
 */
export const publishDraft: RouteHandler<typeof instanceRoutes.publishDraft> = async (ctx, input, path) => {
  const { destinations, version, ...write } = input;
  const targets = destinations ?? [{ persona_guid: write.persona_guid, channel_guid: write.channel_guid }];
  const posts: PostAnswer[] = [];
  for (const target of targets) posts.push(...(await createPost(ctx, { ...write, ...target })));
  const [first] = posts;
  if (first && posts.length > 1)
    await ctx.db.copies.bulkPut(posts.map((p) => ({ postGuid: p.guid, group: first.guid })));
  const removed = await removeStored(ctx.db, ctx.viewer.accountGuid, path.id, version, ctx.now);
  if ('refused' in removed) throw refusal(removed.refused);
  return posts;
};

/**
 * GET /api/posts/{guid}/copies: the posts published with this one from one draft, this one among them, in
 * the order they were published; none when it was published alone. Only those the person may still read
 * (a deleted copy is left out).
 */
export const listCopies: RouteHandler<typeof instanceRoutes.copies> = async (ctx, _input, { guid }) => {
  const row = guid === null ? undefined : await ctx.db.copies.get(guid);
  if (!row) return [];
  const guids = await ctx.db.copies
    .where('[group+postGuid]')
    .between([row.group, ''], [row.group, '\uffff'])
    .primaryKeys();
  const posts = (await ctx.db.posts.where('guid').anyOf(guids).toArray())
    .filter((post) => !post.deleted && canRead(post, ctx.viewer, ctx.now))
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return presentPosts(ctx, posts);
};

/** DELETE /api/drafts/{id}: removes a draft, only as the version named when one is. */
export const removeDraft: RouteHandler<typeof instanceRoutes.removeDraft> = async (ctx, input, path) => {
  const removed = await removeStored(ctx.db, ctx.viewer.accountGuid, path.id, input.version, ctx.now);
  if ('refused' in removed) throw refusal(removed.refused);
  return { id: path.id, ...removed };
};

function refusal(refused: 'too-many' | 'ahead' | 'changed'): ServiceError {
  if (refused === 'too-many') return new ServiceError(409, ErrorText.tooManyDrafts);
  if (refused === 'changed') return new ServiceError(409, ErrorText.draftChanged);
  return new ServiceError(400, ErrorText.draftVersionAhead);
}

/** The Personas and the Channel a draft names must be the account's own. */
async function requireOwnTarget(ctx: Ctx, accountGuid: string, draft: Draft): Promise<void> {
  for (const guid of [...(draft.personaGuid === null ? [] : [draft.personaGuid]), ...draft.alsoAs]) {
    const persona = await ctx.db.personas.get(guid.toLowerCase());
    if (persona?.accountGuid !== accountGuid) throw new ServiceError(400, ErrorText.invalidPersona);
  }
  if (draft.channelGuid !== null) {
    const channel = await ctx.db.channels.get(draft.channelGuid.toLowerCase());
    if (channel?.accountGuid !== accountGuid) throw new ServiceError(400, ErrorText.invalidChannel);
  }
}
