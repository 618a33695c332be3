import { GUID_PATTERN } from '../../api/inputs';
import type { PublishingDb } from '../../store/db';
import type { PostRow } from '../../store/rows';
import type { Ctx } from '../context';
import { problems } from '../validate';
import { canRead } from '../visibility';

const GUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * `reply_to` may be any URL (section 2.3). When it names a post on this instance (its GUID, its canonical
 * URL, or any URL carrying its GUID) the reply joins that post's conversation; otherwise the replies to
 * one outside page form a conversation of their own.
 */
export async function linkReply(ctx: Ctx, guid: string, replyTo: string | null) {
  if (!replyTo) return { parentGuid: null, threadKey: guid };
  const parent = await localParent(ctx, replyTo);
  if (parent && parent.guid !== guid) return { parentGuid: parent.guid, threadKey: parent.threadKey };
  return { parentGuid: null, threadKey: `url:${replyTo}` };
}

async function localParent(ctx: Ctx, replyTo: string): Promise<PostRow | null> {
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
    if (url.origin === ctx.origin) {
      candidate = await ctx.db.posts
        .where('[canonicalPath+guid]')
        .between([url.pathname, ''], [url.pathname, '\uffff'])
        .first();
    }
    const embedded = GUID_IN_TEXT.exec(url.pathname + url.search)?.[0];
    if (!candidate && embedded) candidate = await ctx.db.posts.where('guid').equals(embedded.toLowerCase()).first();
  }
  return candidate && canRead(candidate, ctx.viewer, ctx.now) ? candidate : null;
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
  while (queue.length > 0) {
    const next = queue.shift()!;
    moving.push(next);
    queue.push(...(children.get(next.guid) ?? []));
  }
  if (moving.length > 0) await db.posts.bulkPut(moving.map((m) => ({ ...m, threadKey })));
}
