import { beforeAll, describe, expect, it } from 'vitest';
import { nextSecond } from '../../support/wait';
import type { PeerAccount } from './peer';
import { isoAt, publishedOnPeer, writeSeries } from './seed';
import { deskWith, unavailable, usePeer, type SyncedDesk } from './use-peer';

// streams keeps each post's answer in a cache named by the second of its last change: an edit within the
// same second is served by its timelines as the version before it, and the desk reads such a post by itself
// (edits-at-once.test.ts). These tests wait for the next second, to see what the timelines themselves bring.
describe.skipIf(unavailable)('keeping up with a streams server', () => {
  const real = usePeer();
  let synced: SyncedDesk;
  let neighbour: PeerAccount;
  /** Published five hours before it was written: streams files it under that time, out of a poll's way. */
  let old: { guid: string; publish_unix: number };
  /** The same, six hours: edited by another client later. */
  let elsewhere: { guid: string; publish_unix: number };
  const held = async () =>
    (await synced.desk.db.posts.toArray()).filter((p) => p.remoteGuid === synced.remoteGuid && !p.deleted);
  const heldPost = async (guid: string) => synced.desk.db.posts.where('guid').equals(guid).first();
  const cursor = async () => (await synced.desk.db.cursors.get([synced.remoteGuid, 'global']))?.sinceUnix ?? null;

  beforeAll(async () => {
    const { peer } = real;
    neighbour = await peer.addAccount('neighbour');
    await writeSeries(peer, peer.owner, {
      count: 20,
      fromUnix: Math.floor(Date.now() / 1000) - 3600,
      stepSeconds: 60,
      label: 'before',
    });
    old = await peer.write(peer.owner, {
      content: 'An old post',
      publish_at: isoAt(Math.floor(Date.now() / 1000) - 5 * 3600),
    });
    elsewhere = await peer.write(peer.owner, {
      content: 'Edited on another desk later',
      publish_at: isoAt(Math.floor(Date.now() / 1000) - 6 * 3600),
    });
    synced = await deskWith(peer, peer.owner);
    return () => synced.close();
  }, 120_000);
  beforeAll(() => synced.sync(), 120_000);

  it('brings every post of a burst of 320 between two polls, and then nothing twice', async () => {
    const { peer } = real;
    const before = await cursor();
    // Written now, by two people: more than three pages, which streams would answer `since` with a window
    // from the middle.
    for (let i = 0; i < 160; i++) {
      await peer.write(peer.owner, { content: `burst from the owner ${i}` });
      await peer.write(neighbour, { content: `burst from the neighbour ${i}` });
    }
    await synced.sync();
    expect((await held()).map((p) => p.guid).sort()).toEqual((await publishedOnPeer(peer)).sort());
    expect(await cursor()).toBeGreaterThan(before ?? 0);

    const stored = await synced.desk.db.changes.count();
    await synced.sync();
    expect(await synced.desk.db.changes.count()).toBe(stored);
  }, 120_000);

  it('brings an edit made there, at the time the post shows', async () => {
    const { peer } = real;
    const post = await peer.write(peer.owner, {
      content: 'Before the edit',
      publish_at: isoAt(Math.floor(Date.now() / 1000) - 600),
    });
    await synced.sync();
    expect(await heldPost(post.guid)).toMatchObject({ text: 'Before the edit', publishUnix: post.publish_unix });

    // As a client that keeps the time: the post keeps its place.
    await nextSecond();
    await peer.api(peer.owner, 'POST', `/api/posts/${post.guid}/write`, {
      content: 'After the edit',
      post_type: 'post.note',
      persona_guid: peer.owner.personaGuid,
      publish_at: isoAt(Number(post.publish_unix)),
    });
    await synced.sync();
    expect(await heldPost(post.guid)).toMatchObject({ text: 'After the edit', publishUnix: post.publish_unix });

    // As streams' own edit without the time: streams moves the post to now, and so does the desk.
    await nextSecond();
    const moved = (
      await peer.api(peer.owner, 'POST', `/api/posts/${post.guid}/write`, {
        content: 'Edited once more',
        post_type: 'post.note',
        persona_guid: peer.owner.personaGuid,
      })
    ).json.data[0];
    expect(Number(moved.publish_unix)).toBeGreaterThan(Number(post.publish_unix));
    await synced.sync();
    expect(await heldPost(post.guid)).toMatchObject({ text: 'Edited once more', publishUnix: moved.publish_unix });
  });

  it('brings an edit of an older post, which streams files under its old time, when the post is opened', async () => {
    const { peer } = real;
    expect(await heldPost(old.guid)).toMatchObject({ text: 'An old post' });
    await peer.api(peer.owner, 'POST', `/api/posts/${old.guid}/write`, {
      content: 'An old post, corrected',
      post_type: 'post.note',
      persona_guid: peer.owner.personaGuid,
      publish_at: isoAt(old.publish_unix),
    });
    const opened = await synced.desk.call('POST', `/api/sync/posts/${old.guid}/refresh`);
    expect(opened.json.data).toEqual({ post_guid: old.guid, gone: false, stored: 1 });
    expect(await heldPost(old.guid)).toMatchObject({ text: 'An old post, corrected', publishUnix: old.publish_unix });
  });

  it('brings an edit of an older post made there by another client, which keeps its time, within a day', async () => {
    const { peer } = real;
    expect(await heldPost(elsewhere.guid)).toMatchObject({ text: 'Edited on another desk later' });
    await peer.api(peer.owner, 'POST', `/api/posts/${elsewhere.guid}/write`, {
      content: 'Edited on another desk later, and corrected',
      post_type: 'post.note',
      persona_guid: peer.owner.personaGuid,
      publish_at: isoAt(elsewhere.publish_unix),
    });
    // The desk's next day: the last week is read again (look-back.test.ts shows that a poll does not reach it).
    synced.passTime(86_400);
    await synced.sync();
    expect(await heldPost(elsewhere.guid)).toMatchObject({
      text: 'Edited on another desk later, and corrected',
      publishUnix: elsewhere.publish_unix,
    });
  });

  it('takes away a post deleted there: at the next poll when it is recent, when opened when it is older', async () => {
    const { peer } = real;
    const recent = await peer.write(neighbour, { content: 'Said and taken back' });
    await synced.sync();
    expect(await heldPost(recent.guid)).toMatchObject({ deleted: 0 });
    await peer.api(neighbour, 'DELETE', `/api/posts/${recent.guid}`, {});
    await synced.sync();
    expect(await heldPost(recent.guid)).toMatchObject({ deleted: 1 });
    expect((await synced.desk.call('GET', `/api/posts/${recent.guid}`)).status).toBe(400);

    const [older] = (await held()).filter((p) => p.text.startsWith('before note'));
    if (!older) throw new Error('the posts written before the desk came are not here');
    await peer.api(peer.owner, 'DELETE', `/api/posts/${older.guid}`, {});
    await synced.sync();
    expect(await heldPost(older.guid)).toMatchObject({ deleted: 0 });
    const opened = await synced.desk.call('POST', `/api/sync/posts/${older.guid}/refresh`);
    expect(opened.json.data).toMatchObject({ gone: true });
    expect(await heldPost(older.guid)).toMatchObject({ deleted: 1 });
  });
});
