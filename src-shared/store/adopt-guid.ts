import { forgetDerivedRows, putPostsInOneTransaction } from './bulk';
import type { PublishingDb } from './db';
import { postsByGuids } from './posts-by-guid';
import { marksOf } from './relations';
import { rememberRemoteUrls } from './remote-urls';
import type { PostRow } from './rows';
import { changedPostRow, defaultCanonicalPath } from './post-row';

export interface RemoteIdentity {
  guid: string;
  url: string;
  updatedUnix: number;
  /** Legacy remotes name posts by number. */
  id: number | null;
  /** Fingerprint of the version the remote holds (sync/fingerprint.ts). */
  content: string;
}

/**
 * What taking a remote's GUID came to: the post as stored (null when it was gone meanwhile), or the other
 * post held under that GUID, which was not the remote's to replace (nothing changed then).
 */
export type Adopted = { post: PostRow | null } | { taken: PostRow };

/**
 * A post published to a remote takes the GUID and URL the remote gave it, so that replies, threads, stars
 * and pins made anywhere name it the same way. Everything that names the old GUID follows, in one
 * transaction: the post's derived rows, its replies and conversation, star and pin rows, the marks of a
 * repost, and outbox items still waiting. The numeric legacy id stays. When a copy under the new GUID was
 * already pulled, that copy is replaced by the local post (the same post, with its local history), but only
 * when `mayReplace` says it is the remote's own (sync/ownership.ts): a remote answering with the GUID of a
 * local post, or of another remote's, takes nothing, and neither does a URL that names another's post.
 */
export async function adoptRemoteGuid(
  db: PublishingDb,
  from: string,
  remote: RemoteIdentity,
  mayReplace: (held: PostRow) => Promise<boolean>,
): Promise<Adopted> {
  const tables = [
    db.posts,
    db.personas,
    db.mentions,
    db.changes,
    db.indexQueue,
    db.replies,
    db.stars,
    db.pins,
    db.outbox,
    db.conflicts,
    db.remoteUrls,
  ];
  return db.transaction('rw', tables, async () => {
    const to = remote.guid.toLowerCase();
    const [post] = await postsByGuids(db, [from]);
    if (!post) return { post: null };
    const [pulledCopy] = to === from ? [] : await postsByGuids(db, [to]);
    if (pulledCopy && !(await mayReplace(pulledCopy))) return { taken: pulledCopy };
    const synced = {
      remoteUrl: remote.url,
      remoteUpdatedUnix: remote.updatedUnix,
      remoteContent: remote.content,
      ...(remote.id !== null ? { remoteId: remote.id } : {}),
    };
    // Replies there name it by this URL (sync-rows.ts RemoteUrlRow).
    await rememberRemoteUrls(db, [{ url: remote.url, guid: to }], mayReplace);
    if (to === from) return { post: (await putPostsInOneTransaction(db, [{ ...post, ...synced }]))[0] ?? null };

    if (pulledCopy?.id !== undefined) await db.posts.delete(pulledCopy.id);
    await forgetDerivedRows(db, pulledCopy ? [post, pulledCopy] : [post]);
    const rename = (guid: string | null) => (guid === from ? to : guid);
    const renamed = changedPostRow(post, {
      ...synced,
      guid: to,
      threadKey: rename(post.threadKey) ?? to,
      canonicalPath: post.canonicalPath === defaultCanonicalPath(from) ? defaultCanonicalPath(to) : post.canonicalPath,
    });
    const members = await db.posts
      .where('[threadKey+publishUnix+guid]')
      .between([post.threadKey, -Infinity, ''], [post.threadKey, Infinity, '\uffff'])
      .filter((member) => member.guid !== from && (member.parentGuid === from || member.threadKey === from))
      .toArray();
    const followers = members.map((member) => ({
      ...member,
      threadKey: rename(member.threadKey) ?? member.threadKey,
      parentGuid: rename(member.parentGuid),
      replyTo: member.replyTo?.replaceAll(from, to) ?? null,
    }));
    const [stored] = await putPostsInOneTransaction(db, [renamed, ...followers]);
    if (!stored) return { post: null };
    // The writer keeps marks by GUID, and the new GUID has none yet.
    const marked = { ...stored, ...marksOf(post) };
    await db.posts.put(marked);
    await moveRelations(db, from, to);
    if (post.repostOf) await renameRepostMark(db, post.repostOf, from, to);
    return { post: marked };
  });
}

async function moveRelations(db: PublishingDb, from: string, to: string): Promise<void> {
  const stars = await db.stars.where('[postGuid+personaGuid]').between([from, ''], [from, '\uffff']).toArray();
  const pins = await db.pins.where('[postGuid+personaGuid]').between([from, ''], [from, '\uffff']).toArray();
  // No empty bulk calls: each costs a turn of Dexie's machinery and places no request. (Before the
  // store's patch of indexeddbshim, a few in a row ended the transaction under the next one.)
  if (stars.length > 0) {
    await db.stars.bulkDelete(stars.map((s): [string, string] => [from, s.personaGuid]));
    await db.stars.bulkPut(stars.map((s) => ({ ...s, postGuid: to })));
  }
  if (pins.length > 0) {
    await db.pins.bulkDelete(pins.map((p): [string, string] => [from, p.personaGuid]));
    await db.pins.bulkPut(pins.map((p) => ({ ...p, postGuid: to })));
  }
  await db.outbox.where('postGuid').equals(from).modify({ postGuid: to });
  const conflict = await db.conflicts.get(from);
  if (conflict) {
    await db.conflicts.delete(from);
    await db.conflicts.put({ ...conflict, postGuid: to });
  }
}

async function renameRepostMark(db: PublishingDb, originalGuid: string, from: string, to: string): Promise<void> {
  const [original] = await postsByGuids(db, [originalGuid]);
  if (!original?.repostedBy) return;
  const repostedBy = original.repostedBy.map((mark) => (mark.postGuid === from ? { ...mark, postGuid: to } : mark));
  await db.posts.put({ ...original, repostedBy });
}
