import type { Table, Transaction } from 'dexie';
import type { PublishingDb } from './db';
import { queueWritten } from './word-queue';
import { changeRowOf } from './post-derived';
import type { PostRow } from './rows';

/** Settings key: the last post id whose change and word rows exist, while the backfill is unfinished. */
export const BACKFILL_V2 = 'backfill-v2-after-id';
/** Posts per backfill transaction: bounded memory (about 80 MB of heap at most, measured) and short locks. */
const BATCH = 100;

/**
 * Version 1 → 2, inside the version change: numbers Personas and Channels in order of creation (so the
 * first Channel is `channel_id` 1) and marks the posts for `backfillV2`. The posts are not indexed here:
 * indexeddbshim keeps every request of a transaction in memory until it ends, and a store of 30,000 posts
 * took 3 GB in one version change (measured; backfilled in batches, 30,000 posts take about a minute within
 * the host's 192 MB heap).
 */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  await numberInOrder(tx.table<Numbered, string>('personas'));
  await numberInOrder(tx.table<Numbered, string>('channels'));
  await tx.table('settings').put({ key: BACKFILL_V2, value: '0' });
}

/**
 * Fills the change rows of posts stored before version 2 and queues them for the search indexer, a batch
 * per transaction, recording its progress in the same transaction: an interrupted backfill resumes where
 * it stopped. Runs when the database opens, before it answers anything else (Dexie's `ready`).
 */
export async function backfillV2(db: PublishingDb): Promise<void> {
  for (;;) {
    const done = await db.transaction('rw', [db.posts, db.changes, db.indexQueue, db.settings], async () => {
      const mark = await db.settings.get(BACKFILL_V2);
      if (!mark) return true;
      const batch = await db.posts.where(':id').above(Number(mark.value)).limit(BATCH).toArray();
      const last = batch.at(-1);
      if (!last?.id) {
        await db.settings.delete(BACKFILL_V2);
        return true;
      }
      const alive = batch.filter((post: PostRow) => !post.deleted);
      if (alive.length > 0) {
        await db.changes.bulkPut(alive.map(changeRowOf));
        await queueWritten(db, alive);
      }
      await db.settings.put({ key: BACKFILL_V2, value: String(last.id) });
      return false;
    });
    if (done) return;
  }
}

type Numbered = { guid: string; createdUnix: number; position: number; id?: number };

async function numberInOrder(table: Table<Numbered, string>): Promise<void> {
  const rows = await table.toArray();
  if (rows.length === 0) return;
  rows.sort((a, b) => a.createdUnix - b.createdUnix || a.position - b.position || (a.guid < b.guid ? -1 : 1));
  await table.bulkPut(rows.map((row, index) => ({ ...row, id: index + 1 })));
}
