import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultKind, type FaultProxy } from '../../support/fault-proxy';
import type { PeerAccount, PeerJson } from './peer';
import { deskWith, unavailable, usePeer, type SyncedDesk } from './use-peer';

describe.skipIf(unavailable)('sending what was written here to a streams server', () => {
  const real = usePeer();
  let proxy: FaultProxy;
  let synced: SyncedDesk;
  let neighbour: PeerAccount;
  /** A post of someone else on the peer, held here: replied to, starred and pinned. */
  let theirs: PeerJson;

  beforeAll(async () => {
    const { peer } = real;
    neighbour = await peer.addAccount('neighbour');
    theirs = await peer.write(neighbour, { content: 'A post to answer' });
    proxy = await startFaultProxy(peer.base);
    return () => proxy.close();
  }, 120_000);
  beforeAll(async () => {
    synced = await deskWith(real.peer, real.peer.owner, { baseUrl: proxy.url });
    return () => synced.close();
  });
  beforeAll(() => synced.sync(), 120_000);
  afterEach(() => {
    // Every request to a post's path was a GET, POST or DELETE: streams takes OPTIONS there for a delete.
    expect(proxy.seen.filter((line) => line.startsWith('OPTIONS'))).toEqual([]);
  });

  /** Writes on the desk as the owner's Persona on the peer; answers the local post. */
  const write = async (params: Record<string, string | number>): Promise<PeerJson> => {
    const { peer } = real;
    const answer = await synced.desk.call('POST', '/api/posts/write', {
      params: { post_type: 'post.note', persona_guid: peer.owner.personaGuid, ...params },
    });
    if (answer.status !== 200) throw new Error(`the desk refused a write: ${JSON.stringify(answer.json)}`);
    return answer.json.data[0];
  };
  /** The peer's rows for a text, straight from its database: type, publication time, reply, thread. */
  const onPeer = async (text: string) => {
    const rows = await real.peer.sql(
      `SELECT guid, type, UNIX_TIMESTAMP(publish_at), IFNULL(reply_to, ''), IFNULL(parent_id, 0), IFNULL(title, '') FROM Post WHERE is_deleted = 'N' AND value = '${text}'`,
    );
    return rows.map((row) => {
      const [guid, type, publish, replyTo, parentId, title] = row.split('\t');
      return { guid, type, publishUnix: Number(publish), replyTo, parentId: Number(parentId), title };
    });
  };
  /**
   * Syncs as a person pressing "Sync now" now and then does, until nothing waits (at most five times): a
   * failure stops the drain, and a request left unanswered holds its item until it can no longer land, so
   * between two syncs the proxy has passed on every request it holds, and half a minute passes for the desk.
   */
  const syncUntilSent = async () => {
    for (let i = 0; i < 5; i++) {
      if ((await synced.sync()).pending === 0) return;
      await proxy.settled();
      synced.passTime(30);
    }
    throw new Error('items still wait after five syncs');
  };
  const action = async (postGuid: string) => {
    const [row] = await real.peer.sql(
      `SELECT pa.is_starred, pa.pin_type FROM PostAction pa JOIN Post po ON po.id = pa.post_id JOIN Persona pe ON pe.id = pa.persona_id WHERE po.guid = '${postGuid}' AND pe.guid = '${real.peer.owner.personaGuid}'`,
    );
    const [starred, pin] = (row ?? 'N\tpin.none').split('\t');
    return { starred: starred === 'Y', pin };
  };

  it('sends posts of every kind, a reply, a star and a pin once each, at the times they were written', async () => {
    const note = await write({ content: 'A note from the desk', tags: 'desk,offline' });
    const article = await write({ post_type: 'post.article', title: 'An article from the desk', content: 'Its body.' });
    await write({
      post_type: 'post.bookmark',
      content: 'A bookmark from the desk',
      source_url: 'https://example.org/read',
      source_title: 'Worth reading',
    });
    await write({
      post_type: 'post.quotation',
      content: 'A quotation from the desk',
      source_url: 'https://example.org/said',
      source_title: 'Who said it',
    });
    const reply = await write({ content: 'A reply from the desk', reply_to: theirs.guid });
    await synced.desk.call('POST', `/api/posts/${theirs.guid}/star`, {
      params: { persona_guid: real.peer.owner.personaGuid },
    });
    await synced.desk.call('POST', `/api/posts/${theirs.guid}/pin`, {
      params: { persona_guid: real.peer.owner.personaGuid, value: 'pin.red' },
    });

    expect(await synced.sync()).toMatchObject({ pending: 0, attention: [], last_error: false });
    expect(await onPeer('A note from the desk')).toEqual([
      expect.objectContaining({ type: 'post.note', publishUnix: note.publish_unix, replyTo: '', parentId: 0 }),
    ]);
    expect(await onPeer('Its body.')).toEqual([
      expect.objectContaining({
        type: 'post.article',
        title: 'An article from the desk',
        publishUnix: article.publish_unix,
      }),
    ]);
    expect(await onPeer('A bookmark from the desk')).toEqual([expect.objectContaining({ type: 'post.bookmark' })]);
    expect(await onPeer('A quotation from the desk')).toEqual([expect.objectContaining({ type: 'post.quotation' })]);
    const [sentReply] = await onPeer('A reply from the desk');
    expect(sentReply).toMatchObject({ replyTo: theirs.canonical_url, publishUnix: reply.publish_unix });
    expect(sentReply?.parentId).toBeGreaterThan(0);
    expect(await action(theirs.guid)).toEqual({ starred: true, pin: 'pin.red' });
    const [tags] = await real.peer.sql(
      `SELECT GROUP_CONCAT(t.value ORDER BY t.value) FROM PostTags t JOIN Post p ON p.id = t.post_id WHERE p.value = 'A note from the desk'`,
    );
    expect(tags).toBe('desk,offline');

    // The desk's posts took the peer's GUIDs and addresses, and the next poll brings no second copy.
    await synced.sync();
    const mine = (await synced.desk.db.posts.toArray()).filter((p) => p.text === 'A note from the desk');
    expect(mine.map((p) => [p.guid, p.remoteUrl])).toEqual([
      [
        (await onPeer('A note from the desk'))[0]?.guid,
        `${real.peer.base}/note/${(await onPeer('A note from the desk'))[0]?.guid}`,
      ],
    ]);
  });

  it('never sends a draft, not even as one of the peer’s draft posts, and says so', async () => {
    const text = 'A draft that stays on this desk';
    const saved = await synced.desk.call('POST', '/api/drafts', {
      params: {
        id: 'stays-here',
        type: 'post.note',
        privacy: 'visibility.public',
        text,
        personaGuid: real.peer.owner.personaGuid,
        updatedAt: Date.now(),
        version: 0,
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await syncUntilSent();
    expect(await real.peer.sql(`SELECT id FROM Post WHERE value LIKE '%${text}%'`)).toEqual([]);
    expect(proxy.seen.filter((line) => line.includes('/api/drafts'))).toEqual([]);
    // The Remotes screen says why, from what the status tells of the peer.
    const status = (await synced.desk.call('GET', '/api/sync/remotes')).json.data[0];
    expect(status.server.extensions).not.toContain('drafts');
  });

  it('publishes one draft as the desk’s own Persona and the streams one, sending only that copy, once', async () => {
    const text = 'Said on the desk and on streams at once';
    const published = await synced.desk.call('POST', '/api/drafts/cross-post/publish', {
      params: {
        content: text,
        post_type: 'post.note',
        destinations: `${synced.desk.personaGuid},${real.peer.owner.personaGuid}`,
      },
    });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect((published.json.data as { persona: { guid: string } }[]).map((p) => p.persona.guid)).toEqual([
      synced.desk.personaGuid,
      real.peer.owner.personaGuid,
    ]);
    await syncUntilSent();
    await syncUntilSent();
    const rows = await onPeer(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.type).toBe('post.note');
  });

  it('sends an edit that keeps the post where it was, and then a delete, an unstar and an unpin', async () => {
    const post = await write({
      content: 'Written, then changed',
      publish_at: Math.floor(Date.now() / 1000) - 4 * 3600,
    });
    await synced.sync();
    const [sent] = await onPeer('Written, then changed');
    if (!sent?.guid) throw new Error('the post did not reach the peer');
    expect(sent.publishUnix).toBe(post.publish_unix);

    await synced.desk.call('POST', `/api/posts/${sent.guid}/write`, {
      params: { content: 'Changed, and still at its time', post_type: 'post.note' },
    });
    await synced.sync();
    expect(await onPeer('Changed, and still at its time')).toEqual([
      expect.objectContaining({ guid: sent.guid, type: 'post.note', publishUnix: post.publish_unix }),
    ]);

    await synced.desk.call('DELETE', `/api/posts/${sent.guid}`);
    await synced.desk.call('DELETE', `/api/posts/${theirs.guid}/star`, {
      params: { persona_guid: real.peer.owner.personaGuid },
    });
    await synced.desk.call('DELETE', `/api/posts/${theirs.guid}/pin`, {
      params: { persona_guid: real.peer.owner.personaGuid },
    });
    expect(await synced.sync()).toMatchObject({ pending: 0, attention: [], last_error: false });
    expect(await real.peer.sql(`SELECT id FROM Post WHERE guid = '${sent.guid}' AND is_deleted = 'N'`)).toEqual([]);
    expect(await action(theirs.guid)).toEqual({ starred: false, pin: 'pin.none' });
  });

  const faults: { kind: FaultKind; why: string }[] = [
    { kind: 'cut-before', why: 'the connection breaks before the request arrives' },
    { kind: 'cut-after', why: 'the connection breaks after the peer stored it' },
    { kind: 'hang-after', why: 'the answer never comes' },
    { kind: 'slow', why: 'the request lands after the desk gave up on it' },
    { kind: 'status-500', why: 'the request fails before it arrives' },
    { kind: 'login-text', why: "the answer is streams' plain-text refusal" },
  ];
  for (const { kind, why } of faults) {
    it(`publishes, edits, stars, pins and deletes exactly once when ${why}`, async () => {
      const text = `Sent through ${kind}`;
      // Longer than the desk waits for an answer (2 s in these tests).
      const fault = (method: string, path: RegExp) => proxy.inject({ kind, method, path, ms: 2_500 });
      await write({ content: text });
      fault('POST', /^\/api\/posts\/write/);
      await syncUntilSent();
      const [sent, ...more] = await onPeer(text);
      expect(more).toEqual([]);
      if (!sent?.guid) throw new Error('the post did not reach the peer');

      await synced.desk.call('POST', `/api/posts/${sent.guid}/write`, {
        params: { content: `${text}, edited`, post_type: 'post.note' },
      });
      fault('POST', new RegExp(`^/api/posts/${sent.guid}/write`));
      await syncUntilSent();
      expect(await onPeer(`${text}, edited`)).toEqual([expect.objectContaining({ guid: sent.guid })]);

      const persona = { persona_guid: real.peer.owner.personaGuid };
      await synced.desk.call('POST', `/api/posts/${sent.guid}/star`, { params: persona });
      await synced.desk.call('POST', `/api/posts/${sent.guid}/pin`, { params: { ...persona, value: 'pin.blue' } });
      fault('POST', new RegExp(`^/api/posts/${sent.guid}/star`));
      fault('POST', new RegExp(`^/api/posts/${sent.guid}/pin`));
      await syncUntilSent();
      expect(await action(sent.guid)).toEqual({ starred: true, pin: 'pin.blue' });

      await synced.desk.call('DELETE', `/api/posts/${sent.guid}`);
      fault('DELETE', new RegExp(`^/api/posts/${sent.guid}`));
      await syncUntilSent();
      expect(await real.peer.sql(`SELECT id FROM Post WHERE guid = '${sent.guid}' AND is_deleted = 'N'`)).toEqual([]);
      expect(await synced.sync()).toMatchObject({ pending: 0, attention: [], last_error: false });
    }, 60_000);
  }
});
