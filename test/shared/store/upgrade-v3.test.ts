import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

describe.each(BACKENDS)('upgrading a version 2 store to version 3 (%s)', (backend) => {
  it('copies every star and pin onto its post and leaves other posts as they were', async () => {
    const { platform, name } = platformFor(backend);
    const v2 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    declareVersionsUpTo(v2, 2);
    v2.use(packingMiddleware(['posts']));
    await v2.table('posts').bulkAdd([v1Post(1), v1Post(2), v1Post(3)]);
    await v2.table('stars').bulkAdd([
      { postGuid: guidOf(1), personaGuid: 'p1', starredUnix: 100 },
      { postGuid: guidOf(1), personaGuid: 'p2', starredUnix: 200 },
      { postGuid: guidOf(2), personaGuid: 'p2', starredUnix: 300 },
    ]);
    await v2.table('pins').bulkAdd([{ postGuid: guidOf(2), personaGuid: 'p1', colour: 'red', pinnedUnix: 400 }]);
    v2.close();

    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(3);
    const [one, two, three] = await db.posts
      .where('guid')
      .anyOf([guidOf(1), guidOf(2), guidOf(3)])
      .sortBy('guid');
    expect(one?.starredBy).toEqual([
      { personaGuid: 'p1', starredUnix: 100 },
      { personaGuid: 'p2', starredUnix: 200 },
    ]);
    expect(one?.pinnedBy).toBeUndefined();
    expect(two?.starredBy).toEqual([{ personaGuid: 'p2', starredUnix: 300 }]);
    expect(two?.pinnedBy).toEqual([{ personaGuid: 'p1', colour: 'red', pinnedUnix: 400 }]);
    expect(three).toEqual({ ...v1Post(3), id: three?.id });
    // The tables still list them by Persona.
    expect(await db.stars.count()).toBe(3);
    expect(await db.replies.count()).toBe(0);
    db.close();
  });
});
