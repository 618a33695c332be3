import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import { searchPosts } from '../../../src-shared/store/search';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

describe.each(BACKENDS)('upgrading a version 4 store to the current version (%s)', (backend) => {
  it('queues its posts for the indexer; search finds them', async () => {
    const { platform, name } = platformFor(backend);
    const v4 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    declareVersionsUpTo(v4, 4);
    v4.use(packingMiddleware(['posts']));
    const post = v1Post(1);
    await v4.table('posts').add(post);
    await v4.table('words').add({ word: 'meadow', order: post.order, postGuid: guidOf(1) });
    v4.close();

    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(6);
    expect(await db.indexQueue.count()).toBe(1);
    // By its text: the version 4 word rows are gone, whatever they said.
    expect(await searchPosts(db, { words: ['meadow'], count: 10, accept: () => true })).toEqual([]);
    const found = await searchPosts(db, { words: ['gardening'], count: 10, accept: () => true });
    expect(found.map((p) => p.guid)).toEqual([guidOf(1)]);
    db.close();
  });
});
