import { Dexie } from 'dexie';
import type { PublishingDb } from './db';
import type { PostRow } from './rows';

/**
 * The posts with these GUIDs, in no particular order; unknown GUIDs are left out. One exact lookup per
 * GUID rather than `anyOf`: on the SQLite backend `anyOf` walks one cursor that seeks to each key, and
 * every seek reads 100 rows ahead (measured: 50 posts in 200 ms that way, a fifth of it like this).
 *
 * A Dexie promise throughout, never a native one: awaiting a native `Promise.all([])` inside a transaction
 * loses Dexie's transaction zone on indexeddbshim, and the transaction commits under the caller.
 */
export function postsByGuids(db: PublishingDb, guids: readonly string[]): Promise<PostRow[]> {
  return Dexie.Promise.all([...new Set(guids)].map((guid) => db.posts.where('guid').equals(guid).first())).then(
    (rows) => rows.filter((row): row is PostRow => row !== undefined),
  );
}
