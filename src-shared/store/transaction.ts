import { Dexie } from 'dexie';
import type { PublishingDb } from './db';

export interface TransactionOptions {
  /**
   * `work` places a store request before anything else, so the guarding read below is not needed. The
   * service does: its first request is the token's row.
   */
  startsWithRequest?: boolean;
}

/**
 * Runs `work` in one transaction over every table and answers what it answered.
 *
 * Unless told otherwise it first reads one row: indexeddbshim 17.3 never releases its lock on the SQLite
 * file when a transaction is aborted before it made any request, and every later transaction then waits
 * forever (test/shared/store/transaction.test.ts). With one request made, an abort rolls back and
 * releases as it should.
 *
 * A transaction commits once the task that placed its last request ends (as in a browser; the hosts'
 * indexeddbshim is patched to wait for that, see patches/). When work waits for something that is not the
 * store (a timer, Web Crypto) after its last request, the transaction committed everything work did, and
 * Dexie's PrematureCommitError only means that work was still shaping its answer; that answer stands. A
 * request work places after such a wait fails inside work, which then fails as a whole.
 */
export async function inTransaction<T>(
  db: PublishingDb,
  mode: 'r' | 'rw',
  work: () => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  // Set from inside the transaction's callbacks, read after it: an object, so that the reads below are
  // not taken for the values it started with.
  const outcome: { answer: { value: T } | null; committed: boolean } = { answer: null, committed: false };
  try {
    await db.transaction(mode, db.tables, async (transaction) => {
      transaction.idbtrans.addEventListener('complete', () => (outcome.committed = true));
      if (!options.startsWithRequest) await db.settings.get('');
      outcome.answer = { value: await work() };
    });
  } catch (error) {
    if (!(outcome.answer && outcome.committed && error instanceof Dexie.PrematureCommitError)) throw error;
  }
  if (!outcome.answer) throw new Error('the transaction ended without an answer');
  return outcome.answer.value;
}
