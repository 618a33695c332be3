import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../../src-shared/store/sync-rows';
import type { RemoteConnection, RemoteTimeline } from '../../../src-shared/sync/connection';
import type { SeenVersions } from '../../../src-shared/sync/pull';
import { pullRemote } from '../../../src-shared/sync/pull-remote';
import type { PulledPost } from '../../../src-shared/sync/pulled-post';
import { startInstance, type TestInstance } from '../../support/instance';
import { guidOf, pulledPost, remoteIn } from '../../support/pulled';

/**
 * streams files an older post edited with its time kept under that old time, below any poll's cursor. Once
 * a day the last week is read again. Pages are handed over as streams answers `until` (pull-bounds.test.ts).
 */
const DAY = 86_400;
const T0 = 1_800_000_000;

describe('looking back at the last week of a walked remote', () => {
  let instance: TestInstance;
  let remote: RemoteRow;
  let posts: PulledPost[];
  let requests: string[];
  beforeEach(async () => {
    instance = await startInstance('memory');
    instance.clock.set(T0 + 10 * DAY);
    remote = await remoteIn(instance);
    // Three days of posts, one an hour.
    posts = Array.from({ length: 72 }, (_, i) => pulledPost(i, { publishUnix: T0 + 7 * DAY + i * 3600, updatedUnix: T0 + 7 * DAY + i * 3600, listedUnix: T0 + 7 * DAY + i * 3600 }));
    requests = [];
  });
  afterEach(async () => {
    await instance.close();
  });

  const global: RemoteTimeline = {
    name: 'global',
    paging: 'walk',
    pageSize: 10,
    read: (q) => {
      requests.push(`until=${q.until ?? ''}`);
      return Promise.resolve([...posts].sort((a, b) => b.listedUnix - a.listedUnix).filter((p) => q.until === undefined || p.listedUnix <= q.until).slice(0, q.count));
    },
  };
  const connection = {
    timelines: [global],
    personaHistory: () => null,
    read: ({ guid }: { guid: string }) => Promise.resolve(posts.find((p) => p.guid === guid) ?? null),
  } as Partial<RemoteConnection> as RemoteConnection;
  const seen = new Map<string, SeenVersions>();
  const pull = (at: number) =>
    pullRemote(instance.db, { remote, connection, now: () => at, seenFor: (name) => seen.get(name) ?? seen.set(name, new Map()).get(name) ?? new Map() });
  const textOf = async (n: number) => (await instance.db.posts.where('guid').equals(guidOf(n)).first())?.text;

  it('brings an edit of a post from two days before, which no poll reaches, the next day, and reads the week only once a day', async () => {
    const now = T0 + 10 * DAY;
    await pull(now);
    expect(await instance.db.posts.count()).toBe(72);
    // Edited there, its time kept: streams files it under the old time.
    posts[20] = { ...(posts[20] as PulledPost), text: 'Post 20, corrected', updatedUnix: now + 60 };
    posts.push(pulledPost(500, { publishUnix: now + 60, updatedUnix: now + 60, listedUnix: now + 60 }));

    requests = [];
    await pull(now + 120);
    expect(await textOf(20)).toBe('Post 20');
    expect(requests).toHaveLength(1);
    await pull(now + DAY - 60);
    expect(await textOf(20)).toBe('Post 20');

    await pull(now + DAY + 60);
    expect(await textOf(20)).toBe('Post 20, corrected');
    requests = [];
    await pull(now + DAY + 120);
    expect(requests).toHaveLength(1);
  });
});
