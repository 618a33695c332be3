import { describe, expect, it, onTestFinished } from 'vitest';
import { EXCHANGE_EVERY_SECONDS } from '../../../src-shared/sync/reading-places';
import { OWNER_TOKEN } from '../../support/instance';
import { startDesktop, startServedInstance } from '../../support/sync-instances';
import { nextSecond } from '../../support/wait';

/**
 * Where the person stopped reading, between a desk and a remote of this project: the place further on wins,
 * in the timelines of what the desk shares with the remote; what is the desk's alone stays there.
 */
describe('reading places through a remote of this project', () => {
  it('move each other forward in the timelines of linked Personas, never back, and keep local ones home', async () => {
    const remote = await startServedInstance('sqlite');
    onTestFinished(() => remote.stop());
    const desktop = await startDesktop('sqlite');
    onTestFinished(() => desktop.close());
    const added = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: remote.url, token: OWNER_TOKEN },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const guid: string = added.json.data.guid;
    const persona: string = added.json.data.personas[0].guid;
    const home = `home:${persona}`;
    const write = async (content: string) =>
      (await remote.call('POST', '/api/posts/write', { params: { content, post_type: 'post.note' } })).json.data[0]
        .guid as string;
    const placeOn = async (instance: typeof remote | typeof desktop, timeline: string) =>
      (await instance.call('GET', '/api/markers', { params: { timeline } })).json.data[timeline] as
        { post_guid: string; version: number } | undefined;
    const move = async (instance: typeof remote | typeof desktop, timeline: string, post: string) => {
      const version = (await placeOn(instance, timeline))?.version ?? 0;
      const moved = await instance.call('POST', '/api/markers', { params: { timeline, post_guid: post, version } });
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    };

    const first = await write('The first post there');
    await nextSecond();
    const second = await write('The second post there');
    await desktop.engine.runScheduled(guid);

    // Read on the desk: the remote learns it.
    await move(desktop, home, first);
    const local = (
      await desktop.call('POST', '/api/posts/write', { params: { content: 'Mine here alone', post_type: 'post.note' } })
    ).json.data[0].guid as string;
    await move(desktop, 'global', local);
    await desktop.engine.runScheduled(guid);
    expect(await placeOn(remote, home)).toMatchObject({ post_guid: first });
    expect(await placeOn(remote, 'global')).toBeUndefined();

    // Read further on the remote (another desk, or its page): the desk follows, not at every poll but within
    // EXCHANGE_EVERY_SECONDS, and at once on Sync Now.
    await move(remote, home, second);
    desktop.clock.advance(60);
    await desktop.engine.runScheduled(guid);
    expect(await placeOn(desktop, home)).toMatchObject({ post_guid: first });
    desktop.clock.advance(EXCHANGE_EVERY_SECONDS);
    await desktop.engine.runScheduled(guid);
    expect(await placeOn(desktop, home)).toMatchObject({ post_guid: second });

    // A desk that read less moves nothing back.
    await move(remote, home, first);
    expect((await desktop.call('POST', `/api/sync/remotes/${guid}/sync`)).status).toBe(200);
    expect(await placeOn(desktop, home)).toMatchObject({ post_guid: second });
    expect(await placeOn(remote, home)).toMatchObject({ post_guid: second });
  });
});
