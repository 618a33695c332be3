import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { PublishingDb } from '../../src-shared/store/db';
import { openTestDatabase } from '../support/instance';

/** The open transactions the SQLite backend's connection keeps a list of (indexeddbshim's own field). */
const listed = (db: PublishingDb) => (db.backendDB() as unknown as { __transactions: unknown[] }).__transactions.length;
/** The cursors indexeddbshim lists on a table's connection-wide object store (shared by every transaction's handle). */
const cursorsOf = (db: PublishingDb, table: string) =>
  (db.backendDB() as unknown as { __objectStores: Record<string, { __cursors: unknown[] }> }).__objectStores[table]
    ?.__cursors.length;

describe('IndexedDB on SQLite', () => {
  let db: PublishingDb;

  it('lets go of every transaction that has ended, so a long-running host does not grow', async () => {
    db = openTestDatabase('sqlite');
    onTestFinished(() => db.delete());
    await db.open();
    for (let i = 0; i < 50; i++) await db.settings.put({ key: `k${i % 5}`, value: String(i) });
    for (let i = 0; i < 50; i++) await db.transaction('r', db.settings, () => db.settings.get('k1'));
    const failing = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'gone', value: 'soon' });
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    // The abort event follows the rejection by a moment.
    await vi.waitFor(() => expect(listed(db)).toBe(0));
    // And the store still works after forgetting them.
    expect(await db.settings.get('k4')).toEqual({ key: 'k4', value: '49' });
  });

  it('lets go of the cursors of every transaction that has ended', async () => {
    db = openTestDatabase('sqlite');
    onTestFinished(() => db.delete());
    await db.open();
    await db.remoteUrls.bulkPut(
      Array.from({ length: 20 }, (_, i) => ({ url: `https://remote.example/${i}`, postGuid: `p${i % 4}` })),
    );
    // A filtered read goes through a cursor on the table; a read by postGuid goes through an index, which
    // gives the transaction's handle on the table a list of its own (the case that used to leak).
    const filtered = () => db.remoteUrls.filter((row) => row.url.endsWith('1')).toArray();
    const byPost = () => db.remoteUrls.where('postGuid').equals('p1').toArray();
    for (let i = 0; i < 30; i++) {
      expect(await filtered()).toHaveLength(2);
      await db.transaction('r', db.remoteUrls, async () => {
        expect(await filtered()).toHaveLength(2);
        expect(await byPost()).toHaveLength(5);
      });
    }
    const failing = db.transaction('rw', db.remoteUrls, async () => {
      await filtered();
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    // The abort event follows the rejection by a moment.
    await vi.waitFor(() => expect(cursorsOf(db, 'remoteUrls')).toBe(0));
    // A cursor in a transaction still under way is kept: a write in it must refresh what the cursor read ahead.
    await db.transaction('rw', db.remoteUrls, async () => {
      expect(await filtered()).toHaveLength(2);
      expect(cursorsOf(db, 'remoteUrls')).toBeGreaterThan(0);
      await db.remoteUrls.put({ url: 'https://remote.example/21', postGuid: 'p1' });
      expect(await filtered()).toHaveLength(3);
    });
    expect(cursorsOf(db, 'remoteUrls')).toBe(0);
  });

  it('keeps a transaction open until the task ends, however many awaits come between its requests', async () => {
    db = openTestDatabase('sqlite');
    onTestFinished(() => db.delete());
    await db.open();
    // As in a browser: code that awaits only promises (no timer, no I/O) stays in the task that placed
    // the last request, and the transaction is still there for the next one.
    const stored = await db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'first', value: 'one' });
      for (let i = 0; i < 200; i++) await Promise.resolve();
      await db.settings.put({ key: 'second', value: 'two' });
      return db.settings.count();
    });
    expect(stored).toBe(2);
    // A real wait (a timer) ends the task, and with it the transaction, as in a browser.
    const late = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'third', value: 'three' });
      // The timer is what is tested: it ends the task, and so the transaction.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.settings.put({ key: 'fourth', value: 'four' });
    });
    await expect(late).rejects.toThrow(/completed|not active|finished/i);
  });
});
