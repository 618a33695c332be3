import { forgetDerivedRows } from './bulk';
import type { PublishingDb } from './db';

/**
 * Deletes a post: the row stays as a tombstone (deleted = 1) so that sync and the legacy view can tell
 * "deleted" from "never existed", and everything derived from it (mentions, change and word rows, pins,
 * stars) goes, in one transaction.
 */
export async function markPostDeleted(db: PublishingDb, guid: string, now: number): Promise<void> {
  await db.transaction('rw', [db.posts, db.mentions, db.changes, db.words, db.pins, db.stars], async () => {
    await db.posts.where('guid').equals(guid).modify({ deleted: 1, updatedUnix: now });
    await forgetDerivedRows(db, [guid]);
    await db.pins.where('[postGuid+personaGuid]').between([guid, ''], [guid, '\uffff']).delete();
    await db.stars.where('[postGuid+personaGuid]').between([guid, ''], [guid, '\uffff']).delete();
  });
}
