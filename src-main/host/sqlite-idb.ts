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
export function sqliteIdb(folder: string): IdbPlatform {
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

/** indexeddbshim's connection, with the list it keeps of its transactions. */
interface ShimDatabase extends IDBDatabase {
  __transactions?: IDBTransaction[];
}

/**
 * indexeddbshim 17.3 lists every transaction a connection opens, to abort them should the connection be
 * closed by force, and drops only upgrade transactions from that list: every other one, with its requests
 * and the rows they answered, stays in memory for as long as the connection is open (measured: about 12 kB
 * per small timeline request, and the whole answer when a listener on the transaction held it; the
 * benchmark's host ran out of heap). A transaction leaves the list here when it ends.
 */
function forgetEndedTransactions(database: typeof IDBDatabase): void {
  const open = database.prototype.transaction;
  database.prototype.transaction = function (this: ShimDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const transaction = open.apply(this, args);
    const forget = () => {
      const list = this.__transactions;
      const at = list ? list.indexOf(transaction) : -1;
      if (at !== -1) list?.splice(at, 1);
    };
    transaction.addEventListener('complete', forget);
    transaction.addEventListener('abort', forget);
    return transaction;
  };
}
