import { describe, expect, it } from 'vitest';
import { agoWords, clockWords, remoteState, syncOutcomeWords } from '../../src-renderer/state/remote-state';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { fakeRemoteStatus } from './support';

/** Noon of a day, local time: the times below stay on that day wherever the test runs. */
const NOON = new Date(2026, 10, 25, 12, 0, 0).getTime() / 1000;
const remote = (change: Partial<RemoteStatusAnswer>) =>
  fakeRemoteStatus({ last_pull_unix: NOON - 120, next_try_unix: NOON + 60, ...change });
const at = (unix: number) => clockWords(unix, NOON);

describe('the state of a remote, in words', () => {
  it('is up to date, with how long ago in words and the full time in its title', () => {
    const state = remoteState(remote({}), NOON);
    expect(state).toMatchObject({ kind: 'up-to-date', words: 'Up to date · 2 min ago' });
    expect(state.title).toMatch(/^Last synced .*2026/);
    expect(remoteState(remote({ last_pull_unix: NOON - 30 }), NOON).words).toBe('Up to date · just now');
    // Past the hour, the time itself.
    expect(remoteState(remote({ last_pull_unix: NOON - 3 * 3600 }), NOON).words).toBe(
      `Up to date · at ${at(NOON - 3 * 3600)}`,
    );
  });

  it("reads a last sync ahead of the page's clock as just now, never as a time to come", () => {
    expect(remoteState(remote({ last_pull_unix: NOON + 90 }), NOON).words).toBe('Up to date · just now');
    expect(agoWords(NOON + 5000, NOON)).toBe('just now');
  });

  it('is never synced before the first sync, whatever else is false', () => {
    const never = remote({ last_pull_unix: false, last_push_unix: false, server: false, last_cycle: false });
    expect(remoteState(never, NOON)).toMatchObject({ kind: 'never', words: 'Not synced yet' });
    expect(remoteState(never, NOON).detail.map((l) => l.text)).toContain('Never synced yet');
  });

  it('counts what waits to be sent', () => {
    expect(remoteState(remote({ pending: 3 }), NOON)).toMatchObject({ kind: 'waiting', words: '3 waiting to send' });
  });

  it('is syncing with how far the pull got, and no total, as none is known', () => {
    const started = { started_unix: NOON - 5, step: 'pull' as const, stored: 0 };
    expect(remoteState(remote({ syncing: true, progress: { ...started, read: 120 } }), NOON)).toMatchObject({
      kind: 'syncing',
      words: 'Syncing · 120 posts read so far',
    });
    expect(remoteState(remote({ syncing: true, progress: { ...started, read: 0 } }), NOON).words).toBe(
      'Syncing · reading',
    );
    expect(
      remoteState(remote({ syncing: true, pending: 2, progress: { ...started, step: 'send', read: 0 } }), NOON).words,
    ).toBe('Syncing · sending · 2 waiting to send');
    // Asked for on this page, before the instance says it runs.
    expect(remoteState(remote({ pending: 2 }), NOON, true)).toMatchObject({
      kind: 'syncing',
      words: 'Syncing… · 2 waiting to send',
    });
    const detail = remoteState(
      remote({ syncing: true, progress: { ...started, read: 1, stored: 1 } }),
      NOON,
    ).detail.map((l) => l.text);
    expect(detail[0]).toBe('Sync started just now · 1 post read, 1 new or changed here so far');
    expect(remoteState(remote({ syncing: true, progress: { ...started, read: 249 } }), NOON).detail[0]?.text).toBe(
      'Sync started just now · 249 posts read so far',
    );
  });

  it('is offline since the first failure, with the reason and the next try, and what waits', () => {
    const offline = remote({
      last_error: 'The remote cannot be reached (connection refused)',
      last_error_kind: 'offline',
      last_error_unix: NOON - 60,
      failing_since_unix: NOON - 600,
      next_try_unix: NOON + 480,
      pending: 1,
    });
    const state = remoteState(offline, NOON);
    expect(state.kind).toBe('offline');
    expect(state.words).toBe(
      `Offline since ${at(NOON - 600)} · the remote cannot be reached (connection refused) · next try at ${at(NOON + 480)} · 1 waiting to send`,
    );
    expect(state.title).toMatch(/^Failing since .*; Next try at .*/);
    expect(state.detail.map((l) => l.text)).toEqual([
      'Last synced 2 min ago',
      `Failing since ${at(NOON - 600)}`,
      'Last error 1 min ago: The remote cannot be reached (connection refused)',
      `Next try at ${at(NOON + 480)}`,
      '1 waiting to send',
    ]);
    // The next try is due: it is about to happen, not in the past.
    expect(remoteState({ ...offline, next_try_unix: NOON - 3 }, NOON).words).toContain('trying again shortly');
    // A server that answers with errors is failing, not offline: the same colour, other words.
    expect(
      remoteState({ ...offline, last_error_kind: 'server', last_error: 'Internal error (500)' }, NOON).words,
    ).toMatch(/^Failing since .* · internal error \(500\) · /);
  });

  it('needs attention when the token is refused, and for a stopped change or a conflict', () => {
    const refused = remote({
      last_error: 'The remote refused the token: sign in again',
      last_error_kind: 'auth',
      last_error_unix: NOON - 5,
      failing_since_unix: NOON - 5,
    });
    expect(remoteState(refused, NOON)).toMatchObject({
      kind: 'attention',
      words: 'Needs attention: The remote refused the token: sign in again',
    });
    expect(
      remoteState(
        remote({ attention: [{ seq: 1, op: 'publish', post_guid: 'p', reason: 'A bookmark cannot go there' }] }),
        NOON,
      ).words,
    ).toBe('Needs attention: A bookmark cannot go there');
    expect(
      remoteState(remote({ conflicts: [{ post_guid: 'p', remote_updated_unix: 1, detected_unix: 2 }] }), NOON).words,
    ).toBe('1 edited on both sides: choose a version');
  });

  it('keeps a huge error to one short line in the short form, and to its bounded words in the detail', () => {
    const huge = `Error: it broke\n  at frame (x.js:1:1)\n${'y'.repeat(10_000)}`;
    const state = remoteState(
      remote({ last_error: huge, last_error_kind: 'protocol', last_error_unix: NOON, failing_since_unix: NOON }),
      NOON,
    );
    const reason = state.words.split(' · ')[1] ?? '';
    expect(reason.length).toBe(90);
    expect(reason).toMatch(/^error: it broke at frame \(x\.js:1:1\) y+…$/);
    expect(state.words).not.toContain('\n');
  });

  it('says what a Sync now came to', () => {
    expect(
      syncOutcomeWords(
        remote({ last_cycle: { started_unix: NOON - 3, finished_unix: NOON, sent: 0, stored: 12, ok: true } }),
        'social.example',
      ),
    ).toEqual({
      ok: true,
      words: 'Up to date with social.example: 12 new or changed posts',
    });
    expect(
      syncOutcomeWords(
        remote({ last_cycle: { started_unix: NOON - 3, finished_unix: NOON, sent: 2, stored: 0, ok: true } }),
        'social.example',
      ).words,
    ).toBe('Up to date with social.example: nothing new, 2 sent');
    const unreachable = remote({
      last_cycle: { started_unix: NOON - 3, finished_unix: NOON, sent: 0, stored: 0, ok: false },
      last_error: 'The remote cannot be reached (connection refused)',
      last_error_kind: 'offline',
    });
    expect(syncOutcomeWords(unreachable, 'social.example')).toEqual({
      ok: false,
      words: 'Could not sync with social.example: the remote cannot be reached (connection refused)',
    });
    // A failed sync says what it sent, not what it did not bring.
    expect(remoteState(unreachable, NOON).detail.map((l) => l.text)).toContain('Last sync did not finish just now');
  });
});
