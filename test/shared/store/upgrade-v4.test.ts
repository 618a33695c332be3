import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

describe.each(BACKENDS)('upgrading a version 3 store to version 4 (%s)', (backend) => {
  it('adds the empty sync tables and keeps every post as it was', async () => {
    const { platform, name } = platformFor(backend);
    const v3 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    declareVersionsUpTo(v3, 3);
    v3.use(packingMiddleware(['posts']));
    await v3.table('posts').bulkAdd([v1Post(1), v1Post(2)]);
    v3.close();

    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(4);
    const posts = await db.posts
      .where('guid')
      .anyOf([guidOf(1), guidOf(2)])
      .sortBy('guid');
    expect(posts).toEqual([
      { ...v1Post(1), id: posts[0]?.id },
      { ...v1Post(2), id: posts[1]?.id },
    ]);
    expect([
      await db.remotes.count(),
      await db.cursors.count(),
      await db.outbox.count(),
      await db.conflicts.count(),
    ]).toEqual([0, 0, 0, 0]);
    db.close();
  });
});
