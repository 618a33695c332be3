// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccount } from '../../src-renderer/state/account';
import { openFirstTimeline } from '../../src-renderer/state/first-timeline';
import { usePosts } from '../../src-renderer/state/posts';
import { useRoute } from '../../src-renderer/state/route';
import { useSession } from '../../src-renderer/state/session';
import { ALL_TYPES, specOf, timelineKey } from '../../src-renderer/state/timeline-spec';
import { openTimeline } from '../../src-renderer/state/timeline-posts';
import { useTimelines } from '../../src-renderer/state/timelines';
import { OWNER_TOKEN, startInstance, type TestInstance } from '../support/instance';

/**
 * What the page's entry asks for before the shell is drawn (main.tsx): the timeline of its address and the
 * account, each once, so that the screen drawn later finds them rather than asking again.
 */
describe('the first load, against the real service in-process', () => {
  let instance: TestInstance;
  let asked: string[];
  const connect = () => {
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      asked.push(new URL(request.url).pathname);
      return instance.service(request);
    };
    useSession.getState().connect({ baseUrl: 'http://desk.test', token: OWNER_TOKEN, fetch }, 'pasted');
  };
  const until = (check: () => boolean) =>
    vi.waitFor(() => expect(check(), 'the stores did not settle').toBe(true), { timeout: 3000, interval: 5 });

  beforeEach(async () => {
    localStorage.clear();
    asked = [];
    instance = await startInstance('memory');
    connect();
    usePosts.setState({ byGuid: {} });
    useTimelines.setState({ byKey: {}, places: {} });
    useAccount.setState({ profile: null, personas: [], channels: [], currentGuid: null, error: null });
  });
  afterEach(async () => {
    await instance.close();
  });

  it('reads the account once a session, whoever asks first, and again for a new session', async () => {
    await Promise.all([useAccount.getState().loadOnce(), useAccount.getState().loadOnce()]);
    await useAccount.getState().loadOnce();
    expect(asked.filter((path) => path === '/api/account/me')).toHaveLength(1);
    expect(useAccount.getState().profile).not.toBeNull();

    connect();
    await useAccount.getState().loadOnce();
    expect(asked.filter((path) => path === '/api/account/me')).toHaveLength(2);
  });

  it("opens the address's timeline, which the screen then finds without asking again", async () => {
    await instance.call('POST', '/api/posts/write', { params: { content: 'A note', post_type: 'post.note' } });
    useRoute.setState({ route: { screen: 'timeline', kind: 'global' } });
    openFirstTimeline();
    const key = timelineKey(specOf({ kind: 'global' }, null, ALL_TYPES));
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    expect(useTimelines.getState().byKey[key]?.guids).toHaveLength(1);

    // The screen, drawn later, makes its spec the same way and opens the same timeline.
    expect(openTimeline(specOf({ kind: 'global' }, 'any-persona', ALL_TYPES))).toBe(key);
    expect(asked.filter((path) => path === '/api/posts/global')).toHaveLength(1);
  });

  it("waits for the account where the address's timeline is a Persona's and no Persona is remembered", () => {
    useRoute.setState({ route: { screen: 'timeline', kind: 'home' } });
    openFirstTimeline();
    expect(useTimelines.getState().byKey).toEqual({});
    expect(asked).toEqual([]);
  });
});
