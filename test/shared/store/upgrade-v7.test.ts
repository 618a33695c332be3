import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

describe.each(BACKENDS)('upgrading a version 6 store to version 7 (%s)', (backend) => {
  it('adds the empty table of remote URLs and keeps every post, synced or not, as it was', async () => {
    const { platform, name } = platformFor(backend);
    const v6 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    declareVersionsUpTo(v6, 6);
    v6.use(packingMiddleware(['posts']));
    const synced = v1Post(2, {
      remoteGuid: 'r1',
      remoteUrl: `https://remote.example/note/${guidOf(2)}`,
      remoteUpdatedUnix: 1_700_000_002,
    });
    await v6.table('posts').bulkAdd([v1Post(1), synced]);
    v6.close();

    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(7);
    const posts = await db.posts
      .where('guid')
      .anyOf([guidOf(1), guidOf(2)])
      .sortBy('guid');
    expect(posts).toEqual([
      { ...v1Post(1), id: posts[0]?.id },
      { ...synced, id: posts[1]?.id },
    ]);
    expect(await db.remoteUrls.count()).toBe(0);
    db.close();
  });
});
