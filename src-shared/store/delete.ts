import { forgetDerivedRows } from './bulk';
import type { PublishingDb } from './db';
import { markRepost, withoutMarks } from './relations';
import { postsByGuids } from './posts-by-guid';

/**
 * Deletes posts: each row stays as a tombstone (deleted = 1) so that sync and the legacy view can tell
 * "deleted" from "never existed", and everything derived from them (mention, change, word and reply rows,
 * pins, stars and their marks) goes, in one transaction. A deleted repost is also no longer counted as a
 * repost of its original.
 */
export async function markPostsDeleted(db: PublishingDb, guids: readonly string[], now: number): Promise<void> {
  if (guids.length === 0) return;
  await db.transaction(
    'rw',
    [db.posts, db.mentions, db.changes, db.indexQueue, db.replies, db.pins, db.stars],
    async () => {
      const posts = await postsByGuids(db, guids);
      await db.posts.bulkPut(posts.map((post) => ({ ...withoutMarks(post), deleted: 1 as const, updatedUnix: now })));
      await forgetDerivedRows(db, posts);
      await Promise.all(
        guids.flatMap((guid) => [
          db.pins.where('[postGuid+personaGuid]').between([guid, ''], [guid, '\uffff']).delete(),
          db.stars.where('[postGuid+personaGuid]').between([guid, ''], [guid, '\uffff']).delete(),
        ]),
      );
      const reposts = posts.filter((p) => p.repostOf);
      const originals = await postsByGuids(
        db,
        reposts.map((p) => p.repostOf ?? ''),
      );
      for (let original of originals) {
        for (const repost of reposts.filter((p) => p.repostOf === original.guid)) {
          original = await markRepost(db, original, { personaGuid: repost.personaGuid, postGuid: repost.guid }, false);
        }
      }
    },
  );
}
