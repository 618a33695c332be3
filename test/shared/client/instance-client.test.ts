import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstanceClient, RemoteError, type InstanceClient, type RemotePost } from '../../../src-shared/client';
import { OWNER_TOKEN, startRealRemote, type RealRemote } from './helpers';

/**
 * The instance client against this project's own instance behind its HTTP host, over a real socket: what
 * the client sends is what the service understands, and what the service answers is what the client reads.
 */
const PASSWORD = 'correct horse battery staple';
const T0 = 1_800_000_000;
const MISSING_GUID = '00000000-0000-4000-8000-000000000000';

let remote: RealRemote;
let client: InstanceClient;

beforeAll(async () => {
  remote = await startRealRemote(PASSWORD);
  client = createInstanceClient({ baseUrl: remote.url, token: OWNER_TOKEN, timeoutMs: 5000 });
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

/** A second Persona and a Channel only it may write to, made through the service itself. */
async function secondPersona(handle: string) {
  const persona = await remote.instance.call('POST', '/api/account/personas', {
    params: { handle, name: handle.toUpperCase() },
  });
  expect(persona.status).toBe(200);
  return persona.json.data.guid as string;
}

describe('signing in and the account', () => {
  it('logs in with the account name and password, and the token it gets works', async () => {
    const anonymous = createInstanceClient({ baseUrl: remote.url });
    const { token, account_guid } = await anonymous.login('owner', PASSWORD);
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(account_guid).toBe(remote.instance.accountGuid);
    const me = await anonymous.withToken(token).accountMe();
    expect(me.guid).toBe(remote.instance.accountGuid);
  });

  it('logs in even when the client holds a stale token (login never sends it)', async () => {
    const stale = createInstanceClient({ baseUrl: remote.url, token: 'stale-token-that-no-longer-works' });
    await expect(stale.accountMe()).rejects.toMatchObject({ kind: 'auth', status: 401 });
    const { token } = await stale.login('@me', PASSWORD);
    expect((await stale.withToken(token).accountMe()).guid).toBe(remote.instance.accountGuid);
  });

  it('reports a wrong password as an auth error with the remote text', async () => {
    const error = await rejection(client.login('owner', 'not the password'));
    expect(error).toMatchObject({ kind: 'auth', status: 401, remoteText: 'Invalid Account Name or Password' });
  });

  it('reads the account profile with its Personas, first one first', async () => {
    const second = await secondPersona('profile-two');
    const me = await client.accountMe();
    expect(me).toMatchObject({
      guid: remote.instance.accountGuid,
      type: 'account.owner',
      display_name: 'Owner',
      language: { code: 'en-US' },
    });
    expect(me.personas[0]).toMatchObject({
      guid: remote.instance.personaGuid,
      as: 'me',
      name: 'Me',
      channels: [remote.instance.channelGuid],
    });
    expect(me.personas.map((p) => p.guid)).toContain(second);
    expect(me.personas.find((p) => p.guid === second)).toMatchObject({ as: 'profile-two', name: 'PROFILE-TWO' });
    expect(me.personas[0]?.profile_url).toBe(`${remote.url}/@me`);
  });

  it('lists the Channels with the Personas that may write to each', async () => {
    const channels = await client.channels();
    expect(channels?.[0]).toMatchObject({ guid: remote.instance.channelGuid, name: 'Main' });
    expect(channels?.[0]?.writers).toContain(remote.instance.personaGuid);
  });
});

describe('writing, and reading back what the remote holds', () => {
  it('creates a note and reads it back by GUID', async () => {
    remote.instance.clock.set(T0);
    const written = await client.write({
      content: 'Hello *remote*',
      post_type: 'post.note',
      tags: ['one', 'two words'],
    });
    expect(written).toMatchObject({
      type: 'post.note',
      privacy: 'visibility.public',
      text: 'Hello *remote*',
      tags: ['one', 'two words'],
      title: null,
      reply_to: null,
      publish_unix: T0,
      expires_unix: null,
      channel_guid: remote.instance.channelGuid,
      persona: { guid: remote.instance.personaGuid, as: 'me', name: 'Me', id: null },
      pin: 'pin.none',
      starred: false,
      id: null,
    });
    expect(written.content).toContain('<em>remote</em>');
    expect(written.canonical_url).toBe(`${remote.url}/posts/${written.guid}`);
    expect(await client.post(written.guid)).toEqual(written);
  });

  it('sends dates, privacy, bookmarks and places so the remote stores them', async () => {
    const written = await client.write({
      content: 'A page worth keeping',
      post_type: 'post.bookmark',
      source_url: 'https://example.com/page',
      source_title: 'Example page',
      post_privacy: 'visibility.private',
      publish_at: T0 - 3600,
      expires_at: T0 + 86_400,
      geo_latitude: 52.5,
      geo_longitude: 13.4,
      geo_description: 'Berlin',
    });
    const read = await client.post(written.guid);
    expect(read).toMatchObject({
      type: 'post.bookmark',
      privacy: 'visibility.private',
      publish_unix: T0 - 3600,
      expires_unix: T0 + 86_400,
      source: { url: 'https://example.com/page', title: 'Example page' },
      geo: { latitude: 52.5, longitude: 13.4, altitude: null, description: 'Berlin' },
    });
    // Private: nobody else reads it.
    expect(await client.withToken(null).post(written.guid)).toBeNull();
  });

  it('updates a post: what is sent replaces, the rest is kept', async () => {
    const written = await client.write({ content: 'First words', post_type: 'post.note', tags: ['keep'] });
    await client.update(written.guid, { content: 'Second words', title: 'Now titled' });
    const read = await client.post(written.guid);
    expect(read).toMatchObject({
      text: 'Second words',
      title: 'Now titled',
      tags: ['keep'],
      type: 'post.note',
      publish_unix: written.publish_unix,
    });
    await client.update(written.guid, { content: 'Second words', tags: [], expires_at: T0 + 500 });
    expect(await client.post(written.guid)).toMatchObject({ tags: [], expires_unix: T0 + 500 });
    await client.update(written.guid, { content: 'Second words', expires_at: null });
    expect(await client.post(written.guid)).toMatchObject({ expires_unix: null });
  });

  it('stars and unstars, as the first Persona or as the one named', async () => {
    const written = await client.write({ content: 'Star me', post_type: 'post.note' });
    expect((await client.star(written.guid)).starred).toBe(true);
    expect((await client.post(written.guid))?.starred).toBe(true);
    expect((await client.unstar(written.guid)).starred).toBe(false);
    expect((await client.post(written.guid))?.starred).toBe(false);

    const second = await secondPersona('star-two');
    await client.star(written.guid, second);
    // The read acts as the first Persona, who has not starred it; the second has.
    expect((await client.post(written.guid))?.starred).toBe(false);
    const asSecond = await remote.instance.call('GET', `/api/posts/${written.guid}?persona_guid=${second}`);
    expect(asSecond.json.data[0].attributes.starred).toBe(true);
    await client.unstar(written.guid, second);
    const after = await remote.instance.call('GET', `/api/posts/${written.guid}?persona_guid=${second}`);
    expect(after.json.data[0].attributes.starred).toBe(false);
  });

  it('pins with a colour, changes it, and unpins', async () => {
    const written = await client.write({ content: 'Pin me', post_type: 'post.note' });
    expect((await client.pin(written.guid, 'orange')).pin).toBe('pin.orange');
    expect((await client.post(written.guid))?.pin).toBe('pin.orange');
    await client.pin(written.guid, 'pin.blue');
    expect((await client.post(written.guid))?.pin).toBe('pin.blue');
    expect((await client.unpin(written.guid)).pin).toBe('pin.none');
    expect((await client.post(written.guid))?.pin).toBe('pin.none');
    await client.pin(written.guid, 'red');
    await client.pin(written.guid, 'none');
    expect((await client.post(written.guid))?.pin).toBe('pin.none');
  });

  it('deletes a post; it is gone, and deleting it again answers null', async () => {
    const written = await client.write({ content: 'Delete me', post_type: 'post.note' });
    expect(await client.deletePost(written.guid)).toEqual({
      post_guid: written.guid,
      channel_guid: remote.instance.channelGuid,
      result: 1,
      sok: 1,
    });
    expect(await client.post(written.guid)).toBeNull();
    expect(await client.thread(written.guid)).toBeNull();
    expect(await client.deletePost(written.guid)).toBeNull();
  });

  it('replies join the conversation, and the thread answers it oldest first', async () => {
    remote.instance.clock.set(T0 + 100);
    const parent = await client.write({ content: 'Question?', post_type: 'post.note' });
    remote.instance.clock.set(T0 + 101);
    const reply = await client.write({ content: 'Answer.', post_type: 'post.note', reply_to: parent.guid });
    expect(reply).toMatchObject({ parent_guid: parent.guid, reply_to: parent.canonical_url });
    const thread = await client.thread(reply.guid);
    expect(thread?.skipped).toEqual([]);
    expect(thread?.posts.map((p) => p.guid)).toEqual([parent.guid, reply.guid]);
  });

  it('answers null for a post or thread that does not exist', async () => {
    expect(await client.post(MISSING_GUID)).toBeNull();
    expect(await client.thread(MISSING_GUID)).toBeNull();
  });

  it('passes on what the remote refuses, with its text', async () => {
    const written = await client.write({ content: 'Published now', post_type: 'post.note', publish_at: T0 });
    const expiry = await rejection(client.update(written.guid, { content: 'Published now', expires_at: T0 - 10 }));
    expect(expiry).toMatchObject({
      kind: 'rejected',
      status: 400,
      remoteText: 'The Post Object Cannot Expire Before it is Published',
    });
    expect(expiry.message).toBe('The Post Object Cannot Expire Before it is Published');

    // A 403 that refuses the input, not the token: signing in again would not help.
    const second = await secondPersona('channel-two');
    const made = await remote.instance.call('POST', '/api/account/channels', {
      params: { name: 'Second only', persona_guids: second },
    });
    const denied = await rejection(
      client.write({ content: 'Not allowed here', post_type: 'post.note', channel_guid: made.json.data.guid }),
    );
    expect(denied).toMatchObject({
      kind: 'rejected',
      status: 403,
      remoteText: 'This Persona Cannot Write to This Channel',
    });
  });
});

describe('timelines', () => {
  const at: RemotePost[] = [];
  beforeAll(async () => {
    // Four notes at T0+1000, +1010, +1020, +1030, one mentioning the first Persona, and an article.
    for (const [i, content] of ['zero', 'one @me', 'two', 'three'].entries()) {
      remote.instance.clock.set(T0 + 1000 + i * 10);
      at.push(await client.write({ content: `Timeline ${content}`, post_type: 'post.note' }));
    }
    remote.instance.clock.set(T0 + 1040);
    at.push(await client.write({ content: 'Timeline article', post_type: 'post.article', title: 'Article' }));
  });
  const guids = (posts: RemotePost[]) => posts.map((p) => p.guid);

  it('global: since and until are both inclusive', async () => {
    const page = await client.global({ since: T0 + 1010, until: T0 + 1020 });
    expect(page.skipped).toEqual([]);
    expect(guids(page.posts)).toEqual([at[2]?.guid, at[1]?.guid]);
  });

  it('global: before continues exactly after a post, newest first', async () => {
    const first = await client.global({ since: T0 + 1000, count: 2 });
    expect(guids(first.posts)).toEqual([at[3]?.guid, at[2]?.guid]);
    const next = await client.global({ since: T0 + 1000, count: 2, before: at[2]?.guid });
    expect(guids(next.posts)).toEqual([at[1]?.guid, at[0]?.guid]);
  });

  it('global: notes unless other types are asked for', async () => {
    expect(guids((await client.global({ since: T0 + 1040 })).posts)).toEqual([]);
    expect(guids((await client.global({ since: T0 + 1040, types: ['post.article', 'post.note'] })).posts)).toEqual([
      at[4]?.guid,
    ]);
  });

  it('mentions: the posts that name one of the account Personas', async () => {
    const page = await client.mentions({ since: T0 + 1000, until: T0 + 1040 });
    expect(guids(page.posts)).toEqual([at[1]?.guid]);
    expect(page.posts[0]?.mentions).toEqual([{ guid: remote.instance.personaGuid, as: 'me' }]);
  });
});

describe('auth errors', () => {
  const wrong = () => createInstanceClient({ baseUrl: remote.url, token: 'wrong-token-0123456789abcdef' });

  it('a wrong token is an auth error everywhere, reads included', async () => {
    for (const call of [
      () => wrong().accountMe(),
      () => wrong().channels(),
      () => wrong().global(),
      () => wrong().mentions(),
      () => wrong().write({ content: 'x', post_type: 'post.note' }),
    ]) {
      const error = await rejection(call());
      expect(error).toMatchObject({ kind: 'auth', status: 401, remoteText: 'Invalid or Expired Token Supplied' });
      expect(JSON.stringify(error)).not.toContain('wrong-token');
      expect(String(error)).not.toContain('wrong-token');
    }
  });

  it('no token where one is needed is an auth error ("You Need to Log In First")', async () => {
    const anonymous = createInstanceClient({ baseUrl: remote.url });
    for (const call of [
      () => anonymous.accountMe(),
      () => anonymous.mentions(),
      () => anonymous.write({ content: 'x', post_type: 'post.note' }),
    ]) {
      expect(await rejection(call())).toMatchObject({
        kind: 'auth',
        status: 403,
        remoteText: 'You Need to Log In First',
      });
    }
    // Reading public posts needs none.
    expect((await anonymous.global({ since: T0 })).posts.length).toBeGreaterThan(0);
  });
});
