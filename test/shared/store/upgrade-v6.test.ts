import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import { searchPosts } from '../../../src-shared/store/search';
import { REQUEUE_WORDS_V6 } from '../../../src-shared/store/upgrade-v6';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

async function openV5(backend: (typeof BACKENDS)[number], posts: number) {
  const { platform, name } = platformFor(backend);
  const v5 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
  declareVersionsUpTo(v5, 5);
  v5.use(packingMiddleware(['posts']));
  const rows = Array.from({ length: posts }, (_, i) => v1Post(i + 1, i === 0 ? { text: 'The meadow in spring' } : {}));
  await v5.table('posts').bulkAdd(rows);
  // Version 5 kept a row per word and post, and a queue by GUID.
  await v5.table('words').add({ word: 'meadow', order: rows[0]?.order, postGuid: guidOf(1) });
  await v5.table('wordQueue').add({ postGuid: guidOf(2) });
  v5.close();
  return { platform, name };
}

describe.each(BACKENDS)('upgrading a version 5 store to version 6 (%s)', (backend) => {
  it('drops the word rows, queues every post again in timeline order, and search finds them before and after indexing', async () => {
    // More than one batch of the requeue (5,000 posts each).
    const { platform, name } = await openV5(backend, 5_100);
    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(6);
    expect(db.tables.map((t) => t.name)).not.toContain('words');
    expect(db.tables.map((t) => t.name)).not.toContain('wordQueue');
    expect(await db.settings.get(REQUEUE_WORDS_V6)).toBeUndefined();
    const queued = await db.indexQueue.toArray();
    expect(queued).toHaveLength(5_100);
    // Newest first, each naming its post.
    expect(queued[0]?.postId).toBe(5_100);
    expect(queued.at(-1)?.postId).toBe(1);

    const find = async (word: string) =>
      (await searchPosts(db, { words: [word], count: 10, accept: () => true })).map((p) => p.guid);
    expect(await find('meadow')).toEqual([guidOf(1)]);
    expect(await indexAllQueuedWords(db)).toBe(5_100);
    expect(await db.indexQueue.count()).toBe(0);
    expect(await find('meadow')).toEqual([guidOf(1)]);
    expect(await find('gardening')).toEqual(Array.from({ length: 10 }, (_, i) => guidOf(5_100 - i)));
    db.close();
  });
});
