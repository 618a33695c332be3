import type { PublishingDb } from '../store/db';
import { postsByGuids } from '../store/posts-by-guid';
import type { RemoteRow } from '../store/sync-rows';
import type { RemoteConnection } from './connection';
import { forgetGonePosts } from './gone';
import { SyncRefusal } from './refusal';
import { storePulledPage } from './store-pulled';

/** What reading a post's conversation again came to: `gone`, the remote no longer serves the post; `stored`, posts new or changed here. */
export interface ThreadRefresh {
  postGuid: string;
  gone: boolean;
  stored: number;
}

/**
 * A person opens a post that came from a remote: its whole conversation is read there and stored here, so
 * replies written since arrive. When the remote no longer serves the post (deleted or hidden there), it is
 * taken away here too (gone.ts), unless a change made here still waits to be sent. A conversation answered
 * from a copy (the reference keeps one per post for an hour, whatever changed in it since) may hold an older
 * version of the post: the post is then also read by itself, which says what it is.
 */
export async function refreshThread(
  db: PublishingDb,
  input: { remote: RemoteRow; connection: RemoteConnection; postGuid: string; now: number },
): Promise<ThreadRefresh> {
  const { remote, connection, postGuid, now } = input;
  const [held] = await postsByGuids(db, [postGuid]);
  const ref = { guid: postGuid, remoteId: held?.remoteId ?? null };
  const thread = await connection.thread(ref);
  const opened = thread?.find((p) => p.guid === postGuid);
  let stored = thread ? (await storePulledPage(db, { remote, posts: thread, now })).stored : 0;
  if (opened?.cachedList) {
    const itself = await connection.read(ref);
    if (itself) stored += (await storePulledPage(db, { remote, posts: [itself], now })).stored;
  }
  if (!opened) await forgetGonePosts(db, remote.guid, [postGuid], now);
  return { postGuid, gone: !opened, stored };
}

/** The remote the post lives on; a post that did not come from one is refused. */
export async function remoteOfPost(db: PublishingDb, guid: string): Promise<RemoteRow> {
  const [post] = await postsByGuids(db, [guid.toLowerCase()]);
  const remote = post?.remoteGuid ? await db.remotes.get(post.remoteGuid) : undefined;
  if (!remote) throw new SyncRefusal('not-synced-post');
  return remote;
}
