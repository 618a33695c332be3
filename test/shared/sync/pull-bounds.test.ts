import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../../src-shared/store/sync-rows';
import { pullTimeline, type TimelineReader } from '../../../src-shared/sync/pull';
import { pullForward } from '../../../src-shared/sync/pull-forward';
import { pullWalk } from '../../../src-shared/sync/pull-walk';
import type { PulledPost } from '../../../src-shared/sync/pulled-post';
import { startInstance, type TestInstance } from '../../support/instance';
import { pulledPost, remoteIn } from '../../support/pulled';

/**
 * However a remote pages, a pull ends: a remote that ignores `until`, a second holding more posts than a
 * page, and one that answers new posts without end. Pages are handed to the puller by hand, as remotes answer.
 */
const PAGE = 3;

/** What streams answers to `until`: the newest `count` posts filed at or before it (ties in a fixed order). */
const answering = (posts: readonly PulledPost[]) => (q: { until?: number | undefined; count: number }) =>
  Promise.resolve(
    [...posts]
      .sort((a, b) => b.listedUnix - a.listedUnix || (a.guid < b.guid ? 1 : -1))
      .filter((p) => q.until === undefined || p.listedUnix <= q.until)
      .slice(0, q.count),
  );

describe('pulling from a remote that pages oddly', () => {
  let instance: TestInstance;
  let remote: RemoteRow;
  let requests: number;
  beforeEach(async () => {
    instance = await startInstance('memory');
    instance.clock.set(1_800_100_000);
    remote = await remoteIn(instance);
    requests = 0;
  });
  afterEach(async () => {
    await instance.close();
  });
  const counted =
    <Q>(read: (q: Q) => Promise<PulledPost[]>) =>
    (q: Q) => {
      requests += 1;
      return read(q);
    };
  const held = async () => (await instance.db.posts.toArray()).map((p) => p.text).sort();
  const cursor = async (timeline: 'global' | 'mentions' = 'global') => instance.db.cursors.get([remote.guid, timeline]);
  const walk = (read: (q: { until?: number | undefined; count: number }) => Promise<PulledPost[]>, maxPages?: number) =>
    pullWalk(instance.db, {
      remote,
      timeline: 'global',
      read: counted(read),
      pageSize: PAGE,
      now: () => 1_800_100_000,
      ...(maxPages ? { maxPages } : {}),
    });

  it('walks a remote that pages with until to its first post, and then only to the cursor', async () => {
    const posts = Array.from({ length: 10 }, (_, i) => pulledPost(i * 100));
    await walk(answering(posts));
    expect(await held()).toHaveLength(10);
    expect(await cursor()).toMatchObject({ sinceUnix: 1_800_000_900, paging: null });
    requests = 0;
    await walk(answering([...posts, pulledPost(1_000)]));
    expect(await held()).toHaveLength(11);
    expect(requests).toBe(1);
  });

  it('ends the walk of a remote that ignores until, with what it answers, instead of asking for ever', async () => {
    const posts = Array.from({ length: 10 }, (_, i) => pulledPost(i));
    const newest = answering(posts);
    await walk((q) => newest({ count: q.count }));
    expect(requests).toBeLessThanOrEqual(3);
    expect(await held()).toEqual(['Post 7', 'Post 8', 'Post 9']);
    expect(await cursor()).toMatchObject({ paging: null });
  });

  it('steps past a second that holds more posts than a page, and goes on to the older ones', async () => {
    const crowded = Array.from({ length: 5 }, (_, i) =>
      pulledPost(50 + i, { publishUnix: 1_800_000_100, updatedUnix: 1_800_000_100, listedUnix: 1_800_000_100 }),
    );
    const older = [pulledPost(10), pulledPost(20), pulledPost(30)];
    await walk(answering([...crowded, ...older]));
    // Three posts of that second reach this page size; without a position within a second, the rest cannot.
    expect((await held()).filter((t) => ['Post 10', 'Post 20', 'Post 30'].includes(t))).toHaveLength(3);
    expect(await held()).toHaveLength(6);
    expect(await cursor()).toMatchObject({ paging: null });
  });

  it('stops a pull at its page limit where a remote answers new posts without end, and goes on from there next time', async () => {
    let made = 0;
    const endless = (q: { until?: number | undefined; count: number }) => {
      const top = q.until ?? 1_800_010_000;
      return Promise.resolve(
        Array.from({ length: q.count }, (_, i) =>
          pulledPost(5_000 + made++, { listedUnix: top - i, publishUnix: top - i, updatedUnix: top - i }),
        ),
      );
    };
    await walk(endless, 4);
    expect(requests).toBe(4);
    const stopped = await cursor();
    expect(stopped?.paging).not.toBeNull();
    requests = 0;
    await walk(endless, 4);
    expect(requests).toBe(4);
    expect((await cursor())?.paging?.untilUnix).toBeLessThan(stopped?.paging?.untilUnix ?? 0);
  });

  it('stops between pages once its signal is aborted, with its place kept, and the next pull goes on from there', async () => {
    const posts = Array.from({ length: 10 }, (_, i) => pulledPost(i * 100));
    const asked: (number | undefined)[] = [];
    const read = (q: { until?: number | undefined; count: number }) => {
      asked.push(q.until);
      return answering(posts)(q);
    };
    const stop = new AbortController();
    const pulled = pullWalk(instance.db, {
      remote,
      timeline: 'global',
      read,
      pageSize: PAGE,
      now: () => 1_800_100_000,
      onStored: () => stop.abort(),
      signal: stop.signal,
    });
    await expect(pulled).rejects.toThrow(/abort/);
    expect(asked).toEqual([undefined]);
    expect(await held()).toEqual(['Post 700', 'Post 800', 'Post 900']);

    await walk(read);
    expect(asked[1]).toBe(1_800_000_700);
    expect(await held()).toHaveLength(10);
    expect(await cursor()).toMatchObject({ sinceUnix: 1_800_000_900, paging: null });
  });

  it('ends the exact pull of a remote that ignores until and before', async () => {
    const posts = Array.from({ length: 10 }, (_, i) => pulledPost(i));
    const newest = answering(posts);
    await pullTimeline(instance.db, {
      remote,
      timeline: 'global',
      read: counted((q: { count: number }) => newest({ count: q.count })),
      pageSize: PAGE,
      now: () => 1_800_100_000,
    });
    expect(requests).toBeLessThanOrEqual(3);
    expect(await cursor()).toMatchObject({ paging: null });
  });
});

describe('an exact pull over a minute that holds more posts than a page', () => {
  let instance: TestInstance;
  let remote: RemoteRow;
  afterEach(async () => {
    await instance.close();
  });

  it('leaves an idle poll at rest, so that a post published after it comes with the next poll', async () => {
    instance = await startInstance('memory');
    instance.clock.set(1_800_100_000);
    remote = await remoteIn(instance);
    // Ten posts in ten seconds: the cursor's overlap reads all of them again at every poll, in four pages.
    const posts = Array.from({ length: 10 }, (_, i) => pulledPost(i));
    const read: TimelineReader = (q) =>
      Promise.resolve(
        [...posts]
          .sort((a, b) => b.publishUnix - a.publishUnix)
          .filter(
            (p) =>
              (q.since === undefined || p.updatedUnix >= q.since) &&
              (q.until === undefined || p.publishUnix <= q.until) &&
              p.guid !== q.before,
          )
          .slice(0, q.count),
      );
    const seen = new Map<string, string>();
    const pull = () =>
      pullTimeline(instance.db, { remote, timeline: 'global', read, pageSize: PAGE, now: () => 1_800_100_000, seen });
    await pull();
    await pull();
    expect(await instance.db.cursors.get([remote.guid, 'global'])).toMatchObject({
      sinceUnix: 1_800_000_009,
      paging: null,
    });

    posts.push(pulledPost(10));
    await pull();
    expect((await instance.db.posts.toArray()).map((p) => p.text)).toContain('Post 10');
  });
});

/**
 * Every way of paging ends the same way: at the page limit, with its place kept for the next pull, and at a
 * remote that answers the same posts whatever it is asked, stamped anew each time. A remote asked for ever
 * here fails the test instead of holding it.
 */
describe.each(['backward', 'walk', 'forward'] as const)('a pull that pages %s', (paging) => {
  let instance: TestInstance;
  let remote: RemoteRow;
  let requests: number;
  beforeEach(async () => {
    instance = await startInstance('memory');
    instance.clock.set(1_800_100_000);
    remote = await remoteIn(instance);
    requests = 0;
  });
  afterEach(async () => {
    await instance.close();
  });
  const TOP = 1_800_000_050;
  const asked = () => {
    requests += 1;
    if (requests > 50) throw new Error('Asked for ever');
  };
  /** The remote's posts: post `n` at TOP - n going back without end, or at TOP + n going forward without end. */
  const at = (n: number) =>
    pulledPost(n, {
      publishUnix: TOP + (paging === 'forward' ? n : -n),
      updatedUnix: TOP + (paging === 'forward' ? n : -n),
      listedUnix: TOP + (paging === 'forward' ? n : -n),
    });
  const pull = (
    answer: (q: {
      since?: number | null | undefined;
      until?: number | undefined;
      before?: string | undefined;
      count: number;
    }) => PulledPost[],
    maxPages?: number,
  ) => {
    const common = { remote, timeline: 'global' as const, now: () => 1_800_100_000, ...(maxPages ? { maxPages } : {}) };
    const read: TimelineReader = (q) => {
      asked();
      return Promise.resolve(answer(q));
    };
    switch (paging) {
      case 'backward':
        return pullTimeline(instance.db, { ...common, read, pageSize: PAGE });
      case 'walk':
        return pullWalk(instance.db, { ...common, read, pageSize: PAGE });
      case 'forward':
        return pullForward(instance.db, {
          ...common,
          readAfter: (since) => {
            asked();
            return Promise.resolve(answer({ since, count: PAGE }));
          },
        });
    }
  };
  const held = async () => instance.db.posts.count();

  it('stops at its page limit where the remote answers new posts without end, and the next pull goes on from there', async () => {
    const endless = (q: {
      since?: number | null | undefined;
      until?: number | undefined;
      before?: string | undefined;
      count: number;
    }) => {
      if (paging === 'forward') {
        const from = q.since == null ? 1 : q.since - TOP + 1;
        return Array.from({ length: q.count }, (_, i) => at(from + i));
      }
      const from = q.until === undefined ? 0 : TOP - q.until;
      return Array.from({ length: q.count + 1 }, (_, i) => at(from + i))
        .filter((p) => p.guid !== q.before)
        .slice(0, q.count);
    };
    await pull(endless, 4);
    expect(requests).toBe(4);
    const first = await held();
    requests = 0;
    await pull(endless, 4);
    expect(requests).toBe(4);
    expect(await held()).toBeGreaterThan(first);
  });

  it('ends where the remote answers the same posts whatever it is asked, stamped anew each time', async () => {
    const same = () => {
      const stamp = (paging === 'forward' ? TOP : TOP - 10) + requests;
      return [1, 2, 3].map((n) => pulledPost(n, { publishUnix: stamp, updatedUnix: stamp, listedUnix: stamp }));
    };
    await pull(same);
    expect(requests).toBeLessThanOrEqual(3);
    expect(await held()).toBe(3);
    expect(await instance.db.cursors.get([remote.guid, 'global'])).toMatchObject({ paging: null });
  });
});
