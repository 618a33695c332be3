import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { PublishingDb } from '../../src-shared/store/db';
import { openTestDatabase } from '../support/instance';

/** The transactions the engine's database keeps in its queue (src-main/store/indexeddb/Database.ts). */
const listed = (db: PublishingDb) =>
  (db.backendDB() as unknown as { _rawDatabase: { transactions: unknown[] } })._rawDatabase.transactions.length;

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
