import type { PublishingDb } from '../store/db';
import type { CursorRow } from '../store/sync-rows';

/**
 * Versions a remote's list served that the post's own answer may contradict (confirm.ts), kept on the
 * remote's `confirm` cursor row (store/sync-rows.ts) until they are read again: a pull cut short, or a
 * restart, keeps them.
 */
export interface Unconfirmed {
  postGuid: string;
  /** When, by this desk's clock, the post is to be read again. */
  dueUnix: number;
}

/**
 * A version stamped with the second a list was read in is read again once that second is surely over on the
 * remote too: two seconds on this desk's clock, whatever the two clocks' offset (their seconds pass alike).
 */
export const SETTLED_AFTER_SECONDS = 2;

/** Notes kept at most; beyond, the oldest go (a burst of thousands served in one second is read again in part). */
export const UNCONFIRMED_AT_MOST = 500;

const keyOf = (remoteGuid: string): [string, string] => [remoteGuid, 'confirm'];

/** Adds notes, one per post (the soonest due), in the caller's transaction. */
export async function noteUnconfirmed(
  db: PublishingDb,
  remoteGuid: string,
  notes: readonly Unconfirmed[],
): Promise<void> {
  if (notes.length === 0) return;
  const byGuid = new Map(
    ((await db.cursors.get(keyOf(remoteGuid)))?.unconfirmed ?? []).map((note) => [note.postGuid, note]),
  );
  for (const note of notes) {
    const noted = byGuid.get(note.postGuid);
    if (noted && noted.dueUnix <= note.dueUnix) continue;
    byGuid.delete(note.postGuid);
    byGuid.set(note.postGuid, note);
  }
  await db.cursors.put(rowOf(remoteGuid, [...byGuid.values()].slice(-UNCONFIRMED_AT_MOST)));
}

/** The notes due by `now`, oldest first, `limit` at most. */
export async function dueUnconfirmed(
  db: PublishingDb,
  remoteGuid: string,
  now: number,
  limit: number,
): Promise<Unconfirmed[]> {
  const notes = (await db.cursors.get(keyOf(remoteGuid)))?.unconfirmed ?? [];
  return notes.filter((note) => note.dueUnix <= now).slice(0, limit);
}

/** Takes away the notes that were read again; a post noted anew meanwhile stays noted. */
export async function dropUnconfirmed(
  db: PublishingDb,
  remoteGuid: string,
  done: readonly Unconfirmed[],
): Promise<void> {
  if (done.length === 0) return;
  await db.transaction('rw', db.cursors, async () => {
    const read = new Set(done.map((note) => `${note.postGuid} ${note.dueUnix}`));
    const notes = (await db.cursors.get(keyOf(remoteGuid)))?.unconfirmed ?? [];
    await db.cursors.put(
      rowOf(
        remoteGuid,
        notes.filter((note) => !read.has(`${note.postGuid} ${note.dueUnix}`)),
      ),
    );
  });
}

const rowOf = (remoteGuid: string, unconfirmed: Unconfirmed[]): CursorRow => ({
  remoteGuid,
  timeline: 'confirm',
  sinceUnix: null,
  paging: null,
  unconfirmed,
});
