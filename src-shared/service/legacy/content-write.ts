import { ErrorText, ServiceError } from '../../api/errors';
import type { WriteInput } from '../../api/inputs';
import { LEGACY_LIMITS, TITLED_TYPES, type ContentWriteInput } from '../../api/legacy-inputs';
import type { LegacyPostAnswer } from '../../api/legacy-answers';
import { isPrivacy, PRIVACIES } from '../../api/vocabulary';
import { putPostsInOneTransaction } from '../../store/bulk';
import type { PostRow, PostType } from '../../store/rows';
import { newGuid } from '../../util/secrets';
import { LAST_UNIX } from '../../util/time';
import type { Ctx, SignedInHandler, Viewer } from '../context';
import { buildRow, dateOf } from '../handlers/write-post';
import { problems } from '../validate';
import { readablePostById, requireReadablePostById } from './lookup';
import { PASSWD_ON_BLURB, passwdHash } from './passwords';
import { presentLegacyPosts } from './present-post';
import { queueChange } from '../../sync/outbox';
import { changedPostRow, defaultCanonicalPath, ownThreadKey } from '../../store/post-row';

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
const LEGACY_DATE = '2026-11-22 09:30:00 (UTC)';

/**
 * POST /content: creates a post, or updates the post `post_id`. The legacy variables are translated to the
 * instance interface's and the same writer stores the result, so both interfaces see one post.
 */
export const writeContent: SignedInHandler<LegacyPostAnswer[], ContentWriteInput> = async (ctx, input) => {
  const { viewer } = ctx;
  if (input.content === undefined || input.content.trim() === '') throw new ServiceError(404, ErrorText.noTextToPost);
  // Hashed before the store is touched (see passwords.ts).
  const passwordHash = await passwdHash(input.passwd);
  const existing = input.post_id === undefined ? null : await ownPost(ctx, viewer, input.post_id);
  const titled = (input.title ?? existing?.title ?? '') !== '';
  if (!titled && utf8Bytes(input.content) > LEGACY_LIMITS.blurbBytes) {
    throw problems([`content of a Blurb must be at most ${LEGACY_LIMITS.blurbBytes} bytes`]);
  }

  const row = await buildRow(ctx, viewer, await toWriteInput(ctx, input, existing), existing);
  row.type = legacyKind(input, existing, titled);
  // buildRow makes a new row; a password that was not sent stays. A Blurb has none.
  row.passwordHash = passwordHash === undefined ? (existing?.passwordHash ?? null) : passwordHash;
  if (row.passwordHash && !isTitledType(row.type)) throw problems([PASSWD_ON_BLURB]);
  if (!existing && row.type === 'post.note') await refuseDuplicate(ctx, row);
  const rows = [row];
  if (!existing && input.send_blurb && (row.type === 'post.article' || row.type === 'post.podcast')) {
    rows.push(announcement(ctx, row));
  }
  const written = await putPostsInOneTransaction(ctx.db, rows);
  for (const [i, post] of written.entries()) {
    await queueChange(ctx.db, { op: existing && i === 0 ? 'edit' : 'publish', post, now: ctx.now }, ctx.account);
  }
  const [stored] = written;
  return presentLegacyPosts(ctx, stored ? [stored] : [], input.simple_posts ?? false);
};

async function ownPost(ctx: Ctx, viewer: Viewer, id: number): Promise<PostRow> {
  const post = await requireReadablePostById(ctx, id);
  if (post.accountGuid !== viewer.accountGuid) throw new ServiceError(403, ErrorText.notOwner);
  return post;
}

/** A post without a title is a Blurb; a titled one is the kind `type` names, a blog post by default. */
function legacyKind(input: ContentWriteInput, existing: PostRow | null, titled: boolean): PostType {
  if (!titled)
    return existing && existing.type !== 'post.note' && !isTitledType(existing.type) ? existing.type : 'post.note';
  const asked = input.type ?? existing?.type;
  return asked && isTitledType(asked) ? asked : 'post.article';
}

const isTitledType = (type: string): type is (typeof TITLED_TYPES)[number] =>
  (TITLED_TYPES as readonly string[]).includes(type);

async function toWriteInput(ctx: Ctx, input: ContentWriteInput, existing: PostRow | null): Promise<WriteInput> {
  const found: string[] = [];
  const publish = dateOf(input.pubdts, 'pubdts', found, LEGACY_DATE);
  const expires = dateOf(input.expydts, 'expydts', found, LEGACY_DATE);
  const privacy = input.privacy_type?.toLowerCase();
  if (privacy !== undefined && !isPrivacy(privacy)) {
    found.push(`privacy_type must be one of ${PRIVACIES.join(', ')}`);
  }
  let channelGuid: string | undefined;
  if (input.channel_id !== undefined) {
    const channel = await ctx.db.channels.where('id').equals(input.channel_id).first();
    if (!channel) throw new ServiceError(400, ErrorText.invalidChannel);
    channelGuid = channel.guid;
  }
  let replyTo: string | undefined;
  if (input.reply_to !== undefined) {
    // A post the writer may not read is answered as one that does not exist: nothing of it is revealed.
    const parent = await readablePostById(ctx, input.reply_to);
    if (!parent) found.push('reply_to must be the id of a post on this instance');
    else replyTo = parent.guid;
  }
  if (found.length > 0) throw problems(found);
  // `expyhrs` counts from publication and wins over `expydts` (section 4.1).
  const publishUnix = publish ?? existing?.publishUnix ?? ctx.now;
  const expiresUnix = input.expyhrs !== undefined ? publishUnix + input.expyhrs * 3600 : expires;
  if (expiresUnix !== null && expiresUnix > LAST_UNIX) throw problems(['expyhrs must end by the year 9999']);
  return {
    content: input.content,
    // The kind is settled by legacyKind afterwards; a new post needs one to pass the writer's checks.
    ...(existing ? {} : { post_type: 'post.note' as const }),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(channelGuid ? { channel_guid: channelGuid } : {}),
    ...(input.persona_guid ? { persona_guid: input.persona_guid.toLowerCase() } : {}),
    ...(replyTo ? { reply_to: replyTo } : {}),
    ...(input.slug !== undefined ? { post_slug: input.slug } : {}),
    ...(privacy ? { post_privacy: privacy as WriteInput['post_privacy'] } : {}),
    ...(publish !== null ? { publish_at: String(publish) } : {}),
    ...(expiresUnix !== null ? { expires_at: String(expiresUnix) } : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
  };
}

/**
 * Section 7: a Blurb identical to the same Persona's previous Blurb is "Duplicate Post!". "Previous" is the
 * one written last (the highest id), whatever its publication time: newest ids first, stopping at the first.
 */
async function refuseDuplicate(ctx: Ctx, row: PostRow): Promise<void> {
  const previous = await ctx.db.posts
    .orderBy(':id')
    .reverse()
    .filter((p) => p.personaGuid === row.personaGuid && p.type === 'post.note' && !p.deleted)
    .first();
  // Identical text is also identical in size, the spec's other condition.
  if (previous && previous.text === row.text) {
    throw new ServiceError(404, ErrorText.duplicatePost);
  }
}

/** `send_blurb=Y`: a Blurb by the same Persona that links to the new post. */
function announcement(ctx: Ctx, post: PostRow): PostRow {
  const guid = newGuid();
  const title = (post.title ?? 'untitled').replace(/[[\]\\]/g, '\\$&');
  const text = `New post: [${title}](${ctx.origin}${post.canonicalPath})`;
  return changedPostRow(post, {
    guid,
    type: 'post.note',
    title: null,
    text,
    tags: [],
    mentions: [],
    replyTo: null,
    parentGuid: null,
    threadKey: ownThreadKey(guid),
    slug: null,
    canonicalPath: defaultCanonicalPath(guid),
    // The announcement is public even when the post it links to needs a password.
    passwordHash: null,
  });
}
