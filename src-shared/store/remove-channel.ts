import { markerName } from '../api/markers';
import { putPostsInOneTransaction } from './bulk';
import type { PublishingDb } from './db';
import type { GrantRow, PostRow } from './rows';

/** Posts rewritten per step: a Channel of years holds many thousands, and one step holds them all in memory. */
const BATCH = 200;
/** Past every `order` string (they are digits, `:` and hex). */
const END = '\uffff';

/**
 * Removes a Channel, in one transaction: its posts move to `target` (tombstones too, so that no row names
 * a Channel that is gone), the Personas that could write to it may write to `target` (their moved posts
 * stay editable by them, and none loses the place it wrote to), its grants and its reading place go, and
 * then the Channel.
 * Answers how many posts (not counting tombstones) moved.
 *
 * A moved post is a changed post: it is rewritten through the store's one writer with `updatedUnix` = now,
 * so its change row tells `since_unix` and `changed_since` pollers, and its other derived rows are
 * written again as for any rewrite. Everything else (GUID, numeric id, marks, conversation, sync fields)
 * stays as it was.
 */
export async function removeChannel(
  db: PublishingDb,
  input: { channelGuid: string; targetGuid: string; now: number },
): Promise<number> {
  const { channelGuid, targetGuid, now } = input;
  if (channelGuid === targetGuid) throw new Error('a Channel cannot take its own posts');
  const tables = [db.channels, db.grants, db.posts, db.indexQueue, db.mentions, db.changes, db.replies, db.markers];
  return db.transaction('rw', tables, async () => {
    const channel = await db.channels.get(channelGuid);
    const moved = await movePosts(db, channelGuid, targetGuid, now);
    const grants = await db.grants
      .where('[channelGuid+personaGuid]')
      .between([channelGuid, ''], [channelGuid, END])
      .toArray();
    // No empty bulk calls (see store/adopt-guid.ts).
    if (grants.length > 0) {
      await db.grants.bulkPut(grants.map((g): GrantRow => ({ channelGuid: targetGuid, personaGuid: g.personaGuid })));
      await db.grants.bulkDelete(grants.map((g): [string, string] => [channelGuid, g.personaGuid]));
    }
    // Its reading place named a timeline that is gone (api/markers.ts).
    if (channel) await db.markers.delete([channel.accountGuid, markerName('channel', channelGuid) ?? '']);
    await db.channels.delete(channelGuid);
    return moved;
  });
}

/**
 * Reads the Channel's posts in timeline order, a batch at a time, each batch continuing after the last
 * post of the one before: the moved posts leave the range, but the walk does not rely on it.
 */
async function movePosts(db: PublishingDb, from: string, to: string, now: number): Promise<number> {
  let moved = 0;
  let after = { key: '', open: false };
  for (;;) {
    const batch = await db.posts
      .where('[channelGuid+order]')
      .between([from, after.key], [from, END], !after.open, true)
      .limit(BATCH)
      .toArray();
    const last = batch.at(-1);
    if (!last) return moved;
    const live = batch.filter((post) => !post.deleted);
    // A tombstone has no derived rows to keep right (store/delete.ts took them): only its Channel changes.
    const gone = batch.filter((post) => post.deleted);
    if (live.length > 0)
      await putPostsInOneTransaction(
        db,
        live.map((post): PostRow => ({ ...post, channelGuid: to, updatedUnix: now })),
      );
    if (gone.length > 0) await db.posts.bulkPut(gone.map((post): PostRow => ({ ...post, channelGuid: to })));
    moved += live.length;
    if (batch.length < BATCH) return moved;
    after = { key: last.order, open: true };
  }
}
