import type { PublishingDb } from './db';
import type { MentionRow, PostRow } from './rows';

/**
 * Writes many complete posts (and their mention rows) in ONE transaction: a sync page or an import batch
 * is stored whole or not at all, and costs one commit instead of one per post. Existing posts with the
 * same GUID are replaced, keeping their numeric id.
 */
export async function putPostsInOneTransaction(db: PublishingDb, rows: readonly PostRow[]): Promise<void> {
  await db.transaction('rw', [db.posts, db.mentions], async () => {
    const existing = await db.posts.where('guid').anyOf(rows.map((r) => r.guid)).toArray();
    const idOf = new Map(existing.map((p) => [p.guid, p.id]));
    await db.posts.bulkPut(rows.map((r) => ({ ...r, id: idOf.get(r.guid) ?? r.id })).map(withoutUndefinedId));
    if (existing.length > 0) await db.mentions.where('postGuid').anyOf(existing.map((p) => p.guid)).delete();
    const mentions: MentionRow[] = rows.flatMap((r) =>
      r.mentions.map((personaGuid) => ({ personaGuid, postGuid: r.guid, publishUnix: r.publishUnix })),
    );
    if (mentions.length > 0) await db.mentions.bulkPut(mentions);
  });
}

/** An auto-increment key must be absent, not `undefined`, for IndexedDB to assign one. */
function withoutUndefinedId(row: PostRow): PostRow {
  if (row.id !== undefined) return row;
  const { id: _id, ...rest } = row;
  return rest;
}
