/**
 * Subtests whose outcome in Node depends on how a zero-delay timer falls against a transaction's end (they
 * expect a TransactionInactiveError from a `setTimeout(0)`, or its absence): their outcome is not compared
 * on any backend. fake-indexeddb's manifests mark the same subtests UNSTABLE.
 */
export const TIMING_DEPENDENT: Readonly<Record<string, readonly string[]>> = {
  'idbcursor-advance-exception-order.any.js': [
    'IDBCursor.advance exception order: TransactionInactiveError vs. InvalidStateError #1',
    'IDBCursor.advance exception order: TransactionInactiveError vs. InvalidStateError #2',
  ],
  'idbcursor-continue-exception-order.any.js': [
    'IDBCursor.continue exception order: TransactionInactiveError vs. DataError',
    'IDBCursor.continue exception order: TransactionInactiveError vs. InvalidStateError',
  ],
  'idbcursor-delete-exception-order.any.js': [
    'IDBCursor.delete exception order: TransactionInactiveError vs. ReadOnlyError',
  ],
  'idbcursor-update-exception-order.any.js': [
    'IDBCursor.update exception order: TransactionInactiveError vs. ReadOnlyError',
  ],
  'idbobjectstore-deleteIndex-exception-order.any.js': [
    'IDBObjectStore.deleteIndex exception order: InvalidStateError #1 vs. TransactionInactiveError',
    'IDBObjectStore.deleteIndex exception order: InvalidStateError #2 vs. TransactionInactiveError',
    'IDBObjectStore.deleteIndex exception order: TransactionInactiveError vs. NotFoundError',
  ],
  'idbtransaction_abort.any.js': ['Abort during auto-committing should throw InvalidStateError.'],
  'upgrade-transaction-lifecycle-committed.any.js': [
    'in a setTimeout(0) callback after the complete event is fired for a committed transaction',
  ],
};
