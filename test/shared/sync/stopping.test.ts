import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createSyncEngine, type SyncEngine } from '../../../src-shared/sync/engine';
import { plainSecretBox } from '../../../src-shared/sync/secret-box';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { OWNER_TOKEN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { startServedInstance, type ServedInstance } from '../../support/sync-instances';

/** How long the desk waits for one answer of the remote: far longer than stopping may take. */
const TIMEOUT_MS = 60_000;
/** The bound on stopping with a request out: the grace the engine gives (2 s), and room for a loaded machine. */
const STOPS_WITHIN_MS = 10_000;
const FIRST_PAGE = /^\/api\/posts\/global\?/;
const PUBLISH = /^\/api\/posts\/write$/;

interface WirePost {
  guid: string;
  text: string;
}

/**
 * Stopping the sync engine (an instance shutting down) while a remote is slow to answer: it returns well
 * before the request would time out, and what it leaves is whole, so that the next start syncs with
 * nothing lost or sent twice.
 */
describe('a sync engine stopped while a remote is slow to answer', () => {
  let remote: ServedInstance;
  let proxy: FaultProxy;
  let desk: TestInstance;
  let remoteGuid: string;

  /** An engine on the desk's store, as an instance starting with it makes one. */
  const engineOf = ({ db, clock }: Pick<TestInstance, 'db' | 'clock'>): SyncEngine =>
    createSyncEngine({ db, box: plainSecretBox, now: () => Math.floor(clock.now() / 1000), timeoutMs: TIMEOUT_MS });

  async function setUp() {
    remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    proxy = await startFaultProxy(remote.url);
    onTestFinished(() => proxy.close());
    let engine: SyncEngine | undefined;
    desk = await startInstance('sqlite', undefined, { sync: (db, clock) => (engine = engineOf({ db, clock })) });
    onTestFinished(() => desk.close());
    if (!engine) throw new Error('the sync engine was not built');
    for (const content of ['First on the remote', 'Second on the remote', 'Third on the remote'])
      await writePost(remote, { content });
    const added = await desk.call('POST', '/api/sync/remotes', { params: { base_url: proxy.url, token: OWNER_TOKEN } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    remoteGuid = added.json.data.guid;
    // Written here, offline, as the remote's Persona: it waits in the outbox.
    const written = await desk.call('POST', '/api/posts/write', {
      params: { content: 'Written at the desk', post_type: 'post.note', persona_guid: remote.personaGuid },
    });
    expect(written.status).toBe(200);
    return engine;
  }

  /** A request that reaches the remote only once the test releases it: a remote slow to answer. */
  function hold(method: string, path: RegExp) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    proxy.inject({ kind: 'held', method, path, until: released });
    const underWay = () =>
      vi.waitFor(
        () =>
          expect(
            proxy.seen.some((line) => line.startsWith(`${method} `) && path.test(line.slice(method.length + 1))),
          ).toBe(true),
        { timeout: 10_000, interval: 20 },
      );
    return { release, underWay };
  }

  /** Stops the engine; answers how long it took. */
  async function timedStop(engine: SyncEngine): Promise<number> {
    const started = performance.now();
    await engine.stop();
    return performance.now() - started;
  }

  const texts = async (instance: { call: TestInstance['call'] }) =>
    ((await instance.call('GET', '/api/posts/global?count=100&scheduled=include')).json.data as WirePost[])
      .map((p) => p.text)
      .sort();

  /** Both sides hold the same posts, each once. */
  async function expectAgreement() {
    const expected = ['First on the remote', 'Second on the remote', 'Third on the remote', 'Written at the desk'];
    expect(await texts(remote)).toEqual(expected);
    expect(await texts(desk)).toEqual(expected);
  }

  it('stops mid-pull at once, stores no part of the page, and the next start reads it', async () => {
    const engine = await setUp();
    const page = hold('GET', FIRST_PAGE);
    const cycle = engine.syncRemote(remoteGuid);
    await page.underWay();

    expect(await timedStop(engine)).toBeLessThan(STOPS_WITHIN_MS);
    const status = await cycle;
    // The outbox went first; the pull was cut short: nothing of the page, no cursor moved, no failure noted.
    expect(status).toMatchObject({
      syncing: false,
      pending: 0,
      lastPull: null,
      lastError: null,
      lastCycle: { sent: 1, stored: 0, ok: false },
    });
    expect(
      await desk.db.posts.filter((p) => p.remoteGuid === remoteGuid && p.text.endsWith('on the remote')).count(),
    ).toBe(0);
    expect(await desk.db.cursors.count()).toBe(0);
    page.release();
    await proxy.settled();

    // A stopped engine starts nothing more; the next start does.
    await engine.runScheduled(remoteGuid);
    expect(proxy.seen.filter((line) => FIRST_PAGE.test(line.slice(4)))).toHaveLength(1);
    const restarted = await engineOf(desk).syncRemote(remoteGuid);
    expect(restarted).toMatchObject({ pending: 0, lastError: null, lastCycle: { ok: true } });
    await expectAgreement();
  });

  it('stops mid-send at once, and the post it was sending reaches the remote exactly once', async () => {
    const engine = await setUp();
    const send = hold('POST', PUBLISH);
    const cycle = engine.syncRemote(remoteGuid);
    await send.underWay();

    expect(await timedStop(engine)).toBeLessThan(STOPS_WITHIN_MS);
    const status = await cycle;
    expect(status).toMatchObject({ pending: 1, lastError: null, lastCycle: { sent: 0, ok: false } });
    // The slow remote takes the post after the desk stopped waiting for it.
    send.release();
    await proxy.settled();
    expect(await texts(remote)).toContain('Written at the desk');

    // A request cut off may still land: the item is not sent again while it may, and the next start's pull
    // finds the remote's copy, which the post takes.
    const item = await desk.db.outbox.toCollection().first();
    expect(item).toMatchObject({
      uncertain: 1,
      attempts: 1,
      inFlightUntilUnix: Math.floor(desk.clock.now() / 1000) + (4 * TIMEOUT_MS) / 1000,
    });
    expect(await engineOf(desk).syncRemote(remoteGuid)).toMatchObject({
      pending: 0,
      attention: [],
      lastError: null,
      lastCycle: { ok: true },
    });
    expect(proxy.seen.filter((line) => PUBLISH.test(line.slice(5)))).toHaveLength(1);
    await expectAgreement();
  });

  it('cuts the cycle of a remote being removed short, and removes it at once', async () => {
    const engine = await setUp();
    const page = hold('GET', FIRST_PAGE);
    const cycle = engine.syncRemote(remoteGuid);
    await page.underWay();

    const started = performance.now();
    const removed = await desk.call('DELETE', `/api/sync/remotes/${remoteGuid}`);
    expect(performance.now() - started).toBeLessThan(STOPS_WITHIN_MS);
    expect(removed.json.data).toEqual({ remote_guid: remoteGuid, removed: true });
    await cycle.catch(() => undefined);
    expect(await desk.db.remotes.count()).toBe(0);
    expect(await desk.db.cursors.count()).toBe(0);
    page.release();
    await proxy.settled();
  });
});
