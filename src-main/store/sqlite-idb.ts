import type { IdbPlatform } from '../../src-shared/store/db';
import { closeSqliteIndexedDB, sqliteIndexedDB } from './indexeddb/sqlite-indexeddb';
import type { FileOptions } from './indexeddb/sqlite-file';

/**
 * IndexedDB for the hosts, which have no native IndexedDB: the engine in ./indexeddb, each database one
 * SQLite file in `folder` in WAL mode with synchronous=FULL, so a transaction is on disk before it completes
 * and an acknowledged write survives a crash; but a store being built that is thrown away unless completed
 * may be opened `{ durable: false }` (sqlite-file.ts FileOptions). One engine per folder in a process;
 * folders are independent.
 */
export function sqliteIdb(folder: string, options?: FileOptions): IdbPlatform {
  const { indexedDB, IDBKeyRange } = sqliteIndexedDB(folder, options);
  return { indexedDB, IDBKeyRange };
}

/** Closes the folder's files once its databases are closed (indexeddb/sqlite-indexeddb.ts `closeSqliteIndexedDB`). */
export const closeSqliteIdb = closeSqliteIndexedDB;
