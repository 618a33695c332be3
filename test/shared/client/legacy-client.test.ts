import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInstanceClient,
  createLegacyClient,
  RemoteError,
  type LegacyClient,
  type RemotePost,
} from '../../../src-shared/client';
import { OWNER_TOKEN, startRealRemote, type RealRemote } from './helpers';

/** The legacy client against this project's own legacy interface, over a real socket. */
const T0 = 1_800_000_000;

let remote: RealRemote;
let client: LegacyClient;
beforeAll(async () => {
  remote = await startRealRemote();
  client = createLegacyClient({ baseUrl: remote.url, token: OWNER_TOKEN, timeoutMs: 5000 });
});
afterAll(() => remote.close());

async function rejection(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

describe('the legacy client', () => {
  it('me: the account, its Personas as legacy accounts, and its Channels', async () => {
    const me = await client.me();
    expect(me).toMatchObject({ guid: remote.instance.accountGuid, name: 'owner', display_name: 'Owner' });
    expect(me.accounts).toEqual([
      expect.objectContaining({ id: 1, guid: remote.instance.personaGuid, username: 'me', display_name: 'Me' }),
    ]);
    expect(me.channels).toEqual([{ id: 1, guid: remote.instance.channelGuid, name: 'Main' }]);
    expect(await rejection(client.withToken(null).me())).toMatchObject({ kind: 'auth', status: 403 });
  });

  it('writes a Blurb, reads it by id, and the instance interface sees the same post', async () => {
    remote.instance.clock.set(T0);
    const written = await client.write({ content: 'Hello from **legacy**', tags: ['old', 'school'] });
    expect(written).toMatchObject({
      type: 'post.note',
      text: 'Hello from **legacy**',
      title: null,
      tags: ['old', 'school'],
      publish_unix: T0,
      channel_guid: remote.instance.channelGuid,
      persona: { guid: remote.instance.personaGuid, as: 'me', name: 'Me', id: 1 },
      starred: false,
      pin: 'pin.none',
      parent_id: null,
    });
    expect(written.id).toBeGreaterThan(0);
    expect(written.content).toContain('<strong>legacy</strong>');
    expect(written.canonical_url).toBe(`${remote.url}/posts/${written.guid}`);
    expect(await client.post(written.id ?? 0)).toEqual(written);

    const instance = createInstanceClient({ baseUrl: remote.url, token: OWNER_TOKEN });
    expect(await instance.post(written.guid)).toMatchObject({ guid: written.guid, text: written.text, id: null });
  });

  it('updates with post_id, sends pubdts, titles and replies', async () => {
    const first = await client.write({ content: 'Before the edit', pubdts: T0 - 86_400 });
    expect(first.publish_unix).toBe(T0 - 86_400);
    const edited = await client.write({ content: 'After the edit', post_id: first.id ?? 0 });
    expect(edited).toMatchObject({ id: first.id, guid: first.guid, text: 'After the edit' });
    expect((await client.post(first.id ?? 0))?.text).toBe('After the edit');

    const article = await client.write({
      content: 'Long text',
      title: 'An article',
      privacy_type: 'visibility.private',
    });
    expect(article).toMatchObject({ type: 'post.article', title: 'An article', privacy: 'visibility.private' });

    const reply = await client.write({ content: 'A reply', reply_to: first.id ?? 0 });
    expect(reply.parent_id).toBe(first.id);
  });

  it('passes on what the remote refuses: a duplicate Blurb', async () => {
    await client.write({ content: 'Said once' });
    expect(await rejection(client.write({ content: 'Said once' }))).toMatchObject({
      kind: 'rejected',
      status: 404,
      remoteText: 'Duplicate Post!',
    });
  });

  it('stars as a toggle', async () => {
    const post = await client.write({ content: 'Star this' });
    const id = post.id ?? 0;
    expect((await client.star(id)).starred).toBe(true);
    expect((await client.post(id))?.starred).toBe(true);
    expect((await client.star(id)).starred).toBe(false);
    expect((await client.post(id))?.starred).toBe(false);
  });

  it('pins with a hex colour; the same colour again removes the pin', async () => {
    const post = await client.write({ content: 'Pin this' });
    const id = post.id ?? 0;
    expect((await client.pin(id, '#ffa500'))?.pin).toBe('pin.orange');
    expect((await client.post(id))?.pin).toBe('pin.orange');
    // The instance interface shows the same pin.
    expect((await createInstanceClient({ baseUrl: remote.url, token: OWNER_TOKEN }).post(post.guid))?.pin).toBe(
      'pin.orange',
    );
    expect((await client.pin(id, '#0000ff'))?.pin).toBe('pin.blue');
    expect((await client.pin(id, '#0000ff'))?.pin).toBe('pin.none');
    expect((await client.post(id))?.pin).toBe('pin.none');
  });

  it('deletes; the post is gone, and deleting it again answers null', async () => {
    const post = await client.write({ content: 'Delete this' });
    const id = post.id ?? 0;
    expect(await client.deletePost(id)).toEqual({ id, is_deleted: true });
    expect(await client.post(id)).toBeNull();
    expect(await client.deletePost(id)).toBeNull();
    expect(await client.post(999_999)).toBeNull();
  });

  it('pages the global Blurbs with since_unix until caught up: every Blurb once', async () => {
    const start = T0 + 10_000;
    const written: RemotePost[] = [];
    // Seven Blurbs over five seconds, two seconds holding two each.
    for (const [i, second] of [0, 1, 1, 2, 3, 3, 4].entries()) {
      remote.instance.clock.set(start + second);
      written.push(await client.write({ content: `Paged Blurb ${i}` }));
    }
    remote.instance.clock.set(start + 5);

    const seen: RemotePost[] = [];
    let cursor = start - 1;
    for (let round = 0; round < 10; round++) {
      const page = await client.blurbs('global', { since_unix: cursor, count: 3 });
      expect(page.skipped).toEqual([]);
      if (page.posts.length === 0) break;
      // Newest first within a page.
      expect(page.posts.map((p) => p.publish_unix)).toEqual(
        [...page.posts.map((p) => p.publish_unix)].sort((a, b) => b - a),
      );
      seen.push(...page.posts);
      cursor = Math.max(...page.posts.map((p) => Math.max(p.publish_unix, p.updated_unix)));
    }
    expect(seen.map((p) => p.id).sort()).toEqual(written.map((p) => p.id).sort());

    // Without since_unix: newest first, equal seconds by GUID descending, continued after before_id.
    const order = [...written]
      .sort((a, b) => b.publish_unix - a.publish_unix || (a.guid < b.guid ? 1 : -1))
      .map((p) => p.id);
    const newest = await client.blurbs('global', { count: 2 });
    expect(newest.posts.map((p) => p.id)).toEqual(order.slice(0, 2));
    const older = await client.blurbs('global', { count: 2, before_id: order[1] ?? 0 });
    expect(older.posts.map((p) => p.id)).toEqual(order.slice(2, 4));
  });

  it('reads the home and mentions collections', async () => {
    remote.instance.clock.set(T0 + 20_000);
    const mention = await client.write({ content: 'Hello @me' });
    remote.instance.clock.set(T0 + 20_001);
    const mentions = await client.blurbs('mentions', { since_unix: T0 + 19_999 });
    expect(mentions.posts.map((p) => p.id)).toEqual([mention.id]);
    expect(mentions.posts[0]?.mentions).toEqual([{ guid: remote.instance.personaGuid, as: 'me' }]);
    expect((await client.blurbs('home', { count: 1 })).posts.map((p) => p.id)).toEqual([mention.id]);
    expect(await rejection(client.withToken(null).blurbs('home'))).toMatchObject({ kind: 'auth' });
  });
});
