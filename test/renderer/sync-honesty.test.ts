// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncMarker } from '../../src-renderer/components/SyncMarker';
import { SyncStatus } from '../../src-renderer/components/SyncStatus';
import RemotesScreen from '../../src-renderer/screens/RemotesScreen';
import { useSession } from '../../src-renderer/state/session';
import { useSync } from '../../src-renderer/state/sync';
import { readRemotes, syncOne } from '../../src-renderer/state/sync-actions';
import { useUnsent, wroteLocally } from '../../src-renderer/state/unsent';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { fakePost, fakeRemoteStatus } from './support';

const REMOTE = '00000000-0000-4000-8000-0000000000aa';

const remote = (change: Partial<RemoteStatusAnswer>): RemoteStatusAnswer =>
  fakeRemoteStatus({ guid: REMOTE, personas: [{ guid: 'p', as: 'me', name: 'Me' }], ...change });

/** An instance whose sync answers when the test lets it, and whose outbox count the test sets. */
function fakeSyncHost() {
  let pending = 2;
  let syncRequests = 0;
  let finish: () => void = () => undefined;
  const envelope = (data: unknown) =>
    new Response(JSON.stringify({ meta: { code: 200 }, data }), { headers: { 'content-type': 'application/json' } });
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/sync')) {
      syncRequests += 1;
      await new Promise<void>((resolve) => (finish = resolve));
      pending = 0;
    }
    return envelope(url.pathname.endsWith('/sync') ? remote({ pending }) : [remote({ pending })]);
  };
  useSession.getState().connect({ baseUrl: 'http://desk.test', token: 'token-for-tests-0123456789', fetch }, 'pasted');
  return { finish: () => finish(), setPending: (n: number) => (pending = n), syncRequests: () => syncRequests };
}

describe('what the page says about sync', () => {
  beforeEach(() => {
    localStorage.clear();
    useUnsent.setState({ byPost: {} });
    useSync.setState({ remotes: [], syncingHere: [], syncingNow: false, available: true, loaded: false });
  });
  afterEach(() => cleanup());

  it('says "Syncing…" with what still waits while a Sync now runs, then what it came to', async () => {
    const host = fakeSyncHost();
    await readRemotes();
    const view = render(createElement(SyncStatus));
    expect(view.getByRole('listitem').textContent).toContain('2 waiting to send');
    let syncing!: Promise<void>;
    await act(async () => {
      syncing = syncOne(REMOTE);
      await Promise.resolve();
    });
    expect(view.getByRole('listitem').textContent).toContain('Syncing… · 2 waiting to send');
    // A second press while it runs starts nothing: one request to sync, not two.
    await act(async () => syncOne(REMOTE));
    expect(host.syncRequests()).toBe(1);
    await act(async () => {
      host.finish();
      await syncing;
    });
    expect(view.getByRole('listitem').textContent).not.toContain('Syncing');
    expect(view.getByRole('listitem').textContent).toContain('Up to date');
  });

  it('marks a post written here as waiting to send until its remote has sent everything, across a reload', async () => {
    useSync.setState({ remotes: [remote({ pending: 1 })] });
    const post = fakePost(1);
    wroteLocally(post, useSync.getState().remotes);
    wroteLocally(fakePost(2, { persona: { ...post.persona, guid: 'not-linked' } }), useSync.getState().remotes);
    expect(Object.keys(JSON.parse(localStorage.getItem('desk.unsent.v1') ?? '{}'))).toEqual([post.guid]);
    const view = render(createElement(SyncMarker, { guid: post.guid }));
    expect(view.getByText('Waiting to send')).toBeTruthy();

    const host = fakeSyncHost();
    host.setPending(0);
    await act(async () => readRemotes());
    expect(view.queryByText('Waiting to send')).toBeNull();
    expect(useUnsent.getState().byPost).toEqual({});
  });

  it('marks any post the instance lists as waiting, whoever changed it and from where', () => {
    const starred = fakePost(5);
    const other = fakePost(6);
    useSync.setState({ remotes: [remote({ pending: 1, waiting: [{ seq: 9, op: 'star', post_guid: starred.guid }] })] });
    expect(render(createElement(SyncMarker, { guid: starred.guid })).getByText('Waiting to send').title).toBe(
      'remote.example has not received it yet.',
    );
    cleanup();
    expect(render(createElement(SyncMarker, { guid: other.guid })).queryByText('Waiting to send')).toBeNull();
  });

  it('shows a remote the instance answers with `false` for its last sync, error and server as never synced, with no error', async () => {
    const never = remote({
      server: false,
      last_pull_unix: false,
      last_push_unix: false,
      last_error: false,
      last_error_unix: false,
    });
    const fetch: typeof globalThis.fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ meta: { code: 200 }, data: [never] }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    useSession
      .getState()
      .connect({ baseUrl: 'http://desk.test', token: 'token-for-tests-0123456789', fetch }, 'pasted');
    const view = render(createElement(RemotesScreen));
    const card = await waitFor(() => view.getByRole('heading', { name: 'remote.example' }).closest('li'));
    expect(card?.querySelector('.sync-line')?.className).toContain('sync-never');
    expect(card?.textContent).toContain('Not synced yet');
    expect(card?.textContent).toContain('instance interface');
    expect(card?.textContent).not.toContain('Needs attention');
    expect(card?.textContent).not.toContain('false');
    expect(view.queryByRole('alert')).toBeNull();
  });

  it('marks a post whose change a remote stopped, with the remote and its reason', () => {
    const post = fakePost(3);
    useSync.setState({
      remotes: [
        remote({ attention: [{ seq: 4, op: 'publish', post_guid: post.guid, reason: 'bookmarks cannot go there' }] }),
      ],
    });
    const view = render(createElement(SyncMarker, { guid: post.guid }));
    expect(view.getByRole('note').textContent).toBe('Needs attention: remote.example: bookmarks cannot go there');
  });
});
