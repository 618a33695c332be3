import path from 'node:path';
import Database from 'better-sqlite3';
import { escapeDatabaseNameForSQLAndFiles, escapeSQLiteStatement } from 'indexeddbshim/src/util.js';
import { sqliteIndexedDB } from './indexeddb/sqlite-indexeddb';
import { shimIdb } from './shim-idb';
import { raiseKeyGenerators } from './indexeddb/sqlite-file';
import { storeFileOf } from './sqlite-files';

/** Records copied per transaction: a few megabytes of posts, a fraction of a second of work. */
export const RECORDS_PER_BATCH = 2_000;
/**
 * And at most about this many bytes: a post may hold 100,000 characters and its HTML, so 2,000 of the
 * largest would not fit the worker's heap (convert-store.ts); a batch ends at the read that passes this.
 */
const BYTES_PER_BATCH = 32 * 1024 * 1024;
/** Records read at a time while a batch is gathered. */
const RECORDS_PER_READ = 250;

/** How far a conversion is, in records of every database in the folder. */
export interface CopyProgress {
  copied: number;
  total: number;
}

interface IndexPlan {
  name: string;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
}

interface StorePlan {
  name: string;
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexes: IndexPlan[];
  count: number;
}

interface DatabasePlan {
  name: string;
  version: number;
  source: IDBDatabase;
  stores: StorePlan[];
}

/**
 * Copies every database of indexeddbshim's catalogue in `sourceDir` into this engine's files in `targetDir`,
 * at the IndexedDB level and without Dexie, so each record is copied as it is stored (the packing middleware's
 * form included): the same version, object stores and indexes, the records store by store in key order in
 * transactions of RECORDS_PER_BATCH, and each key generator where the shim left it. Answers the databases
 * copied and the shim's files they came from.
 *
 * Resumable: each batch commits on its own, and a store's copy goes on after the last key the target already
 * holds, so a copy cut short (a kill, a crash) carries on where it stopped; the target is the progress.
 * indexeddbshim allows one folder per module instance, so this runs in a worker thread (convert-worker.ts).
 */
export async function copyLegacyDatabases(
  sourceDir: string,
  targetDir: string,
  onProgress: (progress: CopyProgress) => void,
): Promise<{ databases: string[]; shimFiles: string[] }> {
  const source = shimIdb(sourceDir);
  const plans: DatabasePlan[] = [];
  try {
    for (const { name, version } of await source.indexedDB.databases()) {
      if (name === undefined || version === undefined) continue;
      const db = await done(source.indexedDB.open(name));
      plans.push({ name, version, source: db, stores: await planOf(db) });
    }
    const target = sqliteIndexedDB(targetDir);
    try {
      const progress = { copied: 0, total: plans.reduce((sum, plan) => sum + countOf(plan), 0) };
      for (const plan of plans) await copyDatabase(plan, target.indexedDB, source.IDBKeyRange, progress, onProgress);
    } finally {
      target.close();
    }
    // The engine keeps its key generators in its catalogue; with no connection open, they are set there.
    const shimFiles = plans.map((plan) => escapeDatabaseNameForSQLAndFiles(plan.name));
    for (const [i, plan] of plans.entries())
      carryKeyGenerators(plan, path.join(sourceDir, shimFiles[i] ?? ''), targetDir);
    return { databases: plans.map((plan) => plan.name), shimFiles };
  } finally {
    for (const plan of plans) plan.source.close();
  }
}

const countOf = (plan: DatabasePlan): number => plan.stores.reduce((sum, store) => sum + store.count, 0);

async function planOf(db: IDBDatabase): Promise<StorePlan[]> {
  const names = [...db.objectStoreNames];
  if (names.length === 0) return [];
  const transaction = db.transaction(names, 'readonly');
  const end = finished(transaction);
  const stores: StorePlan[] = [];
  for (const name of names) {
    const store = transaction.objectStore(name);
    const indexes = [...store.indexNames].map((indexName) => {
      const index = store.index(indexName);
      return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
    });
    stores.push({
      name,
      keyPath: store.keyPath,
      autoIncrement: store.autoIncrement,
      indexes,
      count: await done(store.count()),
    });
  }
  await end;
  return stores;
}

async function copyDatabase(
  plan: DatabasePlan,
  factory: IDBFactory,
  keyRange: typeof IDBKeyRange,
  progress: CopyProgress,
  onProgress: (progress: CopyProgress) => void,
): Promise<void> {
  const target = await openTarget(plan, factory);
  try {
    // What an earlier copy left counts as copied: a resumed conversion reports from where it stopped.
    for (const store of plan.stores) progress.copied += await countIn(target, store.name);
    onProgress({ ...progress });
    for (const store of plan.stores) {
      let last = await lastKeyOf(target, store.name);
      for (;;) {
        const { keys: batchKeys, values: batchValues } = await readBatch(plan.source, store.name, keyRange, last);
        if (batchKeys.length === 0) break;
        const writing = target.transaction(store.name, 'readwrite');
        const written = finished(writing);
        const into = writing.objectStore(store.name);
        for (const [i, key] of batchKeys.entries()) {
          if (store.keyPath === null) into.put(batchValues[i], key);
          else into.put(batchValues[i]);
        }
        await written;
        last = batchKeys[batchKeys.length - 1];
        progress.copied += batchKeys.length;
        onProgress({ ...progress });
      }
    }
  } finally {
    target.close();
  }
}

/** The records of `storeName` after `after`, in key order: RECORDS_PER_BATCH of them, or BYTES_PER_BATCH. */
async function readBatch(
  source: IDBDatabase,
  storeName: string,
  keyRange: typeof IDBKeyRange,
  after: IDBValidKey | undefined,
): Promise<{ keys: IDBValidKey[]; values: unknown[] }> {
  const keys: IDBValidKey[] = [];
  const values: unknown[] = [];
  let bytes = 0;
  let last = after;
  while (keys.length < RECORDS_PER_BATCH && bytes < BYTES_PER_BATCH) {
    const range = last === undefined ? null : keyRange.lowerBound(last, true);
    const count = Math.min(RECORDS_PER_READ, RECORDS_PER_BATCH - keys.length);
    const reading = source.transaction(storeName, 'readonly');
    const read = finished(reading);
    const [chunkKeys, chunkValues] = await Promise.all([
      done(reading.objectStore(storeName).getAllKeys(range, count)),
      done(reading.objectStore(storeName).getAll(range, count)),
    ]);
    await read;
    keys.push(...chunkKeys);
    values.push(...(chunkValues as unknown[]));
    for (const value of chunkValues as unknown[]) bytes += roughSize(value);
    last = chunkKeys[chunkKeys.length - 1];
    if (chunkKeys.length < count) break;
  }
  return { keys, values };
}

/**
 * About the bytes a stored value takes in memory: its strings and binary data, with a little per field. The
 * store's rows are a few levels deep; below MAX_DEPTH (or in a cycle a structured clone may hold) a field
 * counts as small.
 */
function roughSize(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length * 2;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return 8;
  let size = 16;
  for (const field of Object.values(value as Record<string, unknown>)) size += 8 + roughSize(field, depth + 1);
  return size;
}

const MAX_DEPTH = 16;

/**
 * The target database at the source's version with its object stores and indexes, made in one upgrade (which
 * commits whole or not at all). A target left by an earlier copy at another version, or with other stores, is
 * not this source's copy (a restore replaced the store since): it is made again.
 */
async function openTarget(plan: DatabasePlan, factory: IDBFactory): Promise<IDBDatabase> {
  const existing = (await factory.databases()).find((info) => info.name === plan.name);
  if (existing && existing.version !== plan.version) await done(factory.deleteDatabase(plan.name));
  const request = factory.open(plan.name, plan.version);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const store of plan.stores) {
      const made = db.createObjectStore(store.name, { keyPath: store.keyPath, autoIncrement: store.autoIncrement });
      for (const index of store.indexes) {
        made.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
      }
    }
  };
  const db = await done(request);
  const names = [...db.objectStoreNames].sort();
  const wanted = plan.stores.map((store) => store.name).sort();
  if (names.join('\n') === wanted.join('\n')) return db;
  db.close();
  await done(factory.deleteDatabase(plan.name));
  return openTarget(plan, factory);
}

async function lastKeyOf(db: IDBDatabase, storeName: string): Promise<IDBValidKey | undefined> {
  const transaction = db.transaction(storeName, 'readonly');
  const end = finished(transaction);
  const cursor = await done(transaction.objectStore(storeName).openKeyCursor(null, 'prev'));
  const key = cursor?.key;
  await end;
  return key;
}

async function countIn(db: IDBDatabase, storeName: string): Promise<number> {
  const transaction = db.transaction(storeName, 'readonly');
  const end = finished(transaction);
  const count = await done(transaction.objectStore(storeName).count());
  await end;
  return count;
}

/**
 * The shim keeps the next key of each store's generator in its `__sys__` table (`currNum`); the engine keeps
 * the last key given (`object_stores.key_generator`). Copying the records moved the engine's past every key
 * copied; this moves it past every key the shim ever gave, so the id of a deleted record is never given again.
 */
function carryKeyGenerators(plan: DatabasePlan, sourceFile: string, targetDir: string): void {
  const autoIncrement = plan.stores.filter((store) => store.autoIncrement);
  if (autoIncrement.length === 0) return;
  const shim = new Database(sourceFile, { readonly: true, fileMustExist: true });
  const next = new Map<string, number>();
  try {
    const read = shim.prepare('SELECT currNum FROM __sys__ WHERE name = ?').pluck();
    for (const store of autoIncrement) {
      const value = read.get(escapeSQLiteStatement(store.name));
      if (typeof value === 'number') next.set(store.name, value);
    }
  } finally {
    shim.close();
  }
  raiseKeyGenerators(
    path.join(targetDir, storeFileOf(plan.name)),
    new Map([...next].map(([name, value]) => [name, value - 1])),
  );
}

/** The result of a request, once it succeeds. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('an IndexedDB request failed'));
  });
}

/** A transaction's end: resolves once it has committed. */
function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('an IndexedDB transaction was aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('an IndexedDB transaction failed'));
  });
}
