import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../../src-shared/store/sync-rows';
import type { RemoteConnection, RemoteTimeline } from '../../../src-shared/sync/connection';
import type { SeenVersions } from '../../../src-shared/sync/pull-pages';
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
    posts = Array.from({ length: 72 }, (_, i) =>
      pulledPost(i, {
        publishUnix: T0 + 7 * DAY + i * 3600,
        updatedUnix: T0 + 7 * DAY + i * 3600,
        listedUnix: T0 + 7 * DAY + i * 3600,
      }),
    );
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
      return Promise.resolve(
        [...posts]
          .sort((a, b) => b.listedUnix - a.listedUnix)
          .filter((p) => q.until === undefined || p.listedUnix <= q.until)
          .slice(0, q.count),
      );
    },
  };
  const connection = {
    timelines: [global],
    personaHistory: () => null,
    read: ({ guid }: { guid: string }) => Promise.resolve(posts.find((p) => p.guid === guid) ?? null),
  } as Partial<RemoteConnection> as RemoteConnection;
  const seen = new Map<string, SeenVersions>();
  const pull = (at: number) =>
    pullRemote(instance.db, {
      remote,
      connection,
      now: () => at,
      seenFor: (name) => seen.get(name) ?? seen.set(name, new Map()).get(name) ?? new Map(),
    });
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

/**
 * streams answers its timelines from a copy of each post kept per second of the post's last change (its
 * `_processTimeline`, keyed by `post_version`): an edit made within the second the desk read the post in
 * keeps the stamp, and the timelines go on serving the copy made at that read. Only the post read by itself
 * (`GET /api/posts/{guid}`) says what it is. This remote does the same, on the real SQLite store.
 */
describe.each([
  { says: 'when it answered', dated: true },
  { says: 'nothing of when it answered', dated: false },
])(
  'a remote whose timelines keep each post as it was first read within the second of its last change, saying $says',
  ({ dated }) => {
    let instance: TestInstance;
    let remote: RemoteRow;
    /** What each post is on the remote now. */
    let current: Map<string, PulledPost>;
    /** The copies its timelines serve, by post and second of its last change. */
    let copies: Map<string, PulledPost>;
    /** Posts the desk read by themselves. */
    let reads: string[];
    /** The remote's clock (the desk's, here) when the desk reads. */
    let readAt = 0;
    const seen = new Map<string, SeenVersions>();
    beforeEach(async () => {
      instance = await startInstance('sqlite');
      instance.clock.set(T0 + 60);
      remote = await remoteIn(instance);
      current = new Map(
        Array.from({ length: 6 }, (_, i) =>
          pulledPost(i, {
            publishUnix: T0 - 600 + i * 60,
            updatedUnix: T0 - 600 + i * 60,
            listedUnix: T0 - 600 + i * 60,
          }),
        ).map((p) => [p.guid, p]),
      );
      // Published in the second the desk reads the timeline in.
      current.set(guidOf(10), pulledPost(10, { publishUnix: T0, updatedUnix: T0, listedUnix: T0 }));
      copies = new Map();
      reads = [];
      seen.clear();
    });
    afterEach(async () => {
      await instance.close();
    });

    const listed = (post: PulledPost): PulledPost => {
      const key = `${post.guid} ${post.updatedUnix}`;
      const copy = copies.get(key) ?? post;
      copies.set(key, copy);
      return { ...copy, cachedList: { servedUnix: dated ? readAt : null } };
    };
    const global: RemoteTimeline = {
      name: 'global',
      paging: 'walk',
      pageSize: 10,
      read: (q) =>
        Promise.resolve(
          [...current.values()]
            .sort((a, b) => b.listedUnix - a.listedUnix)
            .filter((p) => q.until === undefined || p.listedUnix <= q.until)
            .slice(0, q.count)
            .map(listed),
        ),
    };
    const connection = {
      timelines: [global],
      personaHistory: () => null,
      read: ({ guid }: { guid: string }) => {
        reads.push(guid);
        const post = current.get(guid);
        return Promise.resolve(post ? { ...post, cachedList: null } : null);
      },
    } as Partial<RemoteConnection> as RemoteConnection;
    const pull = (at: number) => {
      readAt = at;
      return pullRemote(instance.db, {
        remote,
        connection,
        now: () => at,
        seenFor: (name) => seen.get(name) ?? seen.set(name, new Map()).get(name) ?? new Map(),
      });
    };
    /** Edited there, its stamp kept (within the same second, or by a quirk). */
    const editInPlace = (n: number, text: string) =>
      current.set(guidOf(n), { ...(current.get(guidOf(n)) as PulledPost), text });
    const textOf = async (n: number) => (await instance.db.posts.where('guid').equals(guidOf(n)).first())?.text;
    /** Every write the store took, as the rows it holds. */
    const written = async () => ({
      posts: await instance.db.posts.toArray(),
      changes: await instance.db.changes.toArray(),
    });

    it('brings an edit made within the second the desk read the post in, reading that post once by itself', async () => {
      await pull(T0);
      expect(await textOf(10)).toBe('Post 10');
      editInPlace(10, 'Post 10, edited at once');

      await pull(T0 + 60);
      expect(await textOf(10)).toBe('Post 10, edited at once');
      expect(reads).toEqual([guidOf(10)]);

      // Settled: polls read no post by itself and write nothing, also after a restart (nothing remembered).
      const before = await written();
      await pull(T0 + 120);
      seen.clear();
      await pull(T0 + 180);
      await pull(T0 + 240);
      expect(await written()).toEqual(before);
      // After the restart, the timeline's copy says other than the version held in its second: the post is
      // read once more by itself, and says what is held.
      expect(reads).toEqual([guidOf(10), guidOf(10)]);
    });

    it('brings an edit whose stamp does not move, and a timeline that serves the older copy undoes nothing', async () => {
      await pull(T0);
      await pull(T0 + 60);
      // The copy the timelines kept is gone (streams keeps them an hour), and the post is edited again
      // with its stamp kept: the timeline shows the edit, in the same second as the version held here.
      copies.clear();
      editInPlace(10, 'Post 10, edited again');
      await pull(T0 + 4000);
      expect(await textOf(10)).toBe('Post 10, edited again');

      // A timeline answering from an older copy of that second.
      copies.set(`${guidOf(10)} ${T0}`, pulledPost(10, { publishUnix: T0, updatedUnix: T0, listedUnix: T0 }));
      seen.clear();
      const before = await written();
      await pull(T0 + 4060);
      expect(await textOf(10)).toBe('Post 10, edited again');
      expect(await written()).toEqual(before);
    });
  },
);
