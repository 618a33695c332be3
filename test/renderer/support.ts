import { act } from '@testing-library/react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { useSession } from '../../src-renderer/state/session';
import { OWNER_TOKEN, startInstance, type TestInstance } from '../support/instance';

/** The page's stores talking to a real in-process service (fake-indexeddb store), with no socket between. */
export async function connectedInstance(): Promise<TestInstance> {
  const instance = await startInstance('memory');
  const fetch: typeof globalThis.fetch = async (input, init) => instance.service(new Request(input, init));
  useSession.getState().connect({ baseUrl: 'http://desk.test', token: OWNER_TOKEN, fetch }, 'pasted');
  return instance;
}

/**
 * Runs a synchronous change (an event, a store update) in act() the way an async callback would: React
 * waits for the returned promise and lets the work the change started settle before it flushes updates.
 */
export function actSettled(change: () => void): Promise<void> {
  return act(() => {
    change();
    return Promise.resolve();
  });
}

/** A post as the client reads it, for tests that need many without a service. */
export function fakePost(n: number, init: Partial<RemotePost> = {}): RemotePost {
  const guid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    guid,
    id: null,
    type: 'post.note',
    privacy: 'visibility.public',
    canonical_url: `http://desk.test/posts/${guid}`,
    reply_to: null,
    title: null,
    text: `Post number ${n}`,
    content: `<p>Post number ${n}</p>`,
    tags: [],
    mentions: [],
    persona: { guid: 'p', as: 'me', name: 'Me', avatar: '', profile_url: '', id: null },
    publish_unix: 1_800_000_000 - n,
    expires_unix: null,
    updated_unix: 1_800_000_000 - n,
    channel_guid: null,
    parent_guid: null,
    parent_id: null,
    pin: 'pin.none',
    starred: false,
    reposted: null,
    remote_url: null,
    created_unix: null,
    repost_of: null,
    original: null,
    source: null,
    geo: null,
    ...init,
  };
}

/** A remote's status as `GET /api/sync/remotes` gives it: synced, nothing waiting, unless `change` says. */
export function fakeRemoteStatus(change: Partial<RemoteStatusAnswer> = {}): RemoteStatusAnswer {
  return {
    guid: 'r',
    base_url: 'https://remote.example',
    interface: 'instance',
    server: {
      software: 'Publishing Desk 0.1.0',
      kinds: ['post.note', 'post.article', 'post.bookmark', 'post.quotation'],
      extensions: [],
    },
    account: 'a11ce000-0000-4000-8000-000000000001',
    personas: [],
    channels: [],
    poll_seconds: 60,
    syncing: false,
    last_pull_unix: 1000,
    last_push_unix: false,
    pending: 0,
    waiting: [],
    attention: [],
    conflicts: [],
    last_error: false,
    last_error_unix: false,
    last_error_kind: false,
    failing_since_unix: false,
    next_try_unix: 1060,
    progress: false,
    last_cycle: false,
    ...change,
  };
}
