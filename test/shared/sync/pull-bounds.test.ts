import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../../src-shared/store/sync-rows';
import { pullTimeline } from '../../../src-shared/sync/pull';
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
const answering = (posts: readonly PulledPost[]) => (q: { until?: number; count: number }) =>
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
  const counted = <Q>(read: (q: Q) => Promise<PulledPost[]>) => (q: Q) => {
    requests += 1;
    return read(q);
  };
  const held = async () => (await instance.db.posts.toArray()).map((p) => p.text).sort();
  const cursor = async (timeline: 'global' | 'mentions' = 'global') => instance.db.cursors.get([remote.guid, timeline]);
  const walk = (read: (q: { until?: number; count: number }) => Promise<PulledPost[]>, maxPages?: number) =>
    pullWalk(instance.db, { remote, timeline: 'global', read: counted(read), pageSize: PAGE, now: () => 1_800_100_000, ...(maxPages ? { maxPages } : {}) });

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
    const crowded = Array.from({ length: 5 }, (_, i) => pulledPost(50 + i, { publishUnix: 1_800_000_100, updatedUnix: 1_800_000_100, listedUnix: 1_800_000_100 }));
    const older = [pulledPost(10), pulledPost(20), pulledPost(30)];
    await walk(answering([...crowded, ...older]));
    // Three posts of that second reach this page size; without a position within a second, the rest cannot.
    expect((await held()).filter((t) => ['Post 10', 'Post 20', 'Post 30'].includes(t))).toHaveLength(3);
    expect(await held()).toHaveLength(6);
    expect(await cursor()).toMatchObject({ paging: null });
  });

  it('stops a pull at its page limit where a remote answers new posts without end, and goes on from there next time', async () => {
    let made = 0;
    const endless = (q: { until?: number; count: number }) => {
      const top = q.until ?? 1_800_010_000;
      return Promise.resolve(Array.from({ length: q.count }, (_, i) => pulledPost(5_000 + made++, { listedUnix: top - i, publishUnix: top - i, updatedUnix: top - i })));
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

  it('ends the exact pull of a remote that ignores until and before', async () => {
    const posts = Array.from({ length: 10 }, (_, i) => pulledPost(i));
    const newest = answering(posts);
    await pullTimeline(instance.db, { remote, timeline: 'global', read: counted((q: { count: number }) => newest({ count: q.count })), pageSize: PAGE, now: () => 1_800_100_000 });
    expect(requests).toBeLessThanOrEqual(3);
    expect(await cursor()).toMatchObject({ paging: null });
  });
});
