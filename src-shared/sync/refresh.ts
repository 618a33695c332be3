import { ErrorText, ServiceError } from '../api/errors';
import type { PublishingDb } from '../store/db';
import { postsByGuids } from '../store/posts-by-guid';
import type { RemoteRow } from '../store/sync-rows';
import type { RemoteConnection } from './connection';
import { forgetGonePosts } from './gone';
import { storePulledPage } from './store-pulled';

/**
 * A person opens a post that came from a remote: its whole conversation is read there and stored here, so
 * replies written since arrive. When the remote no longer serves the post (deleted or hidden there), it is
 * taken away here too (gone.ts), unless a change made here still waits to be sent.
 */
export async function refreshThread(
  db: PublishingDb,
  input: { remote: RemoteRow; connection: RemoteConnection; postGuid: string; now: number },
): Promise<{ post_guid: string; gone: boolean; stored: number }> {
  const [held] = await postsByGuids(db, [input.postGuid]);
  const thread = await input.connection.thread({ guid: input.postGuid, remoteId: held?.remoteId ?? null });
  const served = thread?.some((p) => p.guid === input.postGuid) ?? false;
  const stored = thread ? (await storePulledPage(db, { remote: input.remote, posts: thread, now: input.now })).stored : 0;
  if (!served) await forgetGonePosts(db, input.remote.guid, [input.postGuid], input.now);
  return { post_guid: input.postGuid, gone: !served, stored };
}

/** The post and the remote it lives on, or a 400 the person can read. */
export async function remoteOfPost(db: PublishingDb, guid: string): Promise<RemoteRow> {
  const [post] = await postsByGuids(db, [guid.toLowerCase()]);
  const remote = post?.remoteGuid ? await db.remotes.get(post.remoteGuid) : undefined;
  if (!remote) throw new ServiceError(400, ErrorText.notSyncedPost);
  return remote;
}
