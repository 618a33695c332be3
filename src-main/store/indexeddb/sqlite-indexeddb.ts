import fs from 'node:fs';
import path from 'node:path';
// First: the engine's modules import each other in a cycle that must be entered through the factory.
import FDBFactory from './FDBFactory';
import FDBCursor from './FDBCursor';
import FDBCursorWithValue from './FDBCursorWithValue';
import FDBDatabase from './FDBDatabase';
import FDBIndex from './FDBIndex';
import FDBKeyRange from './FDBKeyRange';
import FDBObjectStore from './FDBObjectStore';
import FDBOpenDBRequest from './FDBOpenDBRequest';
import FDBRecord from './FDBRecord';
import FDBRequest from './FDBRequest';
import FDBTransaction from './FDBTransaction';
import FDBVersionChangeEvent from './FDBVersionChangeEvent';
import type { FileOptions } from './sqlite-file';

/** IndexedDB as this engine gives it: the factory, the key range, and every interface a page would have. */
export interface SqliteIndexedDB {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
  /** The interfaces by their IndexedDB names, as a page's global scope holds them. */
  globals: Record<string, unknown>;
  /** Closes the SQLite files, once every connection is closed. */
  close(): void;
}

const factories = new Map<string, SqliteIndexedDB>();

/**
 * IndexedDB on SQLite for the hosts, which have no IndexedDB of their own: each database one SQLite file in
 * `folder` (sqlite-file.ts). One per folder in a process, so that every connection to a database shares its
 * file and its transaction queue; different folders are independent. `options` are those of the folder's
 * first opening in the process, until it is closed.
 */
export function sqliteIndexedDB(folder: string, options?: FileOptions): SqliteIndexedDB {
  const resolved = path.resolve(folder);
  const existing = factories.get(resolved);
  if (existing) return existing;
  fs.mkdirSync(resolved, { recursive: true });
  const factory = new FDBFactory(resolved, options);
  const platform: SqliteIndexedDB = {
    indexedDB: factory as unknown as IDBFactory,
    IDBKeyRange: FDBKeyRange as unknown as typeof IDBKeyRange,
    globals: {
      indexedDB: factory,
      IDBCursor: FDBCursor,
      IDBCursorWithValue: FDBCursorWithValue,
      IDBDatabase: FDBDatabase,
      IDBFactory: FDBFactory,
      IDBIndex: FDBIndex,
      IDBKeyRange: FDBKeyRange,
      IDBObjectStore: FDBObjectStore,
      IDBOpenDBRequest: FDBOpenDBRequest,
      IDBRecord: FDBRecord,
      IDBRequest: FDBRequest,
      IDBTransaction: FDBTransaction,
      IDBVersionChangeEvent: FDBVersionChangeEvent,
    },
    close: () => {
      factories.delete(resolved);
      factory._closeFiles();
    },
  };
  factories.set(resolved, platform);
  return platform;
}

/**
 * Closes the SQLite files of `folder`'s engine, if this process has one, once its connections are closed:
 * each write-ahead log is folded into its file and removed, so that the stopped store is one file a person
 * can copy. The next `sqliteIndexedDB(folder)` opens them again.
 */
export function closeSqliteIndexedDB(folder: string): void {
  factories.get(path.resolve(folder))?.close();
}
