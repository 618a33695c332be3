import type { PublishingDb } from './db';
import { changeRowOf } from './post-derived';
import { marksOf, withoutMarks } from './relations';
import type { MentionRow, PostRow, ReplyRow } from './rows';
import { postsByGuids } from './posts-by-guid';
import { queueReplaced, queueWritten } from './word-queue';

/** Search words are not here: the indexer rewrites them from the word queue (store/word-index.ts). */
const DERIVED = ['mentions', 'changes', 'replies'] as const;

/**
 * Writes many complete posts, with their mention, change and reply rows, in ONE transaction, and queues
 * them for the search indexer:
 * a sync page or an import batch is stored whole or not at all, and costs one commit instead of one per
 * post. Existing posts with the same GUID are replaced, keeping their numeric id and the marks of this
 * instance's Personas (store/relations.ts). Answers the rows as stored.
 */
export async function putPostsInOneTransaction(
  db: PublishingDb,
  rows: readonly PostRow[],
  options: { fresh?: boolean } = {},
): Promise<PostRow[]> {
  return db.transaction('rw', [db.posts, db.indexQueue, ...DERIVED.map((name) => db[name])], async () => {
    // `fresh`: new posts under GUIDs made here a moment ago, so nothing is stored under them. They are
    // added without looking: on the SQLite backend a put also looks up and deletes, and a single write
    // spent a fifth of its statements on that.
    const existing = options.fresh
      ? []
      : await postsByGuids(
          db,
          rows.map((r) => r.guid),
        );
    const before = new Map(existing.map((p) => [p.guid, p]));
    const stored = rows.map((r) => {
      const old = before.get(r.guid);
      return withoutUndefinedId({ ...syncFieldsOf(old), ...withoutMarks(r), ...marksOf(old), id: old?.id ?? r.id });
    });
    const ids = options.fresh
      ? await db.posts.bulkAdd(stored, { allKeys: true })
      : await db.posts.bulkPut(stored, { allKeys: true });
    if (existing.length > 0) await forgetDerivedRows(db, existing);
    const mentions: MentionRow[] = rows.flatMap((r) =>
      r.mentions.map((personaGuid) => ({ personaGuid, postGuid: r.guid, publishUnix: r.publishUnix })),
    );
    if (mentions.length > 0) await db.mentions.bulkPut(mentions);
    const changes = rows.map(changeRowOf);
    await (options.fresh ? db.changes.bulkAdd(changes) : db.changes.bulkPut(changes));
    const written = stored.map((row, i) => ({ ...row, id: ids[i] }));
    await queueWritten(db, written, options);
    const replies = await replyRowsOf(db, rows);
    if (replies.length > 0) await db.replies.bulkPut(replies);
    return written;
  });
}

/** See ReplyRow: only replies across accounts, filed under the Persona replied to. */
async function replyRowsOf(db: PublishingDb, rows: readonly PostRow[]): Promise<ReplyRow[]> {
  const replies = rows.filter((r) => r.parentGuid !== null && !r.deleted);
  if (replies.length === 0) return [];
  const parents = await postsByGuids(
    db,
    replies.map((r) => r.parentGuid ?? ''),
  );
  const parentOf = new Map(parents.map((p) => [p.guid, p]));
  return replies.flatMap((reply) => {
    const parent = parentOf.get(reply.parentGuid ?? '');
    if (!parent || parent.accountGuid === reply.accountGuid) return [];
    return [{ personaGuid: parent.personaGuid, postGuid: reply.guid, publishUnix: reply.publishUnix }];
  });
}

/**
 * Drops the rows derived from these posts (a rewrite adds them again; a deletion keeps them gone), and
 * queues them so the indexer drops or rewrites their search words.
 */
export async function forgetDerivedRows(db: PublishingDb, posts: readonly PostRow[]): Promise<void> {
  if (posts.length === 0) return;
  const guids = posts.map((post) => post.guid);
  for (const name of DERIVED) await db[name].where('postGuid').anyOf(guids).delete();
  await queueReplaced(db, posts);
}

/**
 * Where the post lives for sync, kept across rewrites that do not say (a local edit builds a fresh row);
 * a row that sets them (a pulled version) replaces them.
 */
function syncFieldsOf(old: PostRow | undefined): Partial<PostRow> {
  if (!old) return {};
  const { remoteGuid, remoteUrl, remoteUpdatedUnix, remoteContent, remoteId, goneUnix } = old;
  return Object.fromEntries(
    Object.entries({ remoteGuid, remoteUrl, remoteUpdatedUnix, remoteContent, remoteId, goneUnix }).filter(
      ([, v]) => v != null,
    ),
  );
}

/** An auto-increment key must be absent, not `undefined`, for IndexedDB to assign one. */
function withoutUndefinedId(row: PostRow): PostRow {
  if (row.id !== undefined) return row;
  const { id: _id, ...rest } = row;
  return rest;
}
