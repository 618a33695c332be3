// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccount } from '../../src-renderer/state/account';
import { usePosts } from '../../src-renderer/state/posts';
import { setPin, toggleStar } from '../../src-renderer/state/post-marks';
import { timelineKey, ALL_TYPES, type TimelineSpec } from '../../src-renderer/state/timeline-spec';
import { loadMore, markSeen, openTimeline, pollTimeline, showPublished } from '../../src-renderer/state/timeline-posts';
import { POLL_MS, useTimelines } from '../../src-renderer/state/timelines';
import { useToasts } from '../../src-renderer/state/toasts';
import { clients, useSession } from '../../src-renderer/state/session';
import type { TestInstance } from '../support/instance';
import { connectedInstance, fakePost } from './support';

/** Wait until the store has settled (the stores fire their requests without awaiting in `open`). */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  await vi.waitFor(() => expect(check(), 'the stores did not settle').toBe(true), { timeout: ms, interval: 5 });
}

describe('the stores, against the real service in-process', () => {
  let instance: TestInstance;
  beforeEach(async () => {
    localStorage.clear();
    instance = await connectedInstance();
    usePosts.setState({ byGuid: {} });
    useTimelines.setState({ byKey: {}, places: {} });
    useToasts.setState({ toasts: [] });
    await useAccount.getState().load();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await instance.close();
  });

  const unixNow = () => Math.floor(instance.clock.now() / 1000);
  const write = async (content: string) => {
    const answer = await instance.call('POST', '/api/posts/write', { params: { content, post_type: 'post.note' } });
    return answer.json.data[0].guid as string;
  };

  it('loads the account: profile, Personas, Channels, and the first Persona as the current one', () => {
    const { profile, personas, channels, currentGuid } = useAccount.getState();
    expect(profile?.type).toBe('account.owner');
    expect(personas.map((p) => p.guid)).toEqual([instance.personaGuid]);
    expect(channels.map((c) => c.guid)).toEqual([instance.channelGuid]);
    expect(currentGuid).toBe(instance.personaGuid);
  });

  it('opens a timeline, puts new posts on top, and counts those that came while the person was scrolled down', async () => {
    // The instance's clock is ahead of the machine's: the page must see its posts as published already.
    vi.setSystemTime(2_000_000_000_000);
    const firstPost = await write('first post');
    const spec: TimelineSpec = { kind: 'home', persona: instance.personaGuid, types: ALL_TYPES };
    const key = openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    const state = () => useTimelines.getState().byKey[key];
    expect(state()?.guids).toHaveLength(1);
    // Never looked at before: what was there at the first look counts as seen.
    expect(state()?.seen).toEqual({ unix: unixNow(), guid: firstPost });

    instance.clock.advance(5);
    const newer = await write('arrived later');
    await pollTimeline(key, false);
    expect(state()?.guids[0]).toBe(newer);
    expect(state()?.fresh).toEqual([newer]);
    useTimelines.getState().clearFresh(key);
    expect(state()?.fresh).toEqual([]);

    instance.clock.advance(5);
    const atTop = await write('arrived while on top');
    await pollTimeline(key, true);
    expect(state()?.guids.slice(0, 2)).toEqual([atTop, newer]);
    expect(state()?.fresh).toEqual([]);
  });

  it('remembers per timeline what the person saw when they left, and marks from there when it is opened again', async () => {
    vi.setSystemTime(2_000_000_000_000);
    const first = await write('seen before leaving');
    const spec: TimelineSpec = { kind: 'global', persona: null, types: ALL_TYPES };
    const key = openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    markSeen(key);
    const seenAt = unixNow();
    expect(JSON.parse(localStorage.getItem('desk.seen.v1') ?? '{}')).toEqual({ [key]: { unix: seenAt, guid: first } });

    instance.clock.advance(60);
    const later = await write('written while away');
    // Away for longer than a poll: the newest posts are read again on return.
    vi.setSystemTime(2_000_000_000_000 + POLL_MS);
    openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.guids[0] === later);
    expect(useTimelines.getState().byKey[key]).toMatchObject({
      seen: { unix: seenAt, guid: first },
      guids: [later, first],
    });

    // What the person writes themselves is no news to them.
    markSeen(key);
    vi.setSystemTime(2_000_000_000_000 + 2 * POLL_MS);
    openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.seen?.guid === later);
    instance.clock.advance(5);
    const own = await clients().instance.write({ content: 'my own', post_type: 'post.note' });
    showPublished(own);
    expect(useTimelines.getState().byKey[key]?.seen).toEqual({ unix: own.publish_unix, guid: own.guid });
  });

  it('on return reads nothing within a poll of the last reading; later it counts what came while the person was further down', async () => {
    vi.setSystemTime(2_000_000_000_000);
    const first = await write('there before leaving');
    const spec: TimelineSpec = { kind: 'global', persona: null, types: ALL_TYPES };
    const key = openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    // The person leaves from a place further down (a post opened from the list).
    useTimelines.getState().leave(key, { anchor: { guid: first, into: 12 }, sizes: [] });
    instance.clock.advance(5);
    const later = await write('written while away');

    const reads = vi.spyOn(clients().desk, 'timeline');
    vi.setSystemTime(2_000_000_000_000 + POLL_MS - 1);
    openTimeline(spec);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).not.toHaveBeenCalled();
    expect(useTimelines.getState().byKey[key]?.guids).toEqual([first]);

    vi.setSystemTime(2_000_000_000_000 + POLL_MS);
    openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.guids[0] === later);
    // Not on top: what came is counted as waiting above, for the "new posts above" button.
    expect(useTimelines.getState().byKey[key]?.fresh).toEqual([later]);
  });

  it('pages older posts with `before`, without repeating or skipping one of many in the same second', async () => {
    for (let i = 0; i < 45; i++) await write(`same second ${i}`);
    const key = openTimeline({ kind: 'global', persona: null, types: ALL_TYPES });
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    await loadMore(key);
    const guids = useTimelines.getState().byKey[key]?.guids ?? [];
    expect(guids).toHaveLength(45);
    expect(new Set(guids).size).toBe(45);
    expect(useTimelines.getState().byKey[key]?.end).toBe(true);
  });

  it('searches every post type: an article by a word of its title, paged with before; a refused search shows why', async () => {
    const article = await instance.call('POST', '/api/posts/write', {
      params: { post_type: 'post.article', title: 'Notes on the lighthouse', content: 'Tall and white' },
    });
    const articleGuid = article.json.data[0].guid as string;
    for (let i = 0; i < 44; i++) await write(`lighthouse keeper ${i}`);
    const spec: TimelineSpec = {
      kind: 'search',
      persona: instance.personaGuid,
      filter: 'Lighthouse',
      types: ['post.note'],
    };
    const key = openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    await loadMore(key);
    const guids = useTimelines.getState().byKey[key]?.guids ?? [];
    expect(guids).toHaveLength(45);
    expect(new Set(guids).size).toBe(45);
    // The type filter of the other screens does not narrow a search.
    expect(guids).toContain(articleGuid);

    const byTitle = openTimeline({ ...spec, filter: 'notes' });
    await until(() => useTimelines.getState().byKey[byTitle]?.status === 'ready');
    expect(useTimelines.getState().byKey[byTitle]?.guids).toEqual([articleGuid]);

    const refused = openTimeline({ ...spec, filter: 'ab' });
    await until(() => useTimelines.getState().byKey[refused]?.status === 'error');
    expect(useTimelines.getState().byKey[refused]?.error).toBe('search words need at least 4 letters or digits: ab');
    // Asking the same again cannot help: the screen offers no "Try again" for it.
    expect(useTimelines.getState().byKey[refused]?.retryable).toBe(false);
  });

  it("pages a Persona's posts by author, whoever acts, and a tag's posts, and puts a new one of each on top", async () => {
    const other = (await instance.call('POST', '/api/account/personas', { params: { handle: 'other', name: 'Other' } }))
      .json.data.guid as string;
    const byOther: string[] = [];
    for (let i = 0; i < 42; i++) {
      byOther.push(
        (
          await instance.call('POST', '/api/posts/write', {
            params: { content: `note ${i}`, post_type: 'post.note', persona_guid: other, tags: i % 2 ? 'odd' : 'even' },
          })
        ).json.data[0].guid,
      );
      instance.clock.advance(1);
    }
    await write('Written by the first Persona');
    // The acting Persona is the first one: its stars show, but the author is the other.
    const spec: TimelineSpec = { kind: 'persona', persona: instance.personaGuid, author: other, types: ['post.note'] };
    const key = openTimeline(spec);
    await until(() => useTimelines.getState().byKey[key]?.status === 'ready');
    await loadMore(key);
    expect(useTimelines.getState().byKey[key]?.guids).toEqual([...byOther].reverse());

    const tagged = openTimeline({ kind: 'tag', persona: instance.personaGuid, tag: 'ODD', types: ['post.note'] });
    await until(() => useTimelines.getState().byKey[tagged]?.status === 'ready');
    expect(useTimelines.getState().byKey[tagged]?.guids).toEqual(byOther.filter((_, i) => i % 2).reverse());

    const fresh = fakePost(999, {
      persona: { ...fakePost(999).persona, guid: other },
      tags: ['Odd'],
      type: 'post.article',
    });
    showPublished(fresh);
    expect(useTimelines.getState().byKey[key]?.guids[0]).toBe(fresh.guid);
    expect(useTimelines.getState().byKey[tagged]?.guids[0]).toBe(fresh.guid);
    // Timelines of other kinds keep the keys they had (their seen marks are kept under them).
    expect(timelineKey({ kind: 'home', persona: 'p', types: ['post.note'] })).toBe('home|p|||post.note');
  });

  it('offers to try again when the instance did not answer', async () => {
    const offline: typeof globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'));
    useSession
      .getState()
      .connect({ baseUrl: 'http://desk.test', token: 'token-for-tests-0123456789', fetch: offline }, 'pasted');
    const key = openTimeline({ kind: 'global', persona: instance.personaGuid, types: ['post.note'] });
    await until(() => useTimelines.getState().byKey[key]?.status === 'error');
    expect(useTimelines.getState().byKey[key]?.error).toBe('The instance did not answer. Is it still running?');
    expect(useTimelines.getState().byKey[key]?.retryable).toBe(true);
  });

  it('stars at once and keeps the star the service confirms', async () => {
    const guid = await write('to be starred');
    const post = await clients().instance.post(guid);
    if (!post) throw new Error('the post was not written');
    usePosts.getState().put([post]);
    const starring = toggleStar(guid);
    expect(usePosts.getState().byGuid[guid]?.starred).toBe(true);
    await starring;
    expect(usePosts.getState().byGuid[guid]?.starred).toBe(true);
    const stored = await instance.call('GET', `/api/posts/${guid}`);
    expect(stored.json.data[0].attributes.starred).toBe(true);
  });

  it('rolls a star and a pin back, with a message, when the service refuses them', async () => {
    // A post the page holds but the instance does not (deleted elsewhere meanwhile).
    const gone = fakePost(1);
    usePosts.getState().put([gone]);
    const starring = toggleStar(gone.guid);
    expect(usePosts.getState().byGuid[gone.guid]?.starred).toBe(true);
    await starring;
    expect(usePosts.getState().byGuid[gone.guid]?.starred).toBe(false);
    await setPin(gone.guid, 'red');
    expect(usePosts.getState().byGuid[gone.guid]?.pin).toBe('pin.none');
    const messages = useToasts.getState().toasts.map((t) => `${t.tone}: ${t.text}`);
    expect(messages).toEqual([
      expect.stringMatching(/^error: Could not star the post: Could Not Star Post Object/),
      expect.stringMatching(/^error: Could not pin the post: Could Not Pin Post Object/),
    ]);
  });

  it('puts a post just written at the top of the open timelines that show it, and only those', async () => {
    const home = openTimeline({ kind: 'home', persona: instance.personaGuid, types: ALL_TYPES });
    const pins = openTimeline({ kind: 'pins', persona: instance.personaGuid, types: ALL_TYPES });
    await until(
      () =>
        useTimelines.getState().byKey[home]?.status === 'ready' &&
        useTimelines.getState().byKey[pins]?.status === 'ready',
    );
    const post = await clients().instance.write({ content: 'just written', post_type: 'post.note' });
    showPublished(post);
    expect(useTimelines.getState().byKey[home]?.guids).toEqual([post.guid]);
    expect(useTimelines.getState().byKey[pins]?.guids).toEqual([]);
    expect(timelineKey({ kind: 'home', persona: 'x', types: ['post.note', 'post.article'] })).toBe(
      timelineKey({ kind: 'home', persona: 'x', types: ['post.article', 'post.note'] }),
    );
  });
});
