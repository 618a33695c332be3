import type { IdbPlatform } from '../../src-shared/store/db';
import { sqliteIndexedDB } from './indexeddb/sqlite-indexeddb';

/**
 * IndexedDB for the hosts, which have no native IndexedDB: the engine in ./indexeddb, each database one
 * SQLite file in `folder` in WAL mode with synchronous=FULL, so a transaction is on disk before it completes
 * and an acknowledged write survives a crash. One engine per folder in a process; folders are independent.
 */
export function sqliteIdb(folder: string): IdbPlatform {
  const { indexedDB, IDBKeyRange } = sqliteIndexedDB(folder);
  return { indexedDB, IDBKeyRange };
}
