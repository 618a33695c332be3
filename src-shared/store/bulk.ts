import type { PublishingDb } from './db';
import { changeRowOf, wordRowsOf } from './post-derived';
import type { MentionRow, PostRow } from './rows';

/**
 * Writes many complete posts, with their mention, change and search-word rows, in ONE transaction: a sync
 * page or an import batch is stored whole or not at all, and costs one commit instead of one per post.
 * Existing posts with the same GUID are replaced, keeping their numeric id. Answers the rows as stored.
 */
export async function putPostsInOneTransaction(db: PublishingDb, rows: readonly PostRow[]): Promise<PostRow[]> {
  return db.transaction('rw', [db.posts, db.mentions, db.changes, db.words], async () => {
    const existing = await db.posts.where('guid').anyOf(rows.map((r) => r.guid)).toArray();
    const idOf = new Map(existing.map((p) => [p.guid, p.id]));
    const stored = rows.map((r) => withoutUndefinedId({ ...r, id: idOf.get(r.guid) ?? r.id }));
    const ids = await db.posts.bulkPut(stored, { allKeys: true });
    if (existing.length > 0) await forgetDerivedRows(db, existing.map((p) => p.guid));
    const mentions: MentionRow[] = rows.flatMap((r) =>
      r.mentions.map((personaGuid) => ({ personaGuid, postGuid: r.guid, publishUnix: r.publishUnix })),
    );
    if (mentions.length > 0) await db.mentions.bulkPut(mentions);
    await db.changes.bulkPut(rows.map(changeRowOf));
    const words = rows.flatMap(wordRowsOf);
    if (words.length > 0) await db.words.bulkPut(words);
    return stored.map((row, i) => ({ ...row, id: ids[i] }));
  });
}

/** Drops the rows derived from these posts (a rewrite adds them again; a deletion keeps them gone). */
export async function forgetDerivedRows(db: PublishingDb, guids: readonly string[]): Promise<void> {
  await db.mentions.where('postGuid').anyOf(guids).delete();
  await db.changes.where('postGuid').anyOf(guids).delete();
  await db.words.where('postGuid').anyOf(guids).delete();
}

/** An auto-increment key must be absent, not `undefined`, for IndexedDB to assign one. */
function withoutUndefinedId(row: PostRow): PostRow {
  if (row.id !== undefined) return row;
  const { id: _id, ...rest } = row;
  return rest;
}
