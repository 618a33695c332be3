import { GUID_PATTERN } from '../../api/inputs';
import { isWebUrl } from '../../text';
import type { PublishingDb } from '../../store/db';
import type { PostRow } from '../../store/rows';
import type { Ctx } from '../context';
import { problems } from '../validate';
import { canRead } from '../../store/visibility';
import { ownThreadKey } from '../../store/post-row';

const GUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * `reply_to` may be any URL (section 2.3). When it names a post on this instance (its GUID, its canonical
 * URL, or any URL carrying its GUID) the reply joins that post's conversation; otherwise the replies to
 * one outside page form a conversation of their own.
 * - A reply being edited (`existing`) stays linked to its parent even when the parent can no longer be
 *   read (expired, deleted): editing the text must not split the conversation.
 * - A post cannot reply to itself or to one of its own replies: the loop would have no root.
 */
export function linkReply(
  ctx: Ctx,
  guid: string,
  replyTo: string | null,
  existing: PostRow | null,
): Thread | Promise<Thread> {
  // A post that starts a conversation has its answer at hand: nothing to await.
  if (!replyTo) return { parentGuid: null, threadKey: ownThreadKey(guid) };
  return linkToParent(ctx, guid, replyTo, existing);
}

/** Where a post stands in a conversation. */
export interface Thread {
  parentGuid: string | null;
  threadKey: string;
}

async function linkToParent(ctx: Ctx, guid: string, replyTo: string, existing: PostRow | null): Promise<Thread> {
  const parent = await localParent(ctx, replyTo, existing?.parentGuid ?? null);
  if (parent && existing && (await isSelfOrReplyOf(ctx.db, parent, guid))) {
    throw problems(['reply_to must not be this post or one of its replies']);
  }
  if (parent) return { parentGuid: parent.guid, threadKey: parent.threadKey };
  return { parentGuid: null, threadKey: `url:${replyTo}` };
}

/** True when `post` is the post `guid` or replies to it, directly or further down. */
async function isSelfOrReplyOf(db: PublishingDb, post: PostRow, guid: string): Promise<boolean> {
  const seen = new Set<string>();
  for (let at: PostRow | undefined = post; at && !seen.has(at.guid);) {
    if (at.guid === guid) return true;
    seen.add(at.guid);
    at = at.parentGuid ? await db.posts.where('guid').equals(at.parentGuid).first() : undefined;
  }
  return false;
}

async function localParent(ctx: Ctx, replyTo: string, linked: string | null): Promise<PostRow | null> {
  const usable = (post: PostRow) => post.guid === linked || canRead(post, ctx.viewer, ctx.now);
  let candidate: PostRow | undefined;
  if (GUID_PATTERN.test(replyTo)) {
    candidate = await ctx.db.posts.where('guid').equals(replyTo.toLowerCase()).first();
  } else {
    let url: URL;
    try {
      url = new URL(replyTo);
    } catch {
      throw problems(['reply_to must be a URL or the GUID of a post']);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw problems(['reply_to must be an http(s) URL or the GUID of a post']);
    }
    if (!isWebUrl(replyTo)) {
      throw problems(['reply_to must be a URL without spaces, quotes or angle brackets (percent-encode them)']);
    }
    if (url.origin === ctx.origin) {
      // Only usable posts: the path of a deleted or hidden post may belong to a live post now.
      candidate = await ctx.db.posts
        .where('[canonicalPath+guid]')
        .between([url.pathname, ''], [url.pathname, '\uffff'])
        .filter(usable)
        .first();
    }
    const embedded = GUID_IN_TEXT.exec(url.pathname + url.search)?.[0];
    if (!candidate && embedded) candidate = await ctx.db.posts.where('guid').equals(embedded.toLowerCase()).first();
  }
  return candidate && usable(candidate) ? candidate : null;
}

/**
 * A post that changes conversation takes its replies (and theirs) along; the rest of the old conversation
 * stays where it is. Runs inside the writer's transaction.
 */
export async function moveDescendants(db: PublishingDb, post: PostRow, threadKey: string): Promise<void> {
  const members = await db.posts
    .where('[threadKey+publishUnix+guid]')
    .between([post.threadKey, -Infinity, ''], [post.threadKey, Infinity, '\uffff'])
    .toArray();
  const children = new Map<string, PostRow[]>();
  for (const member of members) {
    if (!member.parentGuid) continue;
    children.set(member.parentGuid, [...(children.get(member.parentGuid) ?? []), member]);
  }
  const moving: PostRow[] = [];
  const queue = [...(children.get(post.guid) ?? [])];
  const seen = new Set([post.guid]);
  for (let next = queue.shift(); next; next = queue.shift()) {
    // Replies never loop (linkReply refuses it), but a loop in stored data must not hang the writer.
    if (seen.has(next.guid)) continue;
    seen.add(next.guid);
    moving.push(next);
    queue.push(...(children.get(next.guid) ?? []));
  }
  if (moving.length > 0) await db.posts.bulkPut(moving.map((m) => ({ ...m, threadKey })));
}
