import { describe, expect, it, onTestFinished } from 'vitest';
import { EXCHANGE_EVERY_SECONDS } from '../../../src-shared/sync/reading-places';
import { OWNER_TOKEN } from '../../support/instance';
import { startDesktop, startServedInstance } from '../../support/sync-instances';

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
    // The remote's clock is the test's: the second post a second later stands above the first.
    remote.clock.advance(1);
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

  it('follow the person from one desk to another through the instance both sync with', async () => {
    const home = await startServedInstance('sqlite');
    onTestFinished(() => home.stop());
    const [laptop, desktop] = [await startDesktop('sqlite'), await startDesktop('sqlite')];
    onTestFinished(async () => {
      await Promise.all([laptop.close(), desktop.close()]);
    });
    const link = async (desk: typeof laptop) => {
      const added = await desk.call('POST', '/api/sync/remotes', {
        params: { base_url: home.url, token: OWNER_TOKEN },
      });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      return { guid: added.json.data.guid as string, persona: added.json.data.personas[0].guid as string };
    };
    const onLaptop = await link(laptop);
    const onDesktop = await link(desktop);
    const timeline = `home:${onLaptop.persona}`;
    const posts: string[] = [];
    for (const n of [1, 2, 3]) {
      home.clock.advance(1);
      posts.push(
        (await home.call('POST', '/api/posts/write', { params: { content: `Post ${n}`, post_type: 'post.note' } })).json
          .data[0].guid as string,
      );
    }
    await laptop.engine.runScheduled(onLaptop.guid);
    await desktop.engine.runScheduled(onDesktop.guid);

    // Read up to the second post on the laptop; its next poll tells the instance.
    const moved = await laptop.call('POST', '/api/markers', {
      params: { timeline, post_guid: posts[1] ?? '', version: 0 },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    await laptop.engine.runScheduled(onLaptop.guid);
    // The desktop's Sync Now brings it there.
    expect((await desktop.call('POST', `/api/sync/remotes/${onDesktop.guid}/sync`)).status).toBe(200);
    const there = (await desktop.call('GET', '/api/markers', { params: { timeline } })).json.data[timeline];
    expect(there).toMatchObject({ post_guid: posts[1] });
  });
});
