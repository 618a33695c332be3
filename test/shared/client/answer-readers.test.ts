import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  personaAnswer,
  postAnswer,
  type PersonaAnswer,
  type PersonaPageAnswer,
  type PostAnswer,
} from '../../../src-shared/api/answers';
import type { ConflictAnswer, RemoteStatusAnswer, ThreadRefreshAnswer } from '../../../src-shared/api/sync-answers';
import { createInstanceClient, createLegacyClient, RemoteError } from '../../../src-shared/client';
import { createDeskClient } from '../../../src-shared/client/desk-client';
import { instancePost, remoteProfile } from '../../../src-shared/client/lenient-answers';
import { json, startFakeRemote, type FakeRemote } from './helpers';
import { ORIGIN, OWNER_TOKEN, startInstance, writePost, type TestInstance } from '../../support/instance';

/**
 * One shape per answer: this project's answers are read with the strict schemas (api/answers.ts), other
 * servers' with the lenient readers derived from them (client/lenient-answers.ts).
 */
const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
const CHANNEL = 'c4a77e10-0000-4000-8000-000000000003';
const GUID = '00000000-0000-4000-8000-000000000001';
const REPOST = '00000000-0000-4000-8000-000000000009';
const AT = '2027-01-15T08:00:00Z';
const UNIX = 1_800_000_000;

/** A post as this project answers it. */
const ownPost: PostAnswer = {
  guid: GUID,
  type: 'post.bookmark',
  privacy: 'visibility.public',
  canonical_url: `https://desk.example/posts/${GUID}`,
  reply_to: false,
  title: 'A page',
  content: '<p>Read this</p>',
  text: 'Read this',
  meta: { source: { url: 'https://example.com/', title: 'Example' }, geo: false },
  tags: ['one'],
  mentions: [
    {
      guid: BOB,
      as: 'bob',
      name: 'Bob',
      avatar: '',
      youfollow: false,
      is_you: false,
      profileurl: 'https://desk.example/bob',
    },
  ],
  persona: {
    guid: ALICE,
    as: 'alice',
    name: 'Alice',
    avatar: 'https://desk.example/a.png',
    youfollow: false,
    is_you: true,
    profileurl: 'https://desk.example/alice',
  },
  publish_at: AT,
  publish_unix: UNIX,
  expires_at: false,
  expires_unix: false,
  updated_at: AT,
  updated_unix: UNIX,
  channel_guid: CHANNEL,
  created_unix: UNIX,
  parent_guid: false,
  remote_url: false,
  attributes: { pin: 'pin.red', starred: true, reposted: false },
  repost_of: false,
  original: false,
};

/** The same post as matigo/streams shows it (test/support/reference-quirks.ts). */
const {
  channel_guid: _channel,
  parent_guid: _parent,
  remote_url: _remoteUrl,
  created_unix: _createdUnix,
  attributes: _attributes,
  repost_of: _repostOf,
  original: _original,
  ...common
} = ownPost;
const streamsPost = {
  ...common,
  persona: {
    guid: ALICE,
    as: '@alice',
    name: 'Alice',
    avatar: 'https://desk.example/a.png',
    you_follow: false,
    is_you: true,
    profile_url: 'https://desk.example/alice',
  },
  tags: [{ url: 'https://ref.example/tag/one', name: 'one' }],
  mentions: [{ guid: BOB, name: '@bob', is_you: false }],
  publish_unix: String(UNIX),
  updated_unix: String(UNIX),
  channel: { guid: CHANNEL },
  can_edit: false,
};

describe('the lenient readers derived from the strict answers', () => {
  it('read a post of this project into the client shape', () => {
    expect(postAnswer.safeParse(ownPost).success).toBe(true);
    expect(instancePost.parse(ownPost)).toEqual({
      guid: GUID,
      id: null,
      type: 'post.bookmark',
      privacy: 'visibility.public',
      canonical_url: `https://desk.example/posts/${GUID}`,
      reply_to: null,
      title: 'A page',
      text: 'Read this',
      content: '<p>Read this</p>',
      tags: ['one'],
      mentions: [{ guid: BOB, as: 'bob' }],
      persona: {
        guid: ALICE,
        as: 'alice',
        name: 'Alice',
        avatar: 'https://desk.example/a.png',
        profile_url: 'https://desk.example/alice',
        id: null,
      },
      publish_unix: UNIX,
      expires_unix: null,
      updated_unix: UNIX,
      channel_guid: CHANNEL,
      parent_guid: null,
      parent_id: null,
      pin: 'pin.red',
      starred: true,
      reposted: null,
      remote_url: null,
      created_unix: UNIX,
      repost_of: null,
      original: null,
      source: { url: 'https://example.com/', title: 'Example' },
      geo: null,
    });
  });

  it('read a repost with its original, and a repost whose original is not there or is not the one it names', () => {
    const { repost_of: _r, original: _o, ...embedded } = ownPost;
    const repost: PostAnswer = {
      ...ownPost,
      guid: REPOST,
      type: 'post.note',
      title: false,
      meta: false,
      repost_of: GUID,
      original: { ...embedded, attributes: { pin: 'pin.none', starred: false, reposted: REPOST } },
    };
    expect(postAnswer.safeParse(repost).success).toBe(true);
    const read = instancePost.parse(repost);
    expect(read).toMatchObject({
      guid: REPOST,
      repost_of: GUID,
      original: { guid: GUID, title: 'A page', reposted: REPOST, original: null },
    });
    expect(instancePost.parse({ ...repost, original: false })).toMatchObject({ repost_of: GUID, original: null });
    // An original that cannot be read, or names another post, leaves the repost readable without it.
    expect(instancePost.parse({ ...repost, original: { guid: GUID } })).toMatchObject({ guid: REPOST, original: null });
    expect(instancePost.parse({ ...repost, repost_of: BOB })).toMatchObject({ repost_of: BOB, original: null });
  });

  it('read the same post as streams shows it, which the strict schema refuses, to the same values but what streams does not say', () => {
    expect(postAnswer.safeParse(streamsPost).success).toBe(false);
    expect(instancePost.parse(streamsPost)).toEqual({
      ...instancePost.parse(ownPost),
      pin: null,
      starred: false,
      created_unix: null,
    });
  });

  it('keep a post of a type this project does not write, as before', () => {
    const odd = { ...streamsPost, type: 'post.photo' };
    expect(postAnswer.safeParse(odd).success).toBe(false);
    expect(instancePost.parse(odd)).toMatchObject({ guid: GUID, type: 'post.photo' });
  });

  it('read a streams profile: Personas named by name and display_name, its Channels listed, no bucket', () => {
    const profile = remoteProfile.parse({
      guid: 'acc0un70-0000-4000-8000-000000000000',
      type: 'account.normal',
      display_name: 'Alice',
      language: 'en-GB',
      personas: [{ guid: ALICE, name: '@alice', display_name: 'Alice A.', avatar_url: false, is_active: true }],
      channels: [{ guid: CHANNEL, name: 'Home', type: 'channel.site' }],
      created_unix: '1577836800',
    });
    expect(profile).toMatchObject({
      language: { code: 'en-GB', name: 'en-GB' },
      channels: [{ guid: CHANNEL, name: 'Home' }],
      created_unix: 1_577_836_800,
    });
    expect(profile.personas).toEqual([
      {
        guid: ALICE,
        as: 'alice',
        name: 'Alice A.',
        avatar_url: '',
        site_url: '',
        timezone: '',
        profile_url: '',
        channels: [],
      },
    ]);
  });
});

/** A Persona as this project answers it. */
const ownPersona: PersonaAnswer = {
  guid: ALICE,
  as: 'alice',
  name: 'Alice',
  avatar_url: '',
  site_url: '',
  timezone: 'UTC',
  profile_url: 'https://desk.example/alice',
  channels: [CHANNEL],
  created_at: AT,
  created_unix: UNIX,
  updated_at: AT,
  updated_unix: UNIX,
};
const { created_at: _created, ...personaWithoutCreatedAt } = ownPersona;
const { attributes: _noAttributes, ...postWithoutAttributes } = ownPost;

/** A remote as this project's sync answers it: added, never synced, no error, what it is not yet known. */
const REMOTE = 'e0e00000-0000-4000-8000-000000000004';
const ownRemote: RemoteStatusAnswer = {
  guid: REMOTE,
  base_url: 'https://remote.example',
  interface: 'instance',
  server: false,
  account: BOB,
  personas: [{ guid: ALICE, as: 'alice', name: 'Alice' }],
  channels: [{ guid: CHANNEL, name: 'Main', stand_in: false }],
  poll_seconds: 300,
  syncing: false,
  last_pull_unix: false,
  last_push_unix: false,
  pending: 1,
  waiting: [{ seq: 1, op: 'publish', post_guid: GUID }],
  attention: [],
  conflicts: [],
  last_error: false,
  last_error_unix: false,
  last_error_kind: false,
  failing_since_unix: false,
  next_try_unix: 1_800_000_300,
  progress: false,
  last_cycle: false,
};
const { last_error: _noError, ...remoteWithoutLastError } = ownRemote;
const ownConflict: ConflictAnswer = {
  post_guid: GUID,
  remote_guid: REMOTE,
  local: { title: false, text: 'Here', tags: [], updated_unix: UNIX },
  remote: { title: 'There', text: 'On the remote', tags: ['one'], updated_unix: UNIX + 60 },
  detected_unix: UNIX + 120,
};
const ownRefresh: ThreadRefreshAnswer = { post_guid: GUID, gone: false, stored: 3 };
const remotePersonaPage: PersonaPageAnswer = {
  guid: GUID,
  as: 'ada',
  address: 'ada@social.example',
  name: 'Ada',
  avatar_url: 'https://social.example/ada.png',
  site_url: '',
  bio: { text: '', html: '' },
  is_you: false,
  remote_host: 'social.example',
};

describe('the desk client, reading its own instance', () => {
  /** Whether the instance leaves a field out: a Persona's `created_at`, a post's `attributes`. */
  let broken = false;
  /** The variables of the last search the instance was asked. */
  let searched = '';
  let instance: FakeRemote;
  const ok = (data: unknown) => ({ meta: { code: 200, text: false, list: false }, data });
  beforeAll(async () => {
    instance = await startFakeRemote((request, res) => {
      if (request.path === '/api/account/personas')
        return json(res, 200, ok([broken ? personaWithoutCreatedAt : ownPersona]));
      if (request.path === '/api/posts/global')
        return json(res, 200, ok([ownPost, ...(broken ? [postWithoutAttributes] : [])]));
      if (request.path === '/api/posts/search') {
        searched = request.query.toString();
        return json(res, 200, ok([ownPost, ...(broken ? [postWithoutAttributes] : [])]));
      }
      const remote = broken ? remoteWithoutLastError : ownRemote;
      if (request.path === '/api/sync/remotes') return json(res, 200, ok([remote]));
      if (request.path === `/api/sync/remotes/${REMOTE}/sync`) return json(res, 200, ok(remote));
      if (request.path === `/api/sync/remotes/${REMOTE}`)
        return json(res, 200, ok({ remote_guid: REMOTE, removed: broken ? 'yes' : true }));
      if (request.path === '/api/sync/outbox/1')
        return json(res, 200, ok(broken ? { seq: 1 } : { seq: 1, action: 'retry' }));
      if (request.path === `/api/sync/conflicts/${GUID}`)
        return json(res, 200, ok({ post_guid: GUID, kept: broken ? 'both' : 'local' }));
      if (request.path === '/api/auth/logout')
        return json(res, 200, ok(broken ? { signed_out: 'Y' } : { signed_out: true }));
      if (request.path === '/api/personas/ada%40social.example')
        return json(res, 200, ok(broken ? { ...remotePersonaPage, remote_host: null } : remotePersonaPage));
      if (request.path === '/api/sync/conflicts')
        return json(res, 200, ok([broken ? { ...ownConflict, detected_unix: null } : ownConflict]));
      if (request.path === `/api/sync/posts/${GUID}/refresh`)
        return json(res, 200, ok(broken ? { ...ownRefresh, gone: 'N' } : ownRefresh));
      return json(res, 404, { meta: { code: 404, text: 'Not Found', list: false }, data: false });
    });
  });
  afterAll(() => instance.close());

  const options = () => ({ baseUrl: instance.url, token: 'owner-token-0123456789' });

  it('reads answers that follow the strict schemas', async () => {
    broken = false;
    const desk = createDeskClient(options());
    expect(await desk.personas()).toEqual([personaAnswer.parse(ownPersona)]);
    expect(await desk.timeline('global')).toEqual({
      posts: [instancePost.parse(ownPost)],
      skipped: [],
      servedUnix: expect.any(Number),
    });
    expect(await desk.search({ q: 'orchard @me', count: 40, before: GUID })).toEqual({
      posts: [instancePost.parse(ownPost)],
      skipped: [],
      servedUnix: expect.any(Number),
    });
    expect(Object.fromEntries(new URLSearchParams(searched))).toEqual({ q: 'orchard @me', count: '40', before: GUID });
    // A Persona's page lists its author's posts: `author_guid`, not the acting `persona_guid`.
    await desk.search({ author_guid: GUID.toUpperCase(), tag: 'Go', persona_guid: GUID });
    expect(Object.fromEntries(new URLSearchParams(searched))).toEqual({
      tag: 'Go',
      author_guid: GUID.toUpperCase(),
      persona_guid: GUID,
    });
    expect(await desk.personaPage('ada@social.example')).toEqual(remotePersonaPage);
  });

  it('refuses to send a search without words, or with a count out of range', async () => {
    const desk = createDeskClient(options());
    await expect(desk.search({ q: '  ' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(desk.search({ tag: ' ' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(desk.search({ author_guid: 'me' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(desk.personaPage(' ')).rejects.toMatchObject({ kind: 'rejected' });
    await expect(desk.search({ q: 'orchard', count: 0 })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('reads the sync answers as they are: `false` where there is no value', async () => {
    broken = false;
    const desk = createDeskClient(options());
    expect(await desk.remotes()).toEqual([ownRemote]);
    expect(await desk.syncRemote(REMOTE)).toEqual(ownRemote);
    expect(await desk.conflicts()).toEqual([ownConflict]);
    expect(await desk.refreshPost(GUID)).toEqual(ownRefresh);
    await desk.removeRemote(REMOTE);
    await desk.settleOutboxItem(1, 'retry');
    await desk.resolveConflict(GUID, 'local');
    await desk.logout();
  });

  it('refuses a sync answer that strays from its schema, as it does every other', async () => {
    broken = true;
    const desk = createDeskClient(options());
    const refused = await desk.remotes().then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ kind: 'protocol' });
    expect((refused as RemoteError).list.join(' ')).toContain('last_error');
    await expect(desk.syncRemote(REMOTE)).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.conflicts()).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.refreshPost(GUID)).rejects.toMatchObject({ kind: 'protocol' });
    // Even where the caller keeps nothing of the answer: a stray one says the two sides disagree.
    await expect(desk.removeRemote(REMOTE)).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.settleOutboxItem(1, 'retry')).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.resolveConflict(GUID, 'local')).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.logout()).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('refuses an answer with a field missing, which it forgives a remote', async () => {
    broken = true;
    const desk = createDeskClient(options());
    const refused = await desk.personas().then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RemoteError);
    expect(refused).toMatchObject({ kind: 'protocol' });
    expect((refused as RemoteError).list.join(' ')).toContain('created_at');
    await expect(desk.timeline('global')).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.search({ q: 'orchard' })).rejects.toMatchObject({ kind: 'protocol' });
    await expect(desk.personaPage('ada@social.example')).rejects.toMatchObject({ kind: 'protocol' });

    const read = await createInstanceClient(options()).global();
    expect(read.posts.map((p) => [p.guid, p.pin, p.starred])).toEqual([
      [GUID, 'pin.red', true],
      [GUID, null, false],
    ]);
  });
});

describe('the desk client, reading its own legacy answers', () => {
  let instance: TestInstance;
  let postId = 0;
  beforeAll(async () => {
    instance = await startInstance('memory');
    await writePost(instance, { content: 'A Blurb' });
    postId = (await instance.call('GET', '/content/blurbs/global')).json.data[0].id as number;
  });
  afterAll(() => instance.close());

  /** The instance's own answers, or (`stray`) each post without its `pin_colour`, an addition of this project. */
  const clientOptions = (stray: boolean) => ({
    baseUrl: ORIGIN,
    token: OWNER_TOKEN,
    fetch: (async (input, init) => {
      const answer = await instance.service(new Request(input, init));
      if (!stray) return answer;
      const body = (await answer.json()) as { data: Record<string, unknown>[] };
      const data = body.data.map(({ pin_colour: _pin, ...rest }) => rest);
      return new Response(JSON.stringify({ ...body, data }), { status: answer.status, headers: answer.headers });
    }) satisfies typeof globalThis.fetch,
  });

  it('reads Blurbs and a repost that follow the strict schemas', async () => {
    const desk = createDeskClient(clientOptions(false));
    const page = await desk.blurbs('global');
    expect(page.posts.map((p) => p.text)).toEqual(['A Blurb']);
    expect(page.skipped).toEqual([]);
    expect((await desk.repost(postId)).parent_id).toBe(postId);
  });

  it('refuses Blurbs and a repost that stray from them, which the legacy client forgives a remote', async () => {
    const desk = createDeskClient(clientOptions(true));
    const refused = await desk.blurbs('global').then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ kind: 'protocol' });
    expect((refused as RemoteError).list.join(' ')).toContain('pin_colour');
    await expect(desk.repost(postId)).rejects.toMatchObject({ kind: 'protocol' });

    const read = await createLegacyClient(clientOptions(true)).blurbs('global');
    expect(read.posts.length).toBeGreaterThan(0);
  });
});
