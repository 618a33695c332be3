import type { PublishingDb } from './db';

/**
 * Runs `work` in one transaction over every table. It first reads one row: indexeddbshim 17.3 never
 * releases its lock on the SQLite file when a transaction is aborted before it made any request, and every
 * later transaction then waits forever (test/shared/store/transaction.test.ts). With one request made, an
 * abort rolls back and releases as it should.
 */
export function inTransaction<T>(db: PublishingDb, mode: 'r' | 'rw', work: () => Promise<T>): Promise<T> {
  return db.transaction(mode, db.tables, async () => {
    await db.settings.get('');
    return work();
  });
}
