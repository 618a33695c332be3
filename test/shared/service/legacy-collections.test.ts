import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { addAccount, type OtherAccount } from './helpers';
import { expectLegacyError, expectLegacyOk, writeContent } from './legacy-helpers';

type Legacy = {
  id: number;
  guid: string;
  you_reblurbed: boolean;
  parent_id: number | false;
  parent_post: false | Legacy;
};

describe.each(BACKENDS)('legacy repost and the account collections (%s)', (backend) => {
  let instance: TestInstance;
  let other: OtherAccount;
  beforeEach(async () => {
    instance = await startInstance(backend);
    other = await addAccount(instance);
  });
  afterEach(async () => {
    await instance.close();
  });

  const get = async (path: string, params: Record<string, string | number> = {}, token?: string | null) => {
    const result = await instance.call('GET', path, { params, ...(token === undefined ? {} : { token }) });
    expectLegacyOk(result);
    return result.json.data as Legacy[];
  };
  const idsOf = async (path: string, params: Record<string, string | number> = {}, token?: string | null) =>
    (await get(path, params, token)).map((p) => p.id);
  const theirs = async (params: Record<string, string>) => {
    const result = await instance.call('POST', '/content', { params, token: other.token });
    expectLegacyOk(result);
    return result.json.data[0] as Legacy;
  };
  const repost = async (id: number) => {
    const result = await instance.call('POST', `/content/repost/${id}`);
    expectLegacyOk(result);
    return result.json.data[0] as Legacy;
  };

  describe('POST /content/repost/{id}', () => {
    it('answers a new Blurb with the original embedded, may repeat, and DELETE removes each repost', async () => {
      const original: Legacy = await writeContent(instance, { content: 'Worth passing on' });
      instance.clock.advance(1);
      const first = await repost(original.id);
      expect(first.id).not.toBe(original.id);
      expect(first.parent_id).toBe(original.id);
      expect(first.parent_post).toMatchObject({ id: original.id, guid: original.guid, parent_post: false });
      expect(first).toMatchObject({ type: 'post.micro', title: '' });
      const second = await repost(original.id);
      expect(second.id).not.toBe(first.id);

      const [seen] = await get(`/content/${original.id}`);
      expect(seen?.you_reblurbed).toBe(true);
      // Both reposts are public Blurbs: the original is a public post of Channel 1.
      expect(await idsOf('/content/blurbs/global', {}, null)).toEqual(
        expect.arrayContaining([first.id, second.id, original.id]),
      );

      expectLegacyOk(await instance.call('DELETE', `/content/${first.id}`));
      expect((await get(`/content/${original.id}`))[0]?.you_reblurbed).toBe(true);
      expectLegacyOk(await instance.call('DELETE', `/content/${second.id}`));
      expect((await get(`/content/${original.id}`))[0]?.you_reblurbed).toBe(false);
      expect(await idsOf('/content/blurbs/global')).toEqual([original.id]);
    });

    it('keeps a repost to its own account when the original is not a public post of Channel 1', async () => {
      const made = await instance.call('POST', '/api/account/channels', {
        params: { name: 'Side', persona_guids: instance.personaGuid },
      });
      expect(made.status).toBe(200);
      const sideChannel = await instance.db.channels.filter((c) => c.name === 'Side').first();
      expect(sideChannel?.id).toBeGreaterThan(1);
      const side: Legacy = await writeContent(instance, {
        content: 'On the side channel',
        channel_id: sideChannel?.id ?? 0,
      });
      const quiet: Legacy = await writeContent(instance, { content: 'Only for me', privacy_type: 'visibility.none' });
      for (const original of [side, quiet]) {
        const made = await repost(original.id);
        expectLegacyError(
          await instance.call('GET', `/content/${made.id}`, { token: null }),
          404,
          ErrorText.postDoesNotExist,
        );
        expect((await get(`/content/${made.id}`))[0]?.parent_post).toMatchObject({ id: original.id });
      }
      expect(await idsOf('/content/blurbs/global', {}, null)).toEqual([side.id]);
    });

    it('embeds nothing once the original is gone, and refuses unknown, unreadable and malformed ids', async () => {
      const original: Legacy = await writeContent(instance, { content: 'Short-lived' });
      const made = await repost(original.id);
      expectLegacyOk(await instance.call('DELETE', `/content/${original.id}`));
      expect((await get(`/content/${made.id}`))[0]?.parent_post).toBe(false);

      const hidden = await theirs({ content: 'Not for you', privacy_type: 'visibility.none' });
      for (const id of [999, hidden.id, original.id]) {
        expectLegacyError(await instance.call('POST', `/content/repost/${id}`), 404, ErrorText.postDoesNotExist);
      }
      expect((await instance.call('POST', '/content/repost/abc')).status).toBe(400);
      expectLegacyError(
        await instance.call('POST', `/content/repost/${made.id}`, { token: null }),
        403,
        ErrorText.needToLogIn,
      );
    });
  });

  describe('reposts on the instance interface (extension)', () => {
    type Shown = {
      guid: string;
      repost_of: string | false;
      original: false | { guid: string; text: string; attributes: { reposted: string | false } };
      attributes: { reposted: string | false };
    };
    const shown = async (guid: string, token?: string | null) => {
      const result = await instance.call('GET', `/api/posts/${guid}`, token === undefined ? {} : { token });
      expect(result.status).toBe(200);
      return (result.json.data as Shown[])[0];
    };

    it('name and embed the original, which says which post of yours reposted it, on a post and in a timeline', async () => {
      const original: Legacy = await writeContent(instance, { content: 'Worth passing on' });
      instance.clock.advance(1);
      const made = await repost(original.id);
      expect(await shown(made.guid)).toMatchObject({
        repost_of: original.guid,
        original: { guid: original.guid, text: 'Worth passing on', attributes: { reposted: made.guid } },
      });
      expect(await shown(original.guid)).toMatchObject({
        repost_of: false,
        original: false,
        attributes: { reposted: made.guid },
      });
      // A stranger sees the repost and what it reposts, but not whose repost is whose.
      expect(await shown(made.guid, null)).toMatchObject({
        original: { guid: original.guid, attributes: { reposted: false } },
      });
      const timeline = await instance.call('GET', '/api/posts/global', { params: { count: 5 } });
      const [first] = timeline.json.data as Shown[];
      expect(first).toMatchObject({ guid: made.guid, repost_of: original.guid, original: { guid: original.guid } });
    });

    it('still name the original once it is gone or no longer readable, and embed nothing', async () => {
      const original: Legacy = await writeContent(instance, { content: 'Short-lived' });
      const made = await repost(original.id);
      expectLegacyOk(await instance.call('DELETE', `/content/${original.id}`));
      expect(await shown(made.guid)).toMatchObject({ repost_of: original.guid, original: false });
    });
  });

  it('home needs a token and holds every Blurb the account may read, its private ones included', async () => {
    const open: Legacy = await writeContent(instance, { content: 'Hello all' });
    instance.clock.advance(1);
    const own: Legacy = await writeContent(instance, { content: 'Just me', privacy_type: 'visibility.none' });
    await writeContent(instance, { content: 'An essay', title: 'Essay' });
    expectLegacyError(await instance.call('GET', '/content/blurbs/home', { token: null }), 403, ErrorText.needToLogIn);
    expect(await idsOf('/content/blurbs/home')).toEqual([own.id, open.id]);
  });

  it("mentions hold anyone's Blurbs that mention one of the account's Personas, newest first", async () => {
    const fromThem = await theirs({ content: 'Hey @me, look' });
    instance.clock.advance(1);
    const fromMe: Legacy = await writeContent(instance, { content: 'Note to @me' });
    await theirs({ content: 'About @me', title: 'A titled post' });
    await writeContent(instance, { content: 'Nobody named here' });
    expectLegacyError(
      await instance.call('GET', '/content/blurbs/mentions', { token: null }),
      403,
      ErrorText.needToLogIn,
    );
    expect(await idsOf('/content/blurbs/mentions')).toEqual([fromMe.id, fromThem.id]);
    expect(await idsOf('/content/blurbs/mentions', { count: 1 })).toEqual([fromMe.id]);
    expect(await idsOf('/content/blurbs/mentions', { before_id: fromMe.id })).toEqual([fromThem.id]);
  });

  it("interactions hold other accounts' mentions of and replies to the account, not its own", async () => {
    const mine: Legacy = await writeContent(instance, { content: 'My thought' });
    const theirPost = await theirs({ content: 'Their thought' });
    instance.clock.advance(1);
    const reply = await theirs({ content: 'I agree', reply_to: String(mine.id) });
    instance.clock.advance(1);
    const mention = await theirs({ content: 'cc @me' });
    await theirs({ content: 'Talking to myself', reply_to: String(theirPost.id) });
    await writeContent(instance, { content: 'Replying to myself', reply_to: mine.id });
    await writeContent(instance, { content: 'And @me again' });
    expect(await idsOf('/content/blurbs/interactions')).toEqual([mention.id, reply.id]);
    // A reply that is later deleted is no longer an interaction.
    expectLegacyOk(await instance.call('DELETE', `/content/${reply.id}`, { token: other.token }));
    expect(await idsOf('/content/blurbs/interactions')).toEqual([mention.id]);
  });

  it('pins hold the pinned posts of every kind, newest published first, and page like global', async () => {
    const posts: Legacy[] = [];
    for (let i = 0; i < 5; i++) {
      instance.clock.advance(1);
      posts.push(
        await writeContent(instance, i === 2 ? { content: 'Long read', title: 'Essay' } : { content: `Blurb ${i}` }),
      );
    }
    for (const post of posts)
      expectLegacyOk(await instance.call('POST', '/content/pin', { params: { post_id: post.id, colour: '#ff0000' } }));
    // The same colour again removes the pin.
    expectLegacyOk(
      await instance.call('POST', '/content/pin', { params: { post_id: posts[0]?.id ?? 0, colour: 'ff0000' } }),
    );
    const pinned = posts
      .slice(1)
      .map((p) => p.id)
      .reverse();
    expect(await idsOf('/content/blurbs/pins')).toEqual(pinned);
    expect(await idsOf('/content/blurbs/pins', { count: 2 })).toEqual(pinned.slice(0, 2));
    expect(await idsOf('/content/blurbs/pins', { count: 2, before_id: pinned[1] ?? 0 })).toEqual(pinned.slice(2, 4));
    expect(
      await idsOf('/content/blurbs/pins', { since_unix: Math.floor(instance.clock.now() / 1000) - 3, count: 200 }),
    ).toEqual(pinned.slice(0, 3));
    expectLegacyError(await instance.call('GET', '/content/blurbs/pins', { token: null }), 403, ErrorText.needToLogIn);
  });

  it('GET /users/blurbs/{account_id} shows one Persona’s Blurbs, public ones without a token', async () => {
    const mine: Legacy = await writeContent(instance, { content: 'Mine' });
    instance.clock.advance(1);
    const quiet: Legacy = await writeContent(instance, { content: 'Quiet', privacy_type: 'visibility.none' });
    await writeContent(instance, { content: 'Titled', title: 'Not a Blurb' });
    const them = await theirs({ content: 'Theirs' });
    const ids = (await instance.call('GET', '/users/list', { token: null })).json.data.map(
      (a: { id: number; username: string }) => [a.username, a.id],
    );
    const idOf = (name: string) => (ids.find(([n]: [string]) => n === name) ?? [])[1] as number;
    expect(await idsOf(`/users/blurbs/${idOf('me')}`)).toEqual([quiet.id, mine.id]);
    expect(await idsOf(`/users/blurbs/${idOf('me')}`, {}, null)).toEqual([mine.id]);
    expect(await idsOf(`/users/blurbs/${idOf('other')}`, {}, null)).toEqual([them.id]);
    expect(await idsOf(`/users/blurbs/${idOf('me')}`, { before_id: quiet.id })).toEqual([mine.id]);
    for (const id of ['999', 'abc', '0']) {
      expectLegacyError(await instance.call('GET', `/users/blurbs/${id}`), 404, ErrorText.invalidAccount);
    }
  });
});
