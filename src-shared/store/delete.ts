import { forgetDerivedRows } from './bulk';
import type { PublishingDb } from './db';

/**
 * Deletes posts: each row stays as a tombstone (deleted = 1) so that sync and the legacy view can tell
 * "deleted" from "never existed", and everything derived from them (mentions, change and word rows, pins,
 * stars) goes, in one transaction.
 */
export async function markPostsDeleted(db: PublishingDb, guids: readonly string[], now: number): Promise<void> {
  if (guids.length === 0) return;
  await db.transaction('rw', [db.posts, db.mentions, db.changes, db.words, db.pins, db.stars], async () => {
    await db.posts.where('guid').anyOf(guids).modify({ deleted: 1, updatedUnix: now });
    await forgetDerivedRows(db, guids);
    await Promise.all(
      guids.flatMap((guid) => [
        db.pins.where('[postGuid+personaGuid]').between([guid, ''], [guid, '\uffff']).delete(),
        db.stars.where('[postGuid+personaGuid]').between([guid, ''], [guid, '\uffff']).delete(),
      ]),
    );
  });
}
