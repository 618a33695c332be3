import { describe, expect, it, onTestFinished } from 'vitest';
import { OWNER_TOKEN } from '../../support/instance';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import {
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

interface Blurb {
  id: number;
  guid: string;
  you_starred?: boolean;
  you_pinned?: boolean;
  pin_colour?: string | false;
}

/** A remote that answers only the legacy interface: this project's instance behind a proxy that hides /api. */
describe('a remote that speaks only the legacy interface', () => {
  let remote: ServedInstance;
  let proxy: FaultProxy;
  let desktop: DesktopInstance;

  const blurbs = async (instance: ServedInstance | DesktopInstance) =>
    (await instance.call('GET', '/content/blurbs/global?count=200')).json.data as Blurb[];
  /** What one instance holds, scheduled posts too: the clocks differ, so a post sent may lie ahead of the other's. */
  const texts = async (instance: ServedInstance | DesktopInstance) =>
    ((await instance.call('GET', '/api/posts/global?count=250&scheduled=include')).json.data as { text: string }[]).map(
      (p) => p.text,
    );

  it('pulls its Blurbs and receives what was written offline, once', async () => {
    remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    proxy = await startFaultProxy(remote.url, { only: /^\/(content|users)(\/|\?|$)/ });
    onTestFinished(() => proxy.close());
    desktop = await startDesktop('memory');
    onTestFinished(() => desktop.close());
    const starMe = (await remote.call('POST', '/content', { params: { content: 'Star me, from the legacy remote' } }))
      .json.data[0] as Blurb;
    remote.clock.advance(1);
    const deleteMe = (
      await remote.call('POST', '/content', { params: { content: 'Delete me, from the legacy remote' } })
    ).json.data[0] as Blurb;

    const added = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: proxy.url, interface: 'legacy', token: OWNER_TOKEN },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const remoteGuid = added.json.data.guid as string;
    const sync = async () => (await desktop.call('POST', `/api/sync/remotes/${remoteGuid}/sync`)).json.data;
    expect((await sync()).last_error).toBe(false);
    expect(await texts(desktop)).toEqual(['Delete me, from the legacy remote', 'Star me, from the legacy remote']);
    expect(proxy.seen.some((line) => line.includes('/api/'))).toBe(false);

    await remote.pause();
    desktop.clock.advance(60);
    const as = remote.personaGuid;
    const mine = (
      await desktop.call('POST', '/api/posts/write', {
        params: { content: 'Offline, for the legacy remote', post_type: 'post.note', persona_guid: as },
      })
    ).json.data[0];
    desktop.clock.advance(1);
    await desktop.call('POST', '/api/posts/write', {
      params: { content: 'A reply to it', post_type: 'post.note', persona_guid: as, reply_to: mine.guid },
    });
    await desktop.call('POST', `/api/posts/${mine.guid}/write`, {
      params: { content: 'Offline, for the legacy remote, edited' },
    });
    await desktop.call('POST', `/api/posts/${starMe.guid}/star`, { params: { persona_guid: as } });
    await desktop.call('POST', `/api/posts/${starMe.guid}/pin`, { params: { persona_guid: as, value: 'orange' } });
    await desktop.call('DELETE', `/api/posts/${deleteMe.guid}`);
    await remote.resume();

    expect(await sync()).toMatchObject({ pending: 0, attention: [], last_error: false });
    expect(await texts(remote)).toEqual([
      'A reply to it',
      'Offline, for the legacy remote, edited',
      'Star me, from the legacy remote',
    ]);
    const [reply, edited] = (await remote.call('GET', '/api/posts/global?scheduled=include')).json.data as {
      guid: string;
      parent_guid: string;
    }[];
    expect(reply?.parent_guid).toBe(edited?.guid);
    const there = await blurbs(remote);
    expect(there[2]).toMatchObject({ guid: starMe.guid, you_starred: true, pin_colour: '#ffa500' });
    expect(await texts(desktop)).toEqual([
      'A reply to it',
      'Offline, for the legacy remote, edited',
      'Star me, from the legacy remote',
    ]);
    // Exactly once: another cycle sends nothing more.
    await sync();
    expect((await blurbs(remote)).length).toBe(3);
  });
});

describe('a change the remote cannot take', () => {
  it('waits in attention with the reason until the person retries or discards it', async () => {
    const remote = await startServedInstance('memory');
    const proxy = await startFaultProxy(remote.url, { only: /^\/(content|users)(\/|\?|$)/ });
    const desktop = await startDesktop('memory');
    try {
      const added = await desktop.call('POST', '/api/sync/remotes', {
        params: { base_url: proxy.url, interface: 'legacy', token: OWNER_TOKEN },
      });
      const remoteGuid = added.json.data.guid as string;
      const sync = async () => (await desktop.call('POST', `/api/sync/remotes/${remoteGuid}/sync`)).json.data;
      await desktop.call('POST', '/api/posts/write', {
        params: {
          content: 'A bookmark',
          post_type: 'post.bookmark',
          source_url: 'https://example.org/a',
          source_title: 'A',
          persona_guid: remote.personaGuid,
        },
      });
      await desktop.call('POST', '/api/posts/write', {
        params: { content: 'A note behind it', post_type: 'post.note', persona_guid: remote.personaGuid },
      });
      const stopped = await sync();
      expect(stopped.attention).toEqual([
        expect.objectContaining({
          op: 'publish',
          reason: 'The remote (Publishing Service, legacy interface) cannot hold bookmarks',
        }),
      ]);
      // The others went on.
      expect(stopped.pending).toBe(0);
      const seq = stopped.attention[0].seq as number;
      // The item's number, and nothing else that a number can be read from, names it.
      for (const other of [`0x${seq.toString(16)}`, `${seq}e0`, `${seq}.0`, `+${seq}`, `%20${seq}`, `0${seq}`]) {
        const refused = await desktop.call('POST', `/api/sync/outbox/${other}`, { params: { action: 'discard' } });
        expect([other, refused.status, refused.json.meta.text]).toEqual([other, 404, 'Invalid Outbox Item Supplied']);
      }

      expect((await desktop.call('POST', `/api/sync/outbox/${seq}`, { params: { action: 'retry' } })).status).toBe(200);
      expect((await sync()).attention).toHaveLength(1);
      const wrong = await desktop.call('POST', `/api/sync/outbox/${seq}`, { params: { action: 'later' } });
      expect([wrong.status, wrong.json.meta.text]).toEqual([400, 'action must be retry or discard']);
      expect((await desktop.call('POST', `/api/sync/outbox/${seq}`, { params: { action: 'discard' } })).status).toBe(
        200,
      );
      expect(await sync()).toMatchObject({ pending: 0, attention: [] });
      const gone = await desktop.call('POST', `/api/sync/outbox/${seq}`, { params: { action: 'retry' } });
      expect([gone.status, gone.json.meta.text]).toEqual([404, 'Invalid Outbox Item Supplied']);
      // The bookmark stays here.
      expect(
        (await desktop.call('GET', '/api/posts/global?types=post.bookmark&scheduled=include')).json.data,
      ).toHaveLength(1);
    } finally {
      await proxy.close();
      await desktop.close();
      await remote.stop();
    }
  });
});
