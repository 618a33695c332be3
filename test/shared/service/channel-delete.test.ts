import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { timelineOrder } from '../../../src-shared/store/order';
import type { PostRow } from '../../../src-shared/store/rows';
import { linkRemoteAccount } from '../../../src-shared/sync/link';
import { removeRemoteRows } from '../../../src-shared/sync/remove';
import { newGuid } from '../../../src-shared/util/secrets';
import { BACKENDS, startInstance, writePost, type CallOptions, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, guidsOf, nowOf } from './helpers';
import { expectLegacyOk } from './legacy-helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Channel {
  guid: string;
  name: string;
  writers: string[];
}

describe.each(BACKENDS)('deleting a Channel (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const createChannel = async (name: string, params: Record<string, string> = {}): Promise<string> => {
    const created = await instance.call('POST', '/api/account/channels', { params: { name, ...params } });
    expectOk(created);
    return created.json.data.guid;
  };
  const deleteChannel = (guid: string, options: CallOptions = {}) =>
    instance.call('DELETE', `/api/account/channels/${guid}`, options);
  const channels = async (): Promise<Channel[]> => (await instance.call('GET', '/api/account/channels')).json.data;
  const timeline = async (params: Record<string, string | number>) => {
    const result = await instance.call('GET', '/api/posts/global', {
      params: { types: 'post.note,post.article', ...params },
    });
    expectOk(result);
    return result.json.data as {
      guid: string;
      channel_guid: string;
      parent_guid: string | false;
      attributes: { pin: string; starred: boolean };
    }[];
  };
  const inChannel = (guid: string) => timeline({ channel_guid: guid });

  it('moves its posts, with their ids, stars, pins and conversation, to the first other Channel', async () => {
    const journal = await createChannel('Journal');
    const root = await writePost(instance, { channel_guid: journal, content: 'A root' });
    instance.clock.advance(1);
    const reply = await writePost(instance, { channel_guid: journal, content: 'Its reply', reply_to: root.guid });
    instance.clock.advance(1);
    const stays = await writePost(instance, { content: 'Was in Main all along' });
    expectOk(await instance.call('POST', `/api/posts/${root.guid}/star`));
    expectOk(await instance.call('POST', `/api/posts/${reply.guid}/pin`, { params: { value: 'green' } }));
    const legacy = await instance.call('GET', '/content/blurbs/global');
    const idOf = new Map((legacy.json.data as { id: number; guid: string }[]).map((b) => [b.guid, b.id]));

    const deleted = await deleteChannel(journal);
    expectOk(deleted);
    expect(deleted.json.data).toEqual({
      channel_guid: journal,
      moved_to: instance.channelGuid,
      moved_posts: 2,
      channels: [
        expect.objectContaining({
          guid: instance.channelGuid,
          name: 'Main',
          writers: [instance.personaGuid],
          remote_guid: false,
        }),
      ],
    });

    const main = await inChannel(instance.channelGuid);
    expect(guidsOf(main)).toEqual([stays.guid, reply.guid, root.guid]);
    expect(main.every((p) => p.channel_guid === instance.channelGuid)).toBe(true);
    expect(main[2]?.attributes).toEqual({ pin: 'pin.none', starred: true, reposted: false });
    expect(main[1]?.attributes).toEqual({ pin: 'pin.green', starred: false, reposted: false });
    expect(main[1]?.parent_guid).toBe(root.guid);
    expect(await inChannel(journal)).toEqual([]);
    expect(guidsOf((await instance.call('GET', `/api/posts/${reply.guid}/thread`)).json.data)).toEqual([
      root.guid,
      reply.guid,
    ]);
    // The legacy interface names them by the same numbers, now in Main.
    for (const post of [root, reply]) {
      const read = await instance.call('GET', `/content/${idOf.get(post.guid)}`);
      expectLegacyOk(read);
      expect(read.json.data[0]).toMatchObject({ guid: post.guid, channel: { guid: instance.channelGuid } });
    }
    expect((await channels()).map((c) => c.name)).toEqual(['Main']);
  });

  it('moves them to move_to, sent in the query string, a form or JSON', async () => {
    for (const send of ['query', 'form', 'json'] as const) {
      const gone = await createChannel(`Gone by ${send}`);
      const target = await createChannel(`Kept by ${send}`);
      const post = await writePost(instance, { channel_guid: gone, content: `Moved by ${send}` });
      const deleted =
        send === 'query'
          ? await deleteChannel(`${gone}?move_to=${target}`)
          : await deleteChannel(gone, { params: { move_to: target }, form: send === 'form' });
      expectOk(deleted);
      expect(deleted.json.data).toMatchObject({ moved_to: target, moved_posts: 1 });
      expect(guidsOf(await inChannel(target))).toEqual([post.guid]);
      expect(await inChannel(instance.channelGuid)).toEqual([]);
    }
    expect((await channels()).map((c) => c.name)).toEqual(['Main', 'Kept by query', 'Kept by form', 'Kept by json']);
  });

  it('moves more posts than it rewrites at once, and leaves no deleted post behind in the Channel', async () => {
    const journal = await createChannel('Journal');
    const model = await writePost(instance, { channel_guid: journal, content: 'The model' });
    const row = await instance.db.posts.where('guid').equals(model.guid).first();
    if (!row) throw new Error('the post must exist');
    const { id: _id, ...rest } = row;
    const many = Array.from({ length: 450 }, (_, i): PostRow => {
      const guid = newGuid();
      return {
        ...rest,
        guid,
        text: `Post ${i}`,
        threadKey: guid,
        canonicalPath: `/posts/${guid}`,
        order: timelineOrder(rest.publishUnix - i, guid),
        publishUnix: rest.publishUnix - i,
      };
    });
    await putPostsInOneTransaction(instance.db, many);
    const gone = many[7]?.guid ?? '';
    expectOk(await instance.call('DELETE', `/api/posts/${gone}`));

    const deleted = await deleteChannel(journal);
    expectOk(deleted);
    expect(deleted.json.data.moved_posts).toBe(450);
    expect(await inChannel(journal)).toEqual([]);
    expect(await timeline({ channel_guid: instance.channelGuid, count: 250 })).toHaveLength(250);
    const left = await instance.db.posts
      .where('[channelGuid+order]')
      .between([journal, ''], [journal, '\uffff'])
      .count();
    expect(left).toBe(0);
    expect((await instance.db.posts.where('guid').equals(gone).first())?.channelGuid).toBe(instance.channelGuid);
    // Still deleted: moving it brought nothing back.
    expect((await instance.call('GET', `/api/posts/${gone}`)).json.data).toBe(false);
  });

  it('takes its reading place away with it, and leaves the others', async () => {
    const side = await createChannel('Side notes');
    const post = await writePost(instance, { channel_guid: side, content: 'Read there' });
    const place = (timeline: string) =>
      instance.call('POST', '/api/markers', { params: { timeline, post_guid: post.guid as string, version: 0 } });
    expectOk(await place(`channel:${side}`));
    expectOk(await place('global'));

    expectOk(await deleteChannel(side));
    const kept = await instance.call('GET', '/api/markers', { params: { timeline: `channel:${side},global` } });
    expect(Object.keys(kept.json.data)).toEqual(['global']);
    expect(await instance.db.markers.count()).toBe(1);
  });

  it('lets its writers write where its posts went, and takes its grants away', async () => {
    const second = (
      await instance.call('POST', '/api/account/personas', { params: { handle: 'second', name: 'Second' } })
    ).json.data.guid as string;
    const side = await createChannel('Side notes', { persona_guids: second });
    expectOk(
      await instance.call('POST', `/api/account/channels/${instance.channelGuid}/access`, {
        params: { persona_guid: second, access: 'none' },
      }),
    );
    const post = await writePost(instance, {
      persona_guid: second,
      channel_guid: side,
      content: 'By the second Persona',
    });

    const deleted = await deleteChannel(side);
    expectOk(deleted);
    expect(deleted.json.data.channels[0].writers).toEqual(expect.arrayContaining([instance.personaGuid, second]));
    const personas = (await instance.call('GET', '/api/account/personas')).json.data as {
      guid: string;
      channels: string[];
    }[];
    expect(personas.find((p) => p.guid === second)?.channels).toEqual([instance.channelGuid]);
    expect(personas.flatMap((p) => p.channels)).not.toContain(side);
    // Its author can still edit the moved post, and write to the Channel it is in now.
    expectOk(
      await instance.call('POST', `/api/posts/${post.guid}/write`, { params: { content: 'Edited after the move' } }),
    );
    expectOk(
      await instance.call('POST', '/api/posts/write', {
        params: { persona_guid: second, content: 'Still writing', post_type: 'post.note' },
      }),
    );
    expectError(
      await instance.call('POST', '/api/posts/write', {
        params: { persona_guid: second, channel_guid: side, content: 'There?', post_type: 'post.note' },
      }),
      400,
      ErrorText.invalidChannel,
    );
  });

  it('refuses the last Channel, and one of another account, unknown or malformed, changing nothing', async () => {
    const post = await writePost(instance, { content: 'Stays in Main' });
    expectError(await deleteChannel(instance.channelGuid), 400, ErrorText.lastChannel);
    const other = await addAccount(instance);
    await createChannel('Second');
    for (const guid of [other.channelGuid, UNKNOWN, 'not-a-guid'])
      expectError(await deleteChannel(guid), 400, ErrorText.invalidChannel);
    // Another account's token cannot delete the owner's Channels either, nor can nobody.
    expectError(await deleteChannel(instance.channelGuid, { token: other.token }), 400, ErrorText.invalidChannel);
    expectError(await deleteChannel(instance.channelGuid, { token: null }), 403, ErrorText.needToLogIn);
    expect((await channels()).map((c) => c.name)).toEqual(['Main', 'Second']);
    expect(guidsOf(await inChannel(instance.channelGuid))).toEqual([post.guid]);
  });

  it("refuses a move_to that is the Channel itself, not the account's or not a GUID", async () => {
    const other = await addAccount(instance);
    const journal = await createChannel('Journal');
    const post = await writePost(instance, { channel_guid: journal, content: 'Stays in the Journal' });
    for (const move_to of [journal, other.channelGuid, UNKNOWN]) {
      expectError(await deleteChannel(journal, { params: { move_to } }), 400, ErrorText.invalidMoveTarget);
    }
    expectError(await deleteChannel(journal, { params: { move_to: 'Main' } }), 400, 'move_to must be a Channel GUID');
    expect((await channels()).map((c) => c.name)).toEqual(['Main', 'Journal']);
    expect(guidsOf(await inChannel(journal))).toEqual([post.guid]);
  });

  it('refuses a Channel linked from a remote until the remote is removed', async () => {
    const now = nowOf(instance);
    const remoteChannel = newGuid();
    const remote = await linkRemoteAccount(instance.db, {
      remote: {
        guid: newGuid(),
        baseUrl: 'https://remote.example',
        interface: 'instance',
        sealedToken: 'sealed',
        accountRef: newGuid(),
        pollSeconds: 60,
        createdUnix: now,
        lastPullUnix: null,
        lastPushUnix: null,
        lastError: null,
        lastErrorUnix: null,
      },
      ownerAccountGuid: instance.accountGuid,
      account: {
        ref: 'remote-account',
        personas: [],
        channels: [{ guid: remoteChannel, name: 'Over there', writers: [] }],
      },
      now,
    });
    expect((await channels()).find((c) => c.guid === remoteChannel)).toMatchObject({ remote_guid: remote.guid });
    expectError(await deleteChannel(remoteChannel), 400, ErrorText.remoteChannel);
    expect((await channels()).map((c) => c.name)).toEqual(['Main', 'Over there']);

    await removeRemoteRows(instance.db, remote);
    expectOk(await deleteChannel(remoteChannel));
    expect((await channels()).map((c) => c.name)).toEqual(['Main']);
  });

  it('shows the moved posts to pollers as changed since the move', async () => {
    const base = nowOf(instance);
    const journal = await createChannel('Journal');
    const old = await writePost(instance, {
      channel_guid: journal,
      content: 'Written long before',
      publish_at: base - 1000,
    });
    instance.clock.advance(60);
    const since = nowOf(instance);
    expect(await timeline({ changed_since: since })).toEqual([]);

    expectOk(await deleteChannel(journal));
    expect(guidsOf(await timeline({ changed_since: since }))).toEqual([old.guid]);
    expect(guidsOf(await timeline({ changed_since: since, channel_guid: instance.channelGuid }))).toEqual([old.guid]);
    // The legacy collection's since_unix cursor, which sync pulls with, sees it too.
    const blurbs = await instance.call('GET', '/content/blurbs/global', { params: { since_unix: since - 1 } });
    expect(guidsOf(blurbs.json.data)).toEqual([old.guid]);
  });

  it("never gives a deleted Channel's legacy number to a new one", async () => {
    const legacyIds = async () =>
      new Map(
        ((await instance.call('GET', '/users/me')).json.data.channels as { id: number; guid: string }[]).map((c) => [
          c.guid,
          c.id,
        ]),
      );
    const last = await createChannel('Newest');
    const lastId = (await legacyIds()).get(last);
    expectOk(await deleteChannel(last));
    const next = await createChannel('After it');
    expect((await legacyIds()).get(next)).toBe((lastId ?? 0) + 1);
  });
});
