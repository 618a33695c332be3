import { ErrorText, ServiceError } from '../../api/errors';
import { LIMITS, missingFor, type WriteInput } from '../../api/inputs';
import { DEFAULT_PRIVACY, needsSource } from '../../api/vocabulary';
import { putPostsInOneTransaction } from '../../store/bulk';
import type { GeoRow, PostRow } from '../../store/rows';
import { extractMentionHandles, isWebUrl, parseTags, toMarkdown } from '../../text';
import { newGuid } from '../../util/secrets';
import { parseDate } from '../../util/time';
import type { Ctx, SignedInCtx, Viewer } from '../context';
import type { RouteHandler } from '../router';
import type { instanceRoutes } from '../../api/instance-routes';
import { presentPosts } from '../present';
import { problems } from '../validate';
import { resolveAuthorAndChannel } from './write-target';
import { linkReply, moveDescendants } from './write-thread';
import { queueChange } from '../../sync/outbox';
import { defaultCanonicalPath, postRow } from '../../store/post-row';
import type { PostAnswer } from '../../api/answers';
import { charCount, firstChars } from '../../util/chars';

/**
 * POST /api/posts/write: without a GUID it creates a post; with one (`guid`) it updates that post, as
 * POST /api/posts/{guid}/write does: variables that are sent replace the stored values, the others keep theirs.
 */
export const writePost: RouteHandler<typeof instanceRoutes.writePost> = (ctx, input) => write(ctx, input, input.guid);

/** A new post of the account's, in the request's transaction (a draft published as several Personas makes several). */
export const createPost = (ctx: SignedInCtx, input: WriteInput): Promise<PostAnswer[]> => write(ctx, input, undefined);

/** POST /api/posts/{guid}/write: the GUID of the path is the post's (a `guid` variable is not). */
export const editPost: RouteHandler<typeof instanceRoutes.editPost> = (ctx, input, { guid }) => write(ctx, input, guid);

async function write(ctx: SignedInCtx, input: WriteInput, guid: string | undefined): Promise<PostAnswer[]> {
  const { viewer } = ctx;
  const existing = guid ? await ownPost(ctx, viewer, guid) : null;
  const row = await buildRow(ctx, viewer, input, existing);
  // Both writes share the request's transaction: the post and its thread move together or not at all.
  if (existing && existing.threadKey !== row.threadKey) await moveDescendants(ctx.db, existing, row.threadKey);
  // A new post's GUID was made just now (buildRow), so nothing can be stored under it yet.
  const [stored] = await putPostsInOneTransaction(ctx.db, [row], { fresh: !existing });
  if (!stored) return [];
  await queueChange(ctx.db, { op: existing ? 'edit' : 'publish', post: stored, now: ctx.now }, ctx.account);
  return presentPosts(ctx, [stored]);
}

async function ownPost(ctx: Ctx, viewer: Viewer, guid: string): Promise<PostRow> {
  const post = await ctx.db.posts.where('guid').equals(guid.toLowerCase()).first();
  if (!post || post.deleted) throw new ServiceError(400, ErrorText.invalidPostIdentifier);
  if (post.accountGuid !== viewer.accountGuid) throw new ServiceError(400, ErrorText.notOwner);
  return post;
}

export async function buildRow(
  ctx: Ctx,
  viewer: Viewer,
  input: WriteInput,
  existing: PostRow | null,
): Promise<PostRow> {
  const found: string[] = [];
  const text = toMarkdown(input.content ?? '');
  if (text.trim() === '') throw new ServiceError(400, ErrorText.supplySomeText);
  if (charCount(text) > LIMITS.textChars) found.push(`content must be at most ${LIMITS.textChars} characters`);

  const type = input.post_type ?? existing?.type;
  if (!type) found.push('post_type is required: post.note, post.article, post.bookmark or post.quotation');
  const sourceUrl = input.source_url ?? existing?.sourceUrl ?? '';
  const sourceTitle = input.source_title ?? existing?.sourceTitle ?? '';
  // The text, checked above with the words of section 7, is there by now.
  found.push(...missingFor(type, { content: text, source_url: sourceUrl, source_title: sourceTitle }));
  if (needsSource(type) && sourceUrl && !isWebUrl(sourceUrl))
    found.push('source_url must be an http(s) URL, without spaces, quotes or angle brackets');

  const tags = input.tags === undefined ? { tags: existing?.tags ?? [], tooLong: [] } : parseTags(input.tags);
  for (const tag of tags.tooLong) {
    found.push(`tag "${firstChars(tag, 20)}…" is longer than ${LIMITS.tagChars} characters`);
  }
  if (tags.tags.length > LIMITS.tagsPerPost)
    found.push(`a post has at most ${LIMITS.tagsPerPost} tags; this one has ${tags.tags.length}`);

  const publishUnix = dateOf(input.publish_at, 'publish_at', found) ?? existing?.publishUnix ?? ctx.now;
  const expiresUnix =
    input.expires_at === '' ? null : (dateOf(input.expires_at, 'expires_at', found) ?? existing?.expiresUnix ?? null);
  if (!type || found.length > 0) throw problems(found);
  if (expiresUnix !== null && expiresUnix <= publishUnix) throw new ServiceError(400, ErrorText.expireBeforePublish);

  const { persona, channel } = resolveAuthorAndChannel(ctx, viewer, input, existing);
  const guid = existing?.guid ?? newGuid();
  const replyTo = input.reply_to === undefined ? (existing?.replyTo ?? null) : input.reply_to || null;
  const thread = await linkReply(ctx, guid, replyTo, existing);
  const canonicalPath = await canonicalPathFor(ctx, guid, input.canonical_url, existing);

  return postRow({
    ...(existing?.id !== undefined ? { id: existing.id } : {}),
    guid,
    type,
    privacy: input.post_privacy ?? existing?.privacy ?? DEFAULT_PRIVACY,
    accountGuid: viewer.accountGuid,
    personaGuid: persona,
    channelGuid: channel,
    title: input.title === undefined ? (existing?.title ?? null) : input.title || null,
    text,
    tags: tags.tags,
    mentions: mentionedPersonas(ctx, text),
    replyTo,
    parentGuid: thread.parentGuid,
    threadKey: thread.threadKey,
    sourceUrl: sourceUrl || null,
    sourceTitle: sourceTitle || null,
    geo: geoOf(input, existing),
    slug: input.post_slug === undefined ? (existing?.slug ?? null) : input.post_slug || null,
    canonicalPath,
    publishUnix,
    expiresUnix,
    createdUnix: existing?.createdUnix ?? ctx.now,
    updatedUnix: ctx.now,
    deleted: 0,
    // Set only through the legacy interface, and kept by edits through either one.
    ...(existing?.passwordHash ? { passwordHash: existing.passwordHash } : {}),
    ...(existing?.repostOf ? { repostOf: existing.repostOf } : {}),
  });
}

/** A date variable (see parseDate), null when absent; a malformed one is added to `found`. */
export function dateOf(
  value: string | undefined,
  name: string,
  found: string[],
  example = '2026-11-22T09:30:00Z or a unix timestamp',
): number | null {
  if (value === undefined || value === '') return null;
  const unix = parseDate(value);
  if (unix === null) found.push(`${name} must be a date such as ${example}`);
  return unix;
}

/** The known Personas named by `@handle` in the text, in the order of their handles. */
function mentionedPersonas(ctx: Ctx, text: string): string[] {
  return extractMentionHandles(text)
    .sort()
    .flatMap((handle) => ctx.account.personaWithHandle(handle)?.guid ?? []);
}

/**
 * The place is one value: sending any of its variables replaces the whole place, a part that is not sent or
 * sent empty being no value, and a place with no part left is none. Sending none of them keeps the place.
 * (Sync pushes an edit with only the parts a place has, so a removed part must not survive.)
 */
function geoOf(input: WriteInput, existing: PostRow | null): GeoRow | null {
  const sent = [input.geo_longitude, input.geo_latitude, input.geo_altitude, input.geo_description];
  if (sent.every((v) => v === undefined)) return existing?.geo ?? null;
  const geo: GeoRow = {
    longitude: input.geo_longitude ?? null,
    latitude: input.geo_latitude ?? null,
    altitude: input.geo_altitude ?? null,
    description: input.geo_description || null,
  };
  return Object.values(geo).every((v) => v === null) ? null : geo;
}

/**
 * The post's address path: kept when `canonical_url` is not sent, the default `/posts/{guid}` when it is sent
 * empty. Only a new address is looked up; without one the answer is at hand and nothing is awaited.
 */
function canonicalPathFor(
  ctx: Ctx,
  guid: string,
  asked: string | undefined,
  existing: PostRow | null,
): string | Promise<string> {
  if (asked === undefined) return existing?.canonicalPath ?? defaultCanonicalPath(guid);
  if (asked === '') return defaultCanonicalPath(guid);
  return freeCanonicalPath(ctx, guid, asked);
}

async function freeCanonicalPath(ctx: Ctx, guid: string, asked: string): Promise<string> {
  const taken = await ctx.db.posts
    .where('[canonicalPath+guid]')
    .between([asked, ''], [asked, '\uffff'])
    .filter((p) => p.guid !== guid && !p.deleted)
    .first();
  if (taken) throw problems(['canonical_url is already the address of another post']);
  return asked;
}
