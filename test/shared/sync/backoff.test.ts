import { describe, expect, it, onTestFinished } from 'vitest';
import { createSyncEngine, type SyncEngine } from '../../../src-shared/sync/engine';
import { plainSecretBox } from '../../../src-shared/sync/secret-box';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { OWNER_TOKEN } from '../../support/instance';
import {
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

describe('a remote that keeps failing', () => {
  let remote: ServedInstance;
  let proxy: FaultProxy;
  let desktop: DesktopInstance;

  it('is polled half as often after each failed cycle, still after a restart, and as usual after a good one', async () => {
    remote = await startServedInstance('sqlite');
    onTestFinished(() => remote.stop());
    proxy = await startFaultProxy(remote.url);
    onTestFinished(() => proxy.close());
    desktop = await startDesktop('sqlite');
    onTestFinished(() => desktop.close());
    const added = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: proxy.url, token: OWNER_TOKEN, poll_seconds: '60' },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const guid: string = added.json.data.guid;
    const row = async () => desktop.db.remotes.get(guid);
    /** The next cycle's first request is answered 500. */
    const failNext = () => proxy.inject({ kind: 'status-500', method: 'GET', path: /./ });
    /** Due at exactly `seconds` from now, not a second before. */
    const expectDueIn = async (engine: SyncEngine, seconds: number) => {
      desktop.clock.advance(seconds - 1);
      expect(await engine.dueRemotes()).toEqual([]);
      desktop.clock.advance(1);
      expect(await engine.dueRemotes()).toEqual([guid]);
    };

    failNext();
    await desktop.engine.runScheduled(guid);
    expect(await row()).toMatchObject({ failedCycles: 1, lastError: expect.stringMatching(/500|Injected/) });
    await expectDueIn(desktop.engine, 120);
    failNext();
    await desktop.engine.runScheduled(guid);
    await expectDueIn(desktop.engine, 240);

    // Started again on the same store: it tries at once, and a failure then waits as long as the count says.
    const restarted = createSyncEngine({
      db: desktop.db,
      box: plainSecretBox,
      now: () => Math.floor(desktop.clock.now() / 1000),
      timeoutMs: 2_000,
    });
    expect(await restarted.dueRemotes()).toEqual([guid]);
    failNext();
    await restarted.runScheduled(guid);
    expect((await row())?.failedCycles).toBe(3);
    await expectDueIn(restarted, 480);

    // A good cycle: back to the remote's own interval, and the failure is no longer shown.
    await restarted.runScheduled(guid);
    expect(await row()).toMatchObject({ failedCycles: 0, lastError: null });
    await expectDueIn(restarted, 60);
  });
});
