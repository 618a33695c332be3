import type { PublishingDb } from '../store/db';
import type { RemoteRow, TimelineName } from '../store/sync-rows';
import type { PullResult } from './pull';
import type { PulledPost } from './pulled-post';
import { storePulledPage } from './store-pulled';

/**
 * Pulls a timeline that pages forward in time (the legacy `since_unix`: each page holds the oldest posts
 * that became new after the cursor). Each page is stored in one transaction with the cursor moved to the
 * newest time in it, so a pull cut short resumes exactly there. It stops at an empty page, or at a page
 * that does not move the cursor (a remote whose `since_unix` is inclusive answers the last second again).
 */
export async function pullForward(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    timeline: TimelineName;
    readAfter: (sinceUnix: number | null) => Promise<PulledPost[]>;
    now: () => number;
    /** Told how many posts each page stored, as it is stored (a running cycle's progress). */
    onStored?: ((count: number) => void) | undefined;
  },
): Promise<PullResult> {
  const key: [string, string] = [input.remote.guid, input.timeline];
  let since = (await db.cursors.get(key))?.sinceUnix ?? null;
  const result: PullResult = { requests: 0, stored: 0, mentioning: 0 };
  for (;;) {
    const page = await input.readAfter(since);
    result.requests += 1;
    const newest = Math.max(since ?? -1, ...page.map((p) => Math.max(p.publishUnix, p.updatedUnix)));
    const cursor = { remoteGuid: input.remote.guid, timeline: input.timeline, sinceUnix: newest < 0 ? null : newest, paging: null };
    const stored = await storePulledPage(db, {
      remote: input.remote,
      posts: page,
      now: input.now(),
      alsoInTransaction: () => db.cursors.put(cursor).then(() => undefined),
    });
    result.stored += stored.stored;
    result.mentioning += stored.mentioning;
    input.onStored?.(stored.stored);
    if (page.length === 0 || newest === since) return result;
    since = newest;
  }
}
