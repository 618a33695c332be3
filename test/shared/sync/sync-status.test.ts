import { describe, expect, it, onTestFinished } from 'vitest';
import type { RemoteStatusAnswer } from '../../../src-shared/api/sync-answers';
import { PAGE } from '../../../src-shared/sync/instance-connection';
import { addRemote, startDesktop, startServedInstance } from '../../support/sync-instances';

/** Posts on the remote: more than one page, so a first pull has a page under way to be seen at. */
const POSTS = PAGE + 11;

/**
 * What `GET /api/sync/remotes` tells a person watching a sync: how far a long first pull got while it runs,
 * what the last cycle came to, and of a remote that keeps failing, since when, why and when it is tried next.
 * A real remote over HTTP and the SQLite store.
 */
describe('the status of a remote while and after it syncs', () => {
  it('carries what a running pull has read, then what the cycle came to', async () => {
    const remote = await startServedInstance('sqlite');
    onTestFinished(() => remote.stop());
    for (let i = 1; i <= POSTS; i++) {
      const written = await remote.call('POST', '/api/posts/write', {
        params: { content: `Post ${i} of the remote`, post_type: 'post.note' },
      });
      expect(written.status).toBe(200);
    }
    // The second page of the first pull waits until the test has looked at the status.
    let secondPageAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (secondPageAsked = resolve));
    let letSecondPageGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letSecondPageGo = resolve));
    const gated: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/posts/global' && url.searchParams.has('before')) {
        secondPageAsked();
        await held;
      }
      return globalThis.fetch(input, init);
    };
    const desktop = await startDesktop('sqlite', gated);
    onTestFinished(() => desktop.close());
    const added = await addRemote(desktop, remote);
    const status = async (): Promise<RemoteStatusAnswer> =>
      (await desktop.call('GET', '/api/sync/remotes')).json.data[0];
    expect(await status()).toMatchObject({ syncing: false, progress: false, last_cycle: false, last_pull_unix: false });

    const syncing = desktop.call('POST', `/api/sync/remotes/${added.guid}/sync`);
    await asked;
    const during = await status();
    expect(during).toMatchObject({
      syncing: true,
      next_try_unix: false,
      progress: { step: 'pull', read: PAGE, stored: PAGE, started_unix: desktop.clock.now() / 1000 },
    });
    // Nothing made up: no total, as no remote says how many posts it holds.
    expect(Object.keys(during.progress)).toEqual(['started_unix', 'step', 'read', 'stored']);

    letSecondPageGo();
    const after = (await syncing).json.data as RemoteStatusAnswer;
    expect(after).toMatchObject({
      syncing: false,
      progress: false,
      last_error: false,
      last_error_kind: false,
      failing_since_unix: false,
    });
    // Every post is new here; the timeline of mentions is read too, and holds none of them.
    expect(after.last_cycle).toMatchObject({ ok: true, sent: 0, stored: POSTS });
    expect(after.next_try_unix).toBe(desktop.clock.now() / 1000 + after.poll_seconds);
  }, 120_000);

  it('says since when a remote is unreachable, why in plain words, and when it is tried next', async () => {
    const remote = await startServedInstance('sqlite');
    onTestFinished(() => remote.stop());
    const desktop = await startDesktop('sqlite');
    onTestFinished(() => desktop.close());
    const added = await addRemote(desktop, remote);
    const sync = async (): Promise<RemoteStatusAnswer> =>
      (await desktop.call('POST', `/api/sync/remotes/${added.guid}/sync`)).json.data;
    expect(await sync()).toMatchObject({ last_error: false, failing_since_unix: false, last_cycle: { ok: true } });

    await remote.pause();
    desktop.clock.advance(30);
    const firstFailure = desktop.clock.now() / 1000;
    const down = await sync();
    expect(down).toMatchObject({
      last_error: 'The remote cannot be reached (connection refused)',
      last_error_kind: 'offline',
      failing_since_unix: firstFailure,
      last_error_unix: firstFailure,
      last_cycle: { ok: false, stored: 0 },
      // One failed cycle doubles the interval (backoff.ts).
      next_try_unix: firstFailure + 2 * down.poll_seconds,
    });
    desktop.clock.advance(200);
    // Still failing: since the first failure, the last error now, and the next try further off.
    expect(await sync()).toMatchObject({
      failing_since_unix: firstFailure,
      last_error_unix: firstFailure + 200,
      next_try_unix: firstFailure + 200 + 4 * down.poll_seconds,
    });

    await remote.resume();
    desktop.clock.advance(30);
    expect(await sync()).toMatchObject({
      last_error: false,
      last_error_kind: false,
      failing_since_unix: false,
      last_cycle: { ok: true },
    });
  }, 60_000);
});
