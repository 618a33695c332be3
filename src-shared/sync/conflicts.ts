import { putPostsInOneTransaction } from '../store/bulk';
import type { PublishingDb } from '../store/db';
import { postsByGuids } from '../store/posts-by-guid';
import { contentFingerprint } from './fingerprint';
import { SyncRefusal } from './refusal';
import { changedPostRow } from '../store/post-row';
import { dateOfUnix } from '../util/time';

/** One version of a post in a conflict; `title` null for a post without one. */
export interface ConflictVersion {
  title: string | null;
  text: string;
  tags: readonly string[];
  updated: Date;
}

/** A post edited here and on its remote while apart: both versions, for the person to choose. */
export interface Conflict {
  postGuid: string;
  remoteGuid: string;
  local: ConflictVersion;
  remote: ConflictVersion;
  detected: Date;
}

/** Both versions of each post edited here and on its remote (docs/sync.md). */
export async function listConflicts(db: PublishingDb): Promise<Conflict[]> {
  const conflicts = await db.conflicts.toArray();
  const posts = new Map(
    (
      await postsByGuids(
        db,
        conflicts.map((c) => c.postGuid),
      )
    ).map((p) => [p.guid, p]),
  );
  return conflicts.flatMap((conflict) => {
    const post = posts.get(conflict.postGuid);
    if (!post) return [];
    return [
      {
        postGuid: conflict.postGuid,
        remoteGuid: conflict.remoteGuid,
        local: { title: post.title ?? null, text: post.text, tags: post.tags, updated: dateOfUnix(post.updatedUnix) },
        remote: {
          title: conflict.remote.title ?? null,
          text: conflict.remote.text,
          tags: conflict.remote.tags,
          updated: dateOfUnix(conflict.remote.updatedUnix),
        },
        detected: dateOfUnix(conflict.detectedUnix),
      },
    ];
  });
}

/**
 * The person's choice, in one transaction. `local`: the held edit goes out again, now over the remote's
 * version (the next push overwrites it). `remote`: the post takes the remote's version and the edit is
 * dropped. Either way the conflict is gone.
 */
export async function resolveConflict(
  db: PublishingDb,
  postGuid: string,
  keep: 'local' | 'remote',
  now: number,
): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const conflict = await db.conflicts.get(postGuid.toLowerCase());
    if (!conflict) throw new SyncRefusal('unknown-conflict');
    const items = (await db.outbox.where('postGuid').equals(conflict.postGuid).toArray()).filter(
      (i) => i.op === 'edit',
    );
    if (keep === 'local') {
      // The remote's version becomes the one the edit is made on.
      const [post] = await postsByGuids(db, [conflict.postGuid]);
      if (post)
        await db.posts.put({
          ...post,
          remoteUpdatedUnix: conflict.remote.updatedUnix,
          remoteContent: contentFingerprint(conflict.remote),
        });
      for (const item of items) {
        if (item.seq === undefined) continue;
        await db.outbox.update(item.seq, {
          state: 'pending',
          error: null,
          baseUpdatedUnix: conflict.remote.updatedUnix,
          nextAttemptUnix: now,
        });
      }
    } else {
      const [post] = await postsByGuids(db, [conflict.postGuid]);
      if (post) {
        const { title, text, tags, updatedUnix } = conflict.remote;
        await putPostsInOneTransaction(db, [
          changedPostRow(post, {
            title,
            text,
            tags,
            updatedUnix,
            remoteUpdatedUnix: updatedUnix,
            remoteContent: contentFingerprint(conflict.remote),
          }),
        ]);
      }
      const seqs = items.flatMap((i) => (i.seq === undefined ? [] : [i.seq]));
      if (seqs.length > 0) await db.outbox.bulkDelete(seqs);
    }
    await db.conflicts.delete(conflict.postGuid);
  });
}
