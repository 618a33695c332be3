import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type PublishingDb } from '../../src-shared/store/db';
import { platformFor } from '../support/instance';

/** The open transactions the SQLite backend's connection keeps a list of (indexeddbshim's own field). */
const listed = (db: PublishingDb) => (db.backendDB() as unknown as { __transactions: unknown[] }).__transactions.length;

describe('IndexedDB on SQLite', () => {
  let db: PublishingDb;
  afterEach(async () => db?.delete());

  it('lets go of every transaction that has ended, so a long-running host does not grow', async () => {
    const { platform, name } = platformFor('sqlite');
    db = openDatabase(platform, name);
    await db.open();
    for (let i = 0; i < 50; i++) await db.settings.put({ key: `k${i % 5}`, value: String(i) });
    for (let i = 0; i < 50; i++) await db.transaction('r', db.settings, () => db.settings.get('k1'));
    const failing = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'gone', value: 'soon' });
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    // The abort event follows the rejection by a moment.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listed(db)).toBe(0);
    // And the store still works after forgetting them.
    expect(await db.settings.get('k4')).toEqual({ key: 'k4', value: '49' });
  });
});
