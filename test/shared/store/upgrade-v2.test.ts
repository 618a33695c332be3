import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaV1 } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import { searchPosts } from '../../../src-shared/store/search';
import { BACKFILL_V2 } from '../../../src-shared/store/upgrade-v2';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, platformFor } from '../../support/instance';
import { guidOf, persona, v1Post } from './old-rows';

describe.each(BACKENDS)('upgrading a version 1 store to version 2 (%s)', (backend) => {
  it('numbers Personas and Channels by creation, and indexes every post for since_unix and search', async () => {
    const { platform, name } = platformFor(backend);
    const v1 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    v1.version(1).stores(schemaV1);
    v1.use(packingMiddleware(['posts']));
    await v1.table('personas').bulkAdd([persona('second', 20, 1), persona('first', 10, 0)]);
    await v1.table('channels').bulkAdd([
      { guid: 'c2', accountGuid: 'acc', name: 'Later', position: 1, createdUnix: 30, updatedUnix: 30 },
      { guid: 'c1', accountGuid: 'acc', name: 'Main', position: 0, createdUnix: 10, updatedUnix: 10 },
    ]);
    // More than one batch of the upgrade, one of them back-dated after it was written, one deleted.
    const posts = Array.from({ length: 1205 }, (_, i) => v1Post(i + 1));
    posts[7] = v1Post(8, { updatedUnix: 1_800_000_000, text: 'Edited long after about tomatoes' });
    posts[9] = v1Post(10, { deleted: 1, text: 'Deleted post about tomatoes' });
    await v1.table('posts').bulkAdd(posts);
    v1.close();

    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect((await db.personas.orderBy('id').toArray()).map((p) => [p.id, p.guid])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    expect((await db.channels.orderBy('id').toArray()).map((c) => [c.id, c.guid])).toEqual([
      [1, 'c1'],
      [2, 'c2'],
    ]);

    const stored = await db.posts.toArray();
    expect(stored).toHaveLength(1205);
    // Posts themselves are untouched.
    expect(stored.find((p) => p.guid === guidOf(3))).toEqual({ ...v1Post(3), id: 3 });
    // One change row per live post, at the later of its last change and its publication.
    const changes = await db.changes.toArray();
    expect(changes).toHaveLength(1204);
    expect(changes.find((c) => c.postGuid === guidOf(8))?.changeUnix).toBe(1_800_000_000);
    expect(changes.find((c) => c.postGuid === guidOf(3))?.changeUnix).toBe(1_700_000_003);
    expect(changes.some((c) => c.postGuid === guidOf(10))).toBe(false);
    expect(await db.settings.get(BACKFILL_V2)).toBeUndefined();

    // Every post waits for the search indexer (the deleted one too, to find it has no words), and is found
    // once it has run.
    expect(await db.indexQueue.count()).toBe(1205);
    await indexAllQueuedWords(db);
    const found = async (word: string) =>
      (await searchPosts(db, { words: [word], count: 2000, accept: () => true })).map((p) => p.guid);
    expect(await found('tomatoes')).toEqual([guidOf(8)]);
    expect(await found('gardening')).toHaveLength(1203);
    expect(await found('seeds')).toHaveLength(1204);
    db.close();
  });
});

describe.each(BACKENDS)('upgrading an empty version 1 store (%s)', (backend) => {
  it('opens at version 2 with nothing to number or index', async () => {
    const { platform, name } = platformFor(backend);
    const v1 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    v1.version(1).stores(schemaV1);
    await v1.open();
    v1.close();
    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect(await db.posts.count()).toBe(0);
    db.close();
  });
});

describe.each(BACKENDS)('an interrupted backfill (%s)', (backend) => {
  it('resumes after the last post it recorded', async () => {
    const { platform, name } = platformFor(backend);
    const db = openDatabase(platform, name);
    await db.open();
    // As if the first 3 of 6 posts were done when the process stopped: rows only exist for those.
    const posts = Array.from({ length: 6 }, (_, i) => v1Post(i + 1));
    await db.posts.bulkAdd(posts);
    await db.changes.bulkPut(posts.slice(0, 3).map((p) => ({ changeUnix: p.publishUnix, postGuid: p.guid })));
    await db.settings.put({ key: BACKFILL_V2, value: '3' });
    db.close();

    const again = openDatabase(platform, name);
    await again.open();
    expect((await again.changes.toArray()).map((c) => c.postGuid).sort()).toEqual(posts.map((p) => p.guid).sort());
    // Queued for the indexer: the posts after the mark, and none of those before it.
    const queued = await again.indexQueue.toArray();
    expect(queued.map((row) => row.postId).sort()).toEqual([4, 5, 6]);
    expect(await again.settings.get(BACKFILL_V2)).toBeUndefined();
    again.close();
  });
});
