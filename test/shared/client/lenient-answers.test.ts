import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstanceClient, RemoteError, type InstanceClient } from '../../../src-shared/client';
import { json, startFakeRemote, type FakeRemote, type SeenRequest } from './helpers';

/**
 * A remote that bends the spec every way the client tolerates: `false` for absent
 * values, numbers as strings, `you_follow` and `profile_url` in timeline posts, one object where a list of
 * one is meant, a date text instead of a timestamp, `data: []` on errors, the plain-text login answer with
 * HTTP 200 on writes without a valid token, and the account read only by POST (the spec's example), with no
 * /api/account/channels. How matigo/streams itself answers: reference-quirks.test.ts.
 */
const TOKEN = 'reference-token-0123456789';
const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
const G = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const alice = {
  guid: ALICE,
  as: 'alice',
  name: 'Alice',
  avatar: 'https://ref.example/avatars/alice.png',
  you_follow: false,
  is_you: true,
  profile_url: 'https://ref.example/alice/',
};

/** A post as the reference shows it in a timeline. */
const referencePost = (n: number, extra: Record<string, unknown> = {}) => ({
  guid: G(n),
  type: 'post.note',
  privacy: 'visibility.public',
  canonical_url: `https://ref.example/note/${G(n)}`,
  reply_to: false,
  title: false,
  content: `<p>Post ${n}</p>`,
  text: `Post ${n}`,
  meta: false,
  tags: false,
  mentions: false,
  persona: alice,
  publish_at: '2027-01-15T08:00:00Z',
  publish_unix: String(1_800_000_000 + n),
  expires_at: false,
  expires_unix: false,
  updated_at: '2027-01-15T08:00:00Z',
  updated_unix: String(1_800_000_000 + n),
  ...extra,
});

const LOGIN_FIRST = 'You Need to Log In First';
const plainLogin = (res: Parameters<Parameters<typeof startFakeRemote>[0]>[1]) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
  return res.end(LOGIN_FIRST);
};
const notThere = (text: string) => ({ meta: { code: 400, text, list: false }, data: [] });

function reference(
  request: SeenRequest,
  res: Parameters<Parameters<typeof startFakeRemote>[0]>[1],
): ReturnType<typeof json> {
  const signedIn = request.headers.authorization === TOKEN;
  const route = `${request.method} ${request.path}`;
  switch (true) {
    case route === 'GET /api/posts/global':
      return json(res, 200, {
        meta: { code: 200, text: false, list: false },
        data: [
          referencePost(3, {
            tags: ['one', 'two'],
            mentions: {
              guid: BOB,
              as: 'bob',
              name: 'Bob',
              avatar: '',
              you_follow: false,
              is_you: false,
              profile_url: '',
            },
          }),
          referencePost(2, { persona: false }),
          referencePost(1, {
            type: 'post.bookmark',
            title: 'A title',
            reply_to: 'https://elsewhere.example/thing',
            expires_unix: '1900000000',
            meta: { source: { url: 'https://example.com/', title: 'Example' }, geo: false },
          }),
          'not even an object',
          referencePost(0, {
            publish_unix: false,
            publish_at: '2027-01-15 08:00:00',
            updated_unix: false,
            updated_at: false,
          }),
        ],
      });
    case route === 'GET /api/posts/mentions':
      return signedIn
        ? json(res, 200, { meta: { code: '200' }, data: [referencePost(5, { mentions: [alice] })] })
        : json(res, 403, { meta: { code: 403, text: LOGIN_FIRST }, data: [] });
    case route === `GET /api/posts/${G(404)}`:
      return json(res, 400, notThere('Invalid Post Identifier Supplied (2)'));
    case route === `GET /api/posts/${G(404)}/thread`:
      return json(res, 400, notThere('Invalid Thread Identifier Supplied (2)'));
    case route === `GET /api/posts/${G(1)}`:
      return json(res, 200, { meta: { code: 200 }, data: referencePost(1) });
    case request.method === 'POST' && request.path === '/api/posts/write':
    case request.path.endsWith('/star') || request.path.endsWith('/pin'):
    case request.method === 'DELETE':
      if (!signedIn) return plainLogin(res);
      return json(res, 200, { meta: { code: 200, text: false, list: false }, data: [referencePost(9, { title: '' })] });
    case route === 'GET /api/account/me':
      return json(res, 405, { meta: { code: 405, text: 'Method Not Allowed' }, data: [] });
    case route === 'POST /api/account/me':
      if (!signedIn) return json(res, 403, { meta: { code: 403, text: LOGIN_FIRST, list: false }, data: [] });
      return json(res, 200, {
        meta: { code: 200, text: false, list: false },
        data: {
          guid: 'acc0un70-0000-4000-8000-000000000000',
          type: 'account.normal',
          timezone: 'Europe/Berlin',
          display_name: 'Alice',
          mail_address: 'alice@example.com',
          language: { code: 'en-GB', name: 'English' },
          personas: {
            guid: ALICE,
            as: 'alice',
            name: 'Alice',
            avatar_url: false,
            profileurl: 'https://ref.example/alice/',
          },
          bucket: { storage: '1073741824', available: '1073741824', files: '0' },
          created_at: '2020-01-01T00:00:00Z',
          created_unix: '1577836800',
          updated_at: '2020-01-01T00:00:00Z',
          updated_unix: '1577836800',
        },
      });
    default:
      return json(res, 404, { meta: { code: 404, text: 'Not Found' }, data: [] });
  }
}

let remote: FakeRemote;
let client: InstanceClient;
beforeAll(async () => {
  remote = await startFakeRemote(reference);
  client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
});
afterAll(() => remote.close());

describe('a remote that bends the spec', () => {
  it('reads a timeline page: false for absent values, numeric strings, you_follow and profile_url, one mention object', async () => {
    const page = await client.global({ since: 1_800_000_000, types: ['post.note', 'post.bookmark'] });
    expect(page.posts.map((p) => p.guid)).toEqual([G(3), G(1), G(0)]);
    const [three, one, zero] = page.posts;
    expect(three).toEqual({
      guid: G(3),
      id: null,
      type: 'post.note',
      privacy: 'visibility.public',
      canonical_url: `https://ref.example/note/${G(3)}`,
      reply_to: null,
      title: null,
      text: 'Post 3',
      content: '<p>Post 3</p>',
      tags: ['one', 'two'],
      mentions: [{ guid: BOB, as: 'bob' }],
      persona: {
        guid: ALICE,
        as: 'alice',
        name: 'Alice',
        avatar: 'https://ref.example/avatars/alice.png',
        profile_url: 'https://ref.example/alice/',
        id: null,
      },
      publish_unix: 1_800_000_003,
      expires_unix: null,
      updated_unix: 1_800_000_003,
      created_unix: null,
      channel_guid: null,
      parent_guid: null,
      parent_id: null,
      remote_url: null,
      pin: null,
      starred: false,
      reposted: null,
      repost_of: null,
      original: null,
      source: null,
      geo: null,
    });
    expect(one).toMatchObject({
      type: 'post.bookmark',
      title: 'A title',
      reply_to: 'https://elsewhere.example/thing',
      expires_unix: 1_900_000_000,
      source: { url: 'https://example.com/', title: 'Example' },
      geo: null,
    });
    // A date text instead of a timestamp; the update time falls back to publication.
    expect(zero).toMatchObject({ publish_unix: 1_800_000_000, updated_unix: 1_800_000_000 });
    expect(Object.fromEntries(remote.seen.at(-1)?.query ?? [])).toEqual({
      since: '1800000000',
      types: 'post.note,post.bookmark',
    });
  });

  it('skips the malformed posts of a page and reports them, keeping the rest', async () => {
    const page = await client.global();
    expect(page.skipped).toHaveLength(2);
    expect(page.skipped[0]).toMatchObject({ index: 1, guid: G(2) });
    expect(page.skipped[0]?.problems.join(' ')).toContain('persona');
    expect(page.skipped[1]).toMatchObject({ index: 3, guid: null });
    expect(page.posts).toHaveLength(3);
  });

  it('reads mentions with a numeric-string meta.code', async () => {
    const page = await client.mentions({ since: 1_800_000_000 });
    expect(page.posts[0]?.mentions).toEqual([{ guid: ALICE, as: 'alice' }]);
  });

  it('reads a single post sent as an object rather than a list of one', async () => {
    expect((await client.post(G(1)))?.guid).toBe(G(1));
  });

  it('answers null for an unknown post or thread, whose errors carry data: []', async () => {
    expect(await client.post(G(404))).toBeNull();
    expect(await client.thread(G(404))).toBeNull();
  });

  it('reads the account with POST when GET is not allowed, and says channels() is not there', async () => {
    const me = await client.accountMe();
    expect(me).toMatchObject({
      guid: 'acc0un70-0000-4000-8000-000000000000',
      type: 'account.normal',
      created_unix: 1_577_836_800,
    });
    expect(me.personas).toEqual([
      {
        guid: ALICE,
        as: 'alice',
        name: 'Alice',
        avatar_url: '',
        site_url: '',
        timezone: '',
        profile_url: 'https://ref.example/alice/',
        channels: [],
      },
    ]);
    const asked = remote.seen.filter((r) => r.path === '/api/account/me').map((r) => r.method);
    expect(asked.slice(-2)).toEqual(['GET', 'POST']);
    expect(await client.channels()).toBeNull();
  });

  it('takes the plain-text login answer (HTTP 200) to a write, star, pin or delete as an auth error', async () => {
    const stale = client.withToken('stale-token-0123456789');
    const guid = G(1);
    for (const call of [
      () => stale.write({ content: 'x', post_type: 'post.note' }),
      () => stale.star(guid),
      () => stale.pin(guid, 'red'),
      () => stale.deletePost(guid),
    ]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ kind: 'auth', status: 200 });
      expect((error as RemoteError).message).toContain(LOGIN_FIRST);
    }
  });

  it('writes with the right token, reading an empty title as no title', async () => {
    const written = await client.write({ content: 'x', post_type: 'post.note' });
    expect(written).toMatchObject({ guid: G(9), title: null });
  });
});
