import { Dexie } from 'dexie';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { PublishingDb } from '../../../src-shared/store/db';
import { inTransaction } from '../../../src-shared/store/transaction';
import { BACKENDS, openTestDatabase } from '../../support/instance';

const within = <T>(promise: Promise<T>, ms = 3000): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('store is stuck')), ms))]);

/** Inside a transaction: resolves when the store has committed it (no request waiting when its task ended). */
const committed = (): Promise<unknown> =>
  new Promise((resolve) => Dexie.currentTransaction.idbtrans.addEventListener('complete', resolve));

describe.each(BACKENDS)('inTransaction (%s)', (backend) => {
  let db: PublishingDb;

  it('keeps the store usable after work that fails before touching it', async () => {
    db = openTestDatabase(backend);
    onTestFinished(() => db.delete());
    await expect(inTransaction(db, 'rw', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await within(db.settings.put({ key: 'after', value: 'yes' }));
    expect(await within(db.settings.get('after'))).toEqual({ key: 'after', value: 'yes' });
  });

  it('rolls back every write of work that fails', async () => {
    db = openTestDatabase(backend);
    onTestFinished(() => db.delete());
    const failing = inTransaction(db, 'rw', async () => {
      await db.settings.put({ key: 'half', value: 'done' });
      throw new Error('halfway');
    });
    await expect(failing).rejects.toThrow('halfway');
    expect(await within(db.settings.get('half'))).toBeUndefined();
  });

  it('answers what work answered, however long it computes after its last request', async () => {
    db = openTestDatabase(backend);
    onTestFinished(() => db.delete());
    const answer = await inTransaction(db, 'rw', async () => {
      const done = committed();
      await db.settings.put({ key: 'written', value: 'yes' });
      // Past the point where the store commits a transaction with no request waiting.
      await within(done);
      return 'shaped';
    });
    expect(answer).toBe('shaped');
    expect(await within(db.settings.get('written'))).toEqual({ key: 'written', value: 'yes' });
  });

  it('still fails work whose request comes after the store committed', async () => {
    db = openTestDatabase(backend);
    onTestFinished(() => db.delete());
    const late = inTransaction(db, 'rw', async () => {
      const done = committed();
      await db.settings.put({ key: 'first', value: 'yes' });
      await within(done);
      await db.settings.put({ key: 'second', value: 'yes' });
      return 'shaped';
    });
    await expect(late).rejects.toThrow(/not active|finished|completed|committed/i);
    expect(await within(db.settings.get('second'))).toBeUndefined();
  });
});

describe('indexeddbshim and Dexie calls that place no request', () => {
  it('keeps the transaction through any number of empty bulk calls in a row (patches/indexeddbshim)', async () => {
    const db = openTestDatabase('sqlite');
    const run = (emptyCalls: number) =>
      db.transaction('rw', [db.stars, db.outbox, db.settings], async () => {
        await db.settings.put({ key: 'first', value: 'request' });
        for (let i = 0; i < emptyCalls; i++) await (i % 2 ? db.stars.bulkPut([]) : db.stars.bulkDelete([]));
        return db.outbox.where('postGuid').equals('x').modify({ postGuid: 'y' });
      });
    await expect(run(2)).resolves.toBe(0);
    await expect(run(40)).resolves.toBe(0);
    await db.delete();
  });
});
