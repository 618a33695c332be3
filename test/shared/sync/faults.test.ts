import { describe, expect, it, onTestFinished } from 'vitest';
import { OWNER_TOKEN } from '../../support/instance';
import { startFaultProxy, type Fault, type FaultProxy } from '../../support/fault-proxy';
import {
  addRemote,
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

const TYPES = 'post.note,post.article,post.bookmark,post.quotation';

interface WirePost {
  guid: string;
  text: string;
  attributes: { pin: string; starred: boolean };
}

/**
 * Each case twice: with the remote read as this project (its extensions), and with the remote answering as
 * matigo/streams does (the proxy's `reference` mode), which the desk reads with the spec alone, walking its
 * timelines from the newest post. The same faults against the real streams server: test/interop/streams.
 */
describe.each([
  { as: 'this project', reference: false },
  { as: 'matigo/streams', reference: true },
])('syncing through a remote that fails in every way a network can, answering as $as', ({ reference }) => {
  let remote: ServedInstance;
  let proxy: FaultProxy;
  let desktop: DesktopInstance;
  let remoteGuid: string;

  async function setUp() {
    remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    proxy = await startFaultProxy(remote.url, { reference });
    onTestFinished(async () => {
      await proxy.close();
      expect(proxy.seen.filter((line) => line.startsWith('OPTIONS'))).toEqual([]);
    });
    desktop = await startDesktop('memory');
    onTestFinished(() => desktop.close());
    const added = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: proxy.url, token: OWNER_TOKEN },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json.data.server.extensions.includes('before')).toBe(!reference);
    remoteGuid = added.json.data.guid;
    desktop.clock.advance(60);
    // The remote's clock keeps step: like the reference, it lists a post only once its time has come, and
    // these cases are about the network, not about clocks that differ (the last case is).
    remote.clock.advance(60);
  }

  /** What one side holds: its clock is not the other's, so a post just sent may still lie ahead of it. */
  const texts = async (instance: { call: DesktopInstance['call'] }) =>
    (
      (await instance.call('GET', `/api/posts/global?count=250&types=${TYPES}&scheduled=include`)).json
        .data as WirePost[]
    ).map((p) => p.text);
  const sync = async () => (await desktop.call('POST', `/api/sync/remotes/${remoteGuid}/sync`)).json.data;
  const writeAsRemote = async (content: string) =>
    (
      await desktop.call('POST', '/api/posts/write', {
        params: { content, post_type: 'post.note', persona_guid: remote.personaGuid },
      })
    ).json.data[0] as WirePost;
  /** Both sides hold the same posts, and every post written here is on the remote exactly once. */
  async function expectAgreement(written: readonly string[]) {
    const there = await texts(remote);
    for (const text of written) expect(there.filter((t) => t === text)).toHaveLength(1);
    expect(await texts(desktop)).toEqual(there);
    expect((await sync()).pending).toBe(0);
  }

  const publishes: Pick<Fault, 'method' | 'path'> = { method: 'POST', path: /^\/api\/posts\/write$/ };

  it.each(['cut-before', 'cut-after'] as const)(
    'publishes exactly once when the connection is cut %s the remote commits',
    async (kind) => {
      await setUp();
      await writeAsRemote(`Cut ${kind}`);
      proxy.inject({ kind, ...publishes });
      const status = await sync();
      expect(status).toMatchObject({ pending: 0, attention: [] });
      await expectAgreement([`Cut ${kind}`]);
    },
  );

  it('publishes exactly once when the answer never comes and the client times out', async () => {
    await setUp();
    await writeAsRemote('Answer lost');
    proxy.inject({ kind: 'hang-after', ...publishes });
    const first = await sync();
    expect(first.last_error).toMatch(/No answer .* within/);
    // Pulling found the remote's copy of the post, and the post took it: shown once, never sent again.
    expect(first.pending).toBe(0);
    expect(await texts(desktop)).toEqual(['Answer lost']);
    // The person asks again: the engine looks for the copy the remote made instead of sending twice.
    await expectAgreement(['Answer lost']);
  });

  it('publishes exactly once when a slow request lands after the client gave up', async () => {
    await setUp();
    await writeAsRemote('Slow remote');
    proxy.inject({ kind: 'slow', ms: 2_500, ...publishes });
    expect((await sync()).pending).toBe(1);
    // Backing off: the scheduler does not retry before the delay has passed.
    expect(await desktop.engine.dueRemotes()).toEqual([]);
    // The slow request lands on the remote; the desk's own clock then passes the backing-off delay.
    await proxy.settled();
    desktop.clock.advance(30);
    expect(await desktop.engine.dueRemotes()).toEqual([remoteGuid]);
    await expectAgreement(['Slow remote']);
  });

  it('does not send a timed-out publish again while it may still land, even when the person asks to sync now', async () => {
    await setUp();
    await writeAsRemote('Still on its way');
    proxy.inject({ kind: 'slow', ms: 2_500, ...publishes });
    expect((await sync()).pending).toBe(1);
    // Sync now, at once: the first request has not landed yet.
    expect((await sync()).pending).toBe(1);
    await proxy.settled();
    // Once the wait is over, the copy that landed is found and taken, not sent again.
    desktop.clock.advance(30);
    await expectAgreement(['Still on its way']);
  });

  it('keeps items through 500s and a refused token, and sends them once things heal', async () => {
    await setUp();
    const post = await writeAsRemote('Through the storm');
    proxy.inject({ kind: 'status-500', ...publishes });
    const failed = await sync();
    expect(failed.pending).toBe(1);
    expect(failed.last_error).toMatch(/500|Injected failure/);

    proxy.inject({ kind: 'login-text', ...publishes });
    const refused = await sync();
    expect(refused).toMatchObject({ pending: 1, last_error: 'The remote refused the token: sign in again' });

    expect((await sync()).last_error).toBe(false);
    await expectAgreement(['Through the storm']);
    expect((await texts(desktop)).length).toBe(1);
    // The local post now carries the remote's GUID.
    const there = (await remote.call('GET', `/api/posts/global?types=${TYPES}&scheduled=include`)).json
      .data as WirePost[];
    expect(there[0]?.guid).not.toBe(post.guid);
    expect((await desktop.call('GET', `/api/posts/${there[0]?.guid}`)).status).toBe(200);
  });

  it('is not fooled by pages that repeat posts', async () => {
    await setUp();
    for (let i = 0; i < 5; i++) {
      remote.clock.advance(1);
      await remote.call('POST', '/api/posts/write', {
        params: { content: `Remote post ${i}`, post_type: 'post.note' },
      });
    }
    proxy.inject({ kind: 'repeat-page', method: 'GET', path: /^\/api\/posts\/global/, times: 3 });
    await sync();
    expect(await texts(desktop)).toEqual([
      'Remote post 4',
      'Remote post 3',
      'Remote post 2',
      'Remote post 1',
      'Remote post 0',
    ]);
  });

  it('does not duplicate a post whose host was killed after sending it and before storing the answer', async () => {
    await setUp();
    const post = await writeAsRemote('Sent, then the lights went out');
    // What a kill leaves behind: the attempt was counted before sending; the remote made its copy;
    // the answer never reached the store.
    await desktop.db.outbox.toCollection().modify({ attempts: 1 });
    await remote.call('POST', '/api/posts/write', {
      params: { content: post.text, post_type: 'post.note', publish_at: String(desktop.clock.now() / 1000) },
    });
    const after = await sync();
    expect(after).toMatchObject({ pending: 0, attention: [] });
    await expectAgreement(['Sent, then the lights went out']);
  });

  it('pulls every post when the remote clock is ten minutes ahead', async () => {
    await setUp();
    remote.clock.advance(600);
    await remote.call('POST', '/api/posts/write', {
      params: { content: 'From the future clock', post_type: 'post.note' },
    });
    await sync();
    remote.clock.advance(5);
    await remote.call('POST', '/api/posts/write', {
      params: { content: 'Five seconds later', post_type: 'post.note' },
    });
    desktop.clock.advance(60);
    await sync();
    expect(await texts(desktop)).toEqual(['Five seconds later', 'From the future clock']);
  });
});

describe('a remote whose token was sealed by another secret box', () => {
  it('says to add the remote again instead of failing', async () => {
    const remote = await startServedInstance('memory');
    const desktop = await startDesktop('memory');
    try {
      const added = await desktop.call('POST', '/api/sync/remotes', {
        params: { base_url: remote.url, token: OWNER_TOKEN },
      });
      // What the desktop's keychain sealed, as a headless host serving the same folder finds it.
      await desktop.db.remotes.toCollection().modify({ sealedToken: 'djEwAAAAencryptedbythekeychain' });
      const status = await desktop.call('POST', `/api/sync/remotes/${added.json.data.guid}/sync`);
      expect(status.status).toBe(200);
      expect(status.json.data.last_error).toBe('The token for this remote cannot be read here: add the remote again');
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });

  it('refuses to open a post from it, noting the same words as a failed cycle', async () => {
    const remote = await startServedInstance('memory');
    const desktop = await startDesktop('memory');
    try {
      const post = (
        await remote.call('POST', '/api/posts/write', { params: { content: 'Written there', post_type: 'post.note' } })
      ).json.data[0];
      const guid = (await addRemote(desktop, remote)).guid;
      await desktop.call('POST', `/api/sync/remotes/${guid}/sync`);
      await desktop.db.remotes.toCollection().modify({ sealedToken: 'djEwAAAAencryptedbythekeychain' });
      const opened = await desktop.call('POST', `/api/sync/posts/${post.guid}/refresh`);
      expect([opened.status, opened.json.meta.text]).toEqual([409, 'The Remote Instance Refused the Sign-In']);
      expect(await desktop.db.remotes.get(guid)).toMatchObject({
        failedCycles: 1,
        lastError: 'The token for this remote cannot be read here: add the remote again',
      });
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });
});
