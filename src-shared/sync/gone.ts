import { POST_TYPES } from '../api/vocabulary';
import type { PublishingDb } from '../store/db';
import { markPostsDeleted } from '../store/delete';
import { orderAfterTime, orderAtOrBefore } from '../store/order';
import { postsByGuids } from '../store/posts-by-guid';
import type { PostRow } from '../store/rows';
import type { RemoteRow } from '../store/sync-rows';
import type { RemoteConnection } from './connection';
import type { ReadWindow } from './pull-pages';

/**
 * Posts checked one by one after a poll. A remote that lost many posts at once (an account deleted there)
 * shows it over a few polls instead of one long one.
 */
const CHECKED_PER_CYCLE = 20;

/**
 * Posts of `remote` held here whose publication falls in a stretch of its timeline that was just read whole,
 * and that were not on its pages: the remote may have deleted them (or hidden them from this account).
 * Each is read once more on its own, and only one the remote says it does not have is taken away here: a
 * post missing from a page for any other reason (an odd page, a clock) stays.
 */
export async function checkMissingPosts(
  db: PublishingDb,
  input: { remote: RemoteRow; connection: RemoteConnection; window: ReadWindow; now: number },
): Promise<number> {
  const { remote, window } = input;
  const missing: PostRow[] = [];
  for (const type of POST_TYPES) {
    const rows = await db.posts
      .where('[type+order]')
      .between([type, orderAtOrBefore(window.toUnix)], [type, orderAfterTime(window.fromUnix)])
      .filter((p) => p.remoteGuid === remote.guid && !p.deleted && !window.seen.has(p.guid))
      .toArray();
    missing.push(...rows);
  }
  const gone: string[] = [];
  for (const post of missing.slice(0, CHECKED_PER_CYCLE)) {
    if ((await input.connection.read({ guid: post.guid, remoteId: post.remoteId ?? null })) === null)
      gone.push(post.guid);
  }
  return forgetGonePosts(db, remote.guid, gone, input.now);
}

/**
 * Takes away posts that their remote no longer serves, in one transaction: each stays a tombstone that
 * remembers when it went (`goneUnix`), so that it comes back if the remote serves it again (store-pulled.ts).
 * A post with a change of its own still waiting to be sent stays: sending it finds out what happened there
 * and asks the person (push.ts). Answers how many went.
 */
export async function forgetGonePosts(
  db: PublishingDb,
  remoteGuid: string,
  guids: readonly string[],
  now: number,
): Promise<number> {
  if (guids.length === 0) return 0;
  return db.transaction('rw', db.tables, async () => {
    const waiting = new Set(
      (
        await db.outbox
          .where('postGuid')
          .anyOf([...guids])
          .toArray()
      ).map((item) => item.postGuid),
    );
    const posts = (await postsByGuids(db, guids)).filter(
      (p) => p.remoteGuid === remoteGuid && !p.deleted && !waiting.has(p.guid),
    );
    await markPostsDeleted(
      db,
      posts.map((p) => p.guid),
      now,
    );
    const tombstones = await postsByGuids(
      db,
      posts.map((p) => p.guid),
    );
    await db.posts.bulkPut(tombstones.map((p) => ({ ...p, goneUnix: now })));
    return posts.length;
  });
}
