import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstanceClient, RemoteError, type InstanceClient } from '../../../src-shared/client';
import { json, startFakeRemote, type FakeRemote, type SeenRequest } from './helpers';

/**
 * matigo/streams, answering as the real server was seen to (../shared/peers/streams; the same answers are
 * read from a running one in test/interop/streams). The bodies below are its own, cut to what matters.
 */
const TOKEN = 'CSQAA_NtyZNP_2075d87f-206a-ac12-6a8d-e058ca1775cb-6335-c81e728d';
const PEER = 'ac2b6c39-0ecf-862e-473c-df74de95df24';
const NEIGHBOUR = '9ca8b10d-b381-1c5c-7f81-0245c5e441a7';
const CHANNEL = '1c57f3eb-a767-3020-1924-a897428286a0';
const G = (n: number) => `b2d365d0-c088-e055-ea20-${String(n).padStart(12, '0')}`;
const HOST = 'http://127.0.0.1:8089';

const persona = {
  guid: PEER,
  as: '@peer',
  name: 'Peer',
  avatar: `${HOST}/avatars/default.png`,
  pin: 'pin.none',
  you_follow: false,
  is_muted: false,
  is_starred: false,
  is_blocked: false,
  is_you: true,
  profile_url: `${HOST}/${PEER}/profile`,
};

/** A post as its timelines show it. */
const timelinePost = (n: number, extra: Record<string, unknown> = {}) => ({
  guid: G(n),
  type: 'post.note',
  privacy: 'visibility.public',
  canonical_url: `${HOST}/note/${G(n)}`,
  reply_to: false,
  has_thread: false,
  title: false,
  content: `<p>Post ${n}</p>`,
  text: `Post ${n}`,
  rtl: false,
  meta: false,
  tags: false,
  mentions: false,
  points: 0,
  persona,
  attributes: { pin: 'pin.none', starred: false, muted: false, points: 0 },
  publish_at: '2026-11-24T16:49:08Z',
  publish_unix: 1_795_538_948 + n,
  expires_at: false,
  expires_unix: false,
  updated_at: '2026-11-24T16:49:08Z',
  updated_unix: 1_795_538_948 + n,
  ...extra,
});

const ok = (data: unknown) => ({ meta: { code: 200, text: false, list: false, more: false }, data });
const error = (code: number, text: string, list: string[] | false = false) => ({
  meta: { code, text, list },
  data: [],
});
const plain = (res: http.ServerResponse, status: number, text: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' });
  return res.end(text);
};

function streams(request: SeenRequest, res: http.ServerResponse): http.ServerResponse {
  const signedIn = request.headers.authorization === TOKEN;
  const route = `${request.method} ${request.path}`;
  switch (true) {
    case route === 'GET /api/posts/global':
      return json(
        res,
        200,
        ok([
          timelinePost(3, {
            tags: [
              { url: `${HOST}/tag/one`, name: 'one' },
              { url: `${HOST}/tag/two`, name: 'two' },
            ],
            mentions: [{ guid: NEIGHBOUR, name: '@neighbour', is_you: false }],
          }),
          timelinePost(2, {
            type: 'post.bookmark',
            meta: {
              geo: {
                longitude: 13.4,
                latitude: 52.5,
                altitude: false,
                description: false,
                staticmap: `${HOST}/api/geocode/staticmap/52.5/13.4`,
              },
              source: { url: 'https://example.com/', title: 'Example', summary: false, author: false },
            },
          }),
          timelinePost(1, { reply_to: `${HOST}/2026/11/24/an-article`, updated_unix: 1_795_540_000 }),
        ]),
      );
    case route === `GET /api/posts/${G(1)}`:
      return json(
        res,
        200,
        ok([
          timelinePost(1, {
            thread: { guid: G(0), count: 2 },
            channel: { guid: CHANNEL, name: 'Peer Space' },
            can_edit: true,
          }),
        ]),
      );
    case route === `GET /api/posts/${G(7)}`:
      // Not for this reader: another account's private post.
      return json(res, 200, ok([]));
    case route === `GET /api/posts/${G(404)}`:
      return json(res, 400, error(400, 'Invalid Post Identifier Supplied (2)'));
    case route === `DELETE /api/posts/${G(1)}`:
      return signedIn
        ? json(res, 200, ok({ post_guid: G(1), channel_guid: CHANNEL, result: { post_id: 0 }, sok: false }))
        : plain(res, 200, 'You Need to Log In First');
    case route === `DELETE /api/posts/${G(404)}`:
      // A delete of a post already gone: an empty 500.
      return plain(res, 500, '');
    case route === 'POST /api/posts/write':
      return signedIn ? json(res, 200, ok([timelinePost(9)])) : plain(res, 200, 'You Need to Log In First');
    case route === 'POST /api/auth/login':
      return json(res, 400, error(400, 'Unrecognised Credentials'));
    case route === 'GET /api/account/me':
      if (!signedIn) return json(res, 403, error(403, 'You need to sign in to use this function'));
      return json(
        res,
        200,
        ok({
          guid: '2075d87f-206a-ac12-6a8d-e058ca1775cb',
          type: 'account.normal',
          timezone: 'UTC',
          is_you: true,
          display_name: 'Peer',
          mail_address: '',
          language: { code: 'en-us', name: 'English' },
          channels: [
            {
              guid: CHANNEL,
              name: 'Peer Space',
              type: 'channel.site',
              privacy: 'visibility.public',
              site: {
                guid: 'e3d52fa3-723d-3a90-c70f-5888f8c7cdc0',
                description: 'A loopback reference peer',
                https: false,
                url: '127.0.0.1:8089',
                version: 0,
              },
              // Its own: a date where a number belongs.
              created_unix: '2026-11-24T16:05:01Z',
            },
          ],
          personas: [
            {
              guid: PEER,
              name: 'peer',
              display_name: 'Peer',
              avatar_url: `${HOST}/avatars/default.png`,
              is_active: true,
              is_yours: true,
              created_unix: 1_795_536_301,
            },
          ],
          bucket: false,
          created_unix: 1_795_536_301,
          updated_unix: 1_795_536_301,
        }),
      );
    case route === 'GET /api/account/channels':
      return json(res, 400, error(400, 'Unrecognised endpoint: [channels]'));
    case route === 'GET /api/about':
      return signedIn
        ? json(res, 400, error(400, 'Invalid API Endpoint'))
        : json(res, 401, error(401, 'You Need to Log In First', ['Invalid API Endpoint']));
    default:
      return json(res, 401, error(401, 'You Need to Log In First', ['Invalid API Endpoint']));
  }
}

let remote: FakeRemote;
let client: InstanceClient;
beforeAll(async () => {
  remote = await startFakeRemote(streams);
  client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
});
afterAll(() => remote.close());

describe('matigo/streams, as it answers', () => {
  it('reads a timeline: handles written @name, tags as objects, mentions by name, the source and place in meta', async () => {
    const { posts, skipped } = await client.global({ types: ['post.note', 'post.bookmark'] });
    expect(skipped).toEqual([]);
    const [three, two, one] = posts;
    expect(three).toMatchObject({
      persona: {
        guid: PEER,
        as: 'peer',
        name: 'Peer',
        avatar: `${HOST}/avatars/default.png`,
        profile_url: `${HOST}/${PEER}/profile`,
      },
      tags: ['one', 'two'],
      mentions: [{ guid: NEIGHBOUR, as: 'neighbour' }],
      title: null,
      reply_to: null,
      expires_unix: null,
      channel_guid: null,
      pin: 'pin.none',
      starred: false,
    });
    expect(two).toMatchObject({
      type: 'post.bookmark',
      source: { url: 'https://example.com/', title: 'Example' },
      geo: { longitude: 13.4, latitude: 52.5, altitude: null, description: null },
    });
    expect(one).toMatchObject({
      reply_to: `${HOST}/2026/11/24/an-article`,
      parent_guid: null,
      updated_unix: 1_795_540_000,
    });
  });

  it('reads one post with its Channel named as an object; a private post of another is no post at all', async () => {
    expect(await client.post(G(1))).toMatchObject({ guid: G(1), channel_guid: CHANNEL });
    expect(await client.post(G(7))).toBeNull();
    expect(await client.post(G(404))).toBeNull();
  });

  it('reads the account: the handle from name, the name from display_name, the Channels from the profile', async () => {
    const me = await client.accountMe();
    expect(me.personas).toEqual([
      {
        guid: PEER,
        as: 'peer',
        name: 'Peer',
        avatar_url: `${HOST}/avatars/default.png`,
        site_url: '',
        timezone: '',
        profile_url: '',
        channels: [],
      },
    ]);
    expect(me.channels).toEqual([{ guid: CHANNEL, name: 'Peer Space' }]);
    expect(remote.seen.filter((r) => r.path === '/api/account/me').map((r) => r.method)).toEqual(['GET']);
  });

  it('says that the extensions it refuses are not there, with or without a token, but a refused token is refused', async () => {
    expect(await client.channels()).toBeNull();
    expect(await client.about()).toBeNull();
    const stale = client.withToken('CSQAA_stale');
    expect(await stale.about()).toBeNull();
    await expect(stale.accountMe()).rejects.toMatchObject({ kind: 'auth', status: 403 });
  });

  it('takes a delete that says sok: false as done, and tells an empty 500 on a second one as a server failure', async () => {
    expect(await client.deletePost(G(1))).toMatchObject({ post_guid: G(1), channel_guid: CHANNEL });
    await expect(client.deletePost(G(404))).rejects.toMatchObject({ kind: 'server', status: 500 });
  });

  it('takes the plain-text answer to a write without a good token as a refused token, and wrong credentials as refused', async () => {
    const refused = await client
      .withToken('CSQAA_stale')
      .write({ content: 'x', post_type: 'post.note' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RemoteError);
    expect(refused).toMatchObject({ kind: 'auth', status: 200 });
    await expect(client.login('peer', 'wrong')).rejects.toMatchObject({
      kind: 'rejected',
      status: 400,
      remoteText: 'Unrecognised Credentials',
    });
    expect((await client.write({ content: 'x', post_type: 'post.note' })).guid).toBe(G(9));
  });
});
