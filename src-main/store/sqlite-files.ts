import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseFileName, isDatabaseFile } from './indexeddb/database-shelf';

export { isDatabaseFile };

/** The catalogue of databases of indexeddbshim, the store's engine before ./indexeddb (a store it wrote is converted). */
export const LEGACY_CATALOGUE_FILE = '__sysdb__.sqlite';

/** The store's SQLite files in `db/`: each database (and a store not yet converted, its catalogue); never their -wal or -shm companions. */
export const isStoreFile = (name: string): boolean => name.endsWith('.sqlite');

/** The file that holds the database of that name (./indexeddb keeps each database in one file). */
export const storeFileOf = (databaseName: string): string => databaseFileName(databaseName);

/** Pages copied per step of an online backup: about 1 MB, a few milliseconds of the host's event loop. */
export const PAGES_PER_STEP = 256;

/**
 * The schema version of `databaseName` as the store in `folder` records it (Dexie's version; IndexedDB
 * holds ten times it), or null when the folder holds no such database yet. A store indexeddbshim wrote
 * answers from its catalogue. Read-only: nothing is opened for writing before the host decides what to do.
 */
export function storedSchemaVersion(folder: string, databaseName: string): number | null {
  const file = path.join(folder, storeFileOf(databaseName));
  if (fs.existsSync(file)) {
    const version = readOnly(file, (db) => db.prepare("SELECT value FROM meta WHERE name = 'version'").get()) as
      { value?: unknown } | undefined;
    return typeof version?.value === 'number' ? Math.floor(version.value / 10) : null;
  }
  const catalogue = path.join(folder, LEGACY_CATALOGUE_FILE);
  if (!fs.existsSync(catalogue)) return null;
  const row = readOnly(catalogue, (db) =>
    db.prepare('SELECT version FROM dbVersions WHERE name = ?').get(databaseName),
  ) as { version?: unknown } | undefined;
  return typeof row?.version === 'number' ? Math.floor(row.version / 10) : null;
}

function readOnly<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * The page cache, in KiB, of a connection that reads a whole file once (a backup's copy, its integrity
 * check): better-sqlite3's default of 16 MB made a backup of the benchmark store add 70 MB to the host's
 * resident memory, and a pass that never reads a page twice gains nothing from it.
 */
export const PASS_CACHE_KIB = 1024;

/**
 * Copies SQLite files with SQLite's online backup while the host keeps writing to them.
 *
 * Each source is opened read-only and a read transaction begun on all of them before the first page is
 * copied: in WAL mode that pins one snapshot per file, which writers do not wait for. SQLite restarts a
 * backup whenever another connection changes its source between steps, so without the snapshot a host that
 * writes more often than a backup takes would never finish one (measured: a store written every
 * millisecond never completed); with it, the copy is the store as it was when the backup began, and is
 * made in steps of PAGES_PER_STEP that leave the event loop to the host's requests in between.
 *
 * The copies leave WAL mode, so each is one self-contained file.
 */
export async function copyOnline(sources: readonly string[], targetDir: string): Promise<void> {
  const connections = sources.map((source) => new Database(source, { readonly: true, fileMustExist: true }));
  try {
    for (const connection of connections) {
      connection.pragma(`cache_size = -${PASS_CACHE_KIB}`);
      connection.exec('BEGIN');
      connection.prepare('SELECT count(*) FROM sqlite_master').get();
    }
    for (const [i, connection] of connections.entries()) {
      const target = path.join(targetDir, path.basename(sources[i] ?? ''));
      await connection.backup(target, { progress: () => PAGES_PER_STEP });
      const copy = new Database(target, { fileMustExist: true });
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
    }
  } finally {
    for (const connection of connections) {
      if (connection.inTransaction) connection.exec('COMMIT');
      connection.close();
    }
  }
}
