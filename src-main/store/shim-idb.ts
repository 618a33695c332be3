import fs from 'node:fs';
import path from 'node:path';
import setGlobalVars from 'indexeddbshim';
import type { IdbPlatform } from '../../src-shared/store/db';
import { promptZeroDelayTimers } from './prompt-timers';
import { tunedOpenDatabase } from './sqlite-driver';

let configured: { folder: string; platform: IdbPlatform } | null = null;

/**
 * IndexedDB on SQLite (indexeddbshim over better-sqlite3) for the hosts, which have no native IndexedDB.
 * Each database is one SQLite file under `folder`, in WAL mode with synchronous=FULL (sqlite-driver.ts):
 * an IndexedDB transaction is on disk before it completes, so an acknowledged write survives a crash.
 *
 * indexeddbshim keeps its configuration, its connection cache and its catalogue of databases (with their
 * versions) per process, so a process serves one folder: asking for a second one is a programming error.
 * Several databases in one folder are fine (tests give each instance its own database name).
 */
export function shimIdb(folder: string): IdbPlatform {
  const resolved = path.resolve(folder);
  if (configured) {
    if (configured.folder === resolved) return configured.platform;
    throw new Error(`This process already keeps its databases in ${configured.folder}; cannot also use ${resolved}`);
  }
  fs.mkdirSync(resolved, { recursive: true });
  // The shim schedules its transactions with zero-delay timeouts; see prompt-timers.ts.
  promptZeroDelayTimers();
  const scope: Record<string, unknown> = {};
  setGlobalVars(scope as never, {
    databaseBasePath: resolved,
    win: { openDatabase: tunedOpenDatabase },
    // Without it every index query scans the table.
    useSQLiteIndexes: true,
    // The shim checks the calling page's origin; a host process has none.
    checkOrigin: false,
    // Rows read ahead by a cursor. Timelines stop after at most 250 rows; a larger pack would read rows a
    // filtered cursor then throws away (measured: 8 ms at 100, 54 ms at 10,000 for a latest-100 query).
    cursorPreloadPackSize: 100,
  });
  const indexedDB = scope['indexedDB'] as IDBFactory | undefined;
  const keyRange = scope['IDBKeyRange'] as typeof IDBKeyRange | undefined;
  const database = scope['IDBDatabase'] as typeof IDBDatabase | undefined;
  if (!indexedDB || !keyRange || !database) throw new Error('indexeddbshim did not provide IndexedDB');
  forgetEndedTransactions(database);
  configured = { folder: resolved, platform: { indexedDB, IDBKeyRange: keyRange } };
  return configured.platform;
}

/** indexeddbshim's connection, with the list it keeps of its transactions and its tables. */
interface ShimDatabase extends IDBDatabase {
  __transactions?: IDBTransaction[];
  __objectStores?: Record<string, ShimStore>;
}

/** indexeddbshim's transaction, with its handles on the object stores it used. */
interface ShimTransaction extends IDBTransaction {
  __storeHandles?: Record<string, ShimStore>;
}

/** A table (the connection's, or a transaction's handle on it), with the cursors opened on it. */
interface ShimStore {
  __cursors?: ShimCursor[];
}

/** indexeddbshim's cursor, with the store handle (and so the transaction) it was opened through. */
interface ShimCursor {
  __store?: { transaction?: IDBTransaction };
}

/**
 * indexeddbshim 17.3 keeps two lists that only grow for as long as a connection is open:
 *
 * - every transaction the connection opens, to abort them should the connection be closed by force; it drops
 *   only upgrade transactions from that list, so every other one, with its requests and the rows they
 *   answered, stays in memory (measured: about 12 kB per small timeline request, and the whole answer when a
 *   listener on the transaction held it; the benchmark's host ran out of heap);
 * - every cursor opened on a table, so that a write can refresh what cursors read ahead: in an array of the
 *   connection's table, shared by every transaction's handle until the transaction uses an index (which
 *   gives its handle an array of its own); each cursor holds its transaction and everything that hangs on
 *   it (measured in a 3-minute soak: old space grew from 34 to 111 MB, on the way to running out).
 *
 * A cursor is useless once its transaction has ended, and the transaction is done with: both leave the lists
 * here when the transaction completes or aborts.
 */
function forgetEndedTransactions(database: typeof IDBDatabase): void {
  // The original method, called below on each database with its own `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the prototype is patched, not the method torn off
  const open = database.prototype.transaction;
  database.prototype.transaction = function (this: ShimDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const transaction = open.apply(this, args) as ShimTransaction;
    const forget = () => {
      const list = this.__transactions;
      const at = list ? list.indexOf(transaction) : -1;
      if (at !== -1) list?.splice(at, 1);
      const stores = [...Object.values(this.__objectStores ?? {}), ...Object.values(transaction.__storeHandles ?? {})];
      for (const cursors of new Set(stores.map((store) => store.__cursors))) {
        if (cursors) removeInPlace(cursors, (cursor) => cursor.__store?.transaction === transaction);
      }
    };
    transaction.addEventListener('complete', forget);
    transaction.addEventListener('abort', forget);
    return transaction;
  };
}

/** Removes what `ended` picks from `list`, keeping the array itself: the shim shares it between handles. */
function removeInPlace<T>(list: T[], ended: (item: T) => boolean): void {
  let kept = 0;
  for (const item of list) if (!ended(item)) list[kept++] = item;
  list.length = kept;
}
