import fs from 'node:fs';
import path from 'node:path';
import setGlobalVars from 'indexeddbshim';
import type { IdbPlatform } from '../../src-shared/store/db';

/**
 * IndexedDB on SQLite (indexeddbshim over better-sqlite3) for the hosts, which have no native IndexedDB.
 * Each database is one SQLite file under `folder`. SQLite commits each IndexedDB transaction with
 * synchronous=FULL before the transaction completes, so an acknowledged write survives a crash.
 */
export function sqliteIdb(folder: string): IdbPlatform {
  fs.mkdirSync(folder, { recursive: true });
  const scope: Record<string, unknown> = {};
  setGlobalVars(scope as never, {
    databaseBasePath: path.resolve(folder),
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
  if (!indexedDB || !keyRange) throw new Error('indexeddbshim did not provide IndexedDB');
  return { indexedDB, IDBKeyRange: keyRange };
}
