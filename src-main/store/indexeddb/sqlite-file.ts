import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { KeyPath } from './types';
import { DICTIONARIES_TABLE, ValueDictionaries, type DictionaryFile } from './value-dictionaries';

/**
 * One IndexedDB database in one SQLite file: its catalogue (name, version, object stores, indexes, key
 * generators) and its data, in five tables:
 *
 * - `records`: one row per record, `(store, key)` unique, the key as key-codec.ts bytes and the value as
 *   value-codec.ts bytes. A rowid table: values run to kilobytes, which a WITHOUT ROWID table would copy into
 *   its interior pages.
 * - `index_records`: one row per index entry, `(idx, key, pk)`, all in its primary key (WITHOUT ROWID): an
 *   index is read by ranges of `(key, pk)` in IndexedDB's order, and holds no other data.
 * - `object_stores` and `indexes`: the schema, rewritten whole when an upgrade commits.
 * - `value_dictionaries`: what each store's values are deflated with (value-dictionaries.ts). A file of
 *   a release before has none, and gains the table as it opens.
 *
 * WAL journal with synchronous=FULL: a transaction is on disk before its `complete` event, and readers (a
 * backup's snapshot) do not block the writer. A scratch file (FileOptions) does not wait for the disk.
 */
export interface StoreRow {
  id: number;
  name: string;
  keyPath: KeyPath | null;
  autoIncrement: boolean;
  keyGenerator: number;
}

export interface IndexRow {
  id: number;
  store: number;
  name: string;
  keyPath: KeyPath;
  unique: boolean;
  multiEntry: boolean;
}

/**
 * Names (of the database, its stores and indexes) are kept as JSON strings: a name is any JavaScript string,
 * lone surrogates included, which SQLite's UTF-8 text would turn into U+FFFD and so make two names one.
 */
const nameOf = (stored: string): string => JSON.parse(stored) as string;

/**
 * What a file says it is; `format` lets a later layout convert an older one. A file is in format 1 until it
 * stores its first dictionary, then in 2: releases before cannot read values deflated with one, and refuse
 * such a file as they open it rather than fail on its values one by one.
 */
export const FILE_FORMAT = 2;
const FIRST_FORMAT = 1;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS object_stores (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, key_path TEXT, auto_increment INTEGER NOT NULL,
    key_generator REAL NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS indexes (
    id INTEGER PRIMARY KEY, store INTEGER NOT NULL, name TEXT NOT NULL, key_path TEXT NOT NULL,
    is_unique INTEGER NOT NULL, multi_entry INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS records (
    store INTEGER NOT NULL, key BLOB NOT NULL, value BLOB NOT NULL, UNIQUE (store, key));
  CREATE TABLE IF NOT EXISTS index_records (
    idx INTEGER NOT NULL, key BLOB NOT NULL, pk BLOB NOT NULL, PRIMARY KEY (idx, key, pk)) WITHOUT ROWID;
  ${DICTIONARIES_TABLE}
`;

export interface FileOptions {
  /**
   * False for a store being built that is thrown away unless it is completed (an archive's restore,
   * src-main/archive/build-store.ts): its transactions do not wait for the disk (synchronous=OFF), which a
   * crash can only cost a store that is discarded anyway. A completed file is as whole as any: SQLite keeps
   * it consistent whatever the setting, short of the machine losing power.
   */
  durable: boolean;
}

/**
 * The write-ahead log's size on disk once SQLite has folded it into the file and starts it again: a
 * large transaction (an import's batch, the search index's first build) grows it to tens of megabytes,
 * which SQLite would otherwise keep, reused, for as long as the file is open and after (measured on the
 * benchmark store: 21 MB beside a file of 83). About what SQLite's default checkpoint, at 1,000 pages,
 * lets it reach anyway.
 */
export const WAL_KEPT_BYTES = 4 * 1024 * 1024;

/** Statements kept ready: the engine's SQL has a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 128;

export class SqliteFile implements DictionaryFile {
  readonly path: string;
  private connection: Database.Database | null = null;
  private readonly statements = new Map<string, Database.Statement>();
  private valueDictionaries = new ValueDictionaries(this);

  constructor(
    path: string,
    private readonly options: FileOptions = { durable: true },
  ) {
    this.path = path;
  }

  get exists(): boolean {
    return this.connection !== null || fs.existsSync(this.path);
  }

  /** The connection, opened (and the file made) at first use. */
  get db(): Database.Database {
    if (this.connection) return this.connection;
    const connection = new Database(this.path);
    try {
      connection.pragma('journal_mode = WAL');
      connection.pragma(this.options.durable ? 'synchronous = FULL' : 'synchronous = OFF');
      connection.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
      connection.exec(SCHEMA);
    } catch (error) {
      connection.close();
      throw error;
    }
    this.connection = connection;
    return connection;
  }

  /** The database name a file records, read without keeping it open; null if it records none. */
  peekName(): string | null {
    const connection = new Database(this.path, { readonly: true, fileMustExist: true });
    try {
      const row = connection.prepare("SELECT value FROM meta WHERE name = 'name'").get() as
        { value?: unknown } | undefined;
      return typeof row?.value === 'string' ? nameOf(row.value) : null;
    } catch {
      return null;
    } finally {
      connection.close();
    }
  }

  statement(sql: string): Database.Statement {
    const ready = this.statements.get(sql);
    if (ready) return ready;
    const statement = this.db.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENT_CACHE_SIZE) {
      this.statements.delete(this.statements.keys().next().value as string);
    }
    return statement;
  }

  /** The dictionaries of this file's values, read at first use. */
  get dictionaries(): ValueDictionaries {
    return this.valueDictionaries;
  }

  markHoldsDictionaries(): void {
    this.statement("INSERT OR REPLACE INTO meta (name, value) VALUES ('format', ?)").run(FILE_FORMAT);
  }

  /** Starts the write transaction if none is open: the engine runs one writing transaction at a time. */
  beginWrite(): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN IMMEDIATE');
  }

  get writing(): boolean {
    return this.connection?.inTransaction ?? false;
  }

  commit(): void {
    if (this.writing) this.db.exec('COMMIT');
    this.valueDictionaries.committed();
  }

  rollback(): void {
    if (this.writing) this.db.exec('ROLLBACK');
    this.valueDictionaries.rolledBack();
  }

  readCatalogue(): { name: string | null; version: number; stores: StoreRow[]; indexes: IndexRow[] } {
    const meta = new Map(
      (this.statement('SELECT name, value FROM meta').all() as { name: string; value: unknown }[]).map((row) => [
        row.name,
        row.value,
      ]),
    );
    const format = meta.get('format');
    if (format !== undefined && format !== FIRST_FORMAT && format !== FILE_FORMAT) {
      throw new Error(`${this.path} is in storage format ${String(format)}, which this version cannot read`);
    }
    const stores = (
      this.statement('SELECT id, name, key_path, auto_increment, key_generator FROM object_stores').all() as {
        id: number;
        name: string;
        key_path: string | null;
        auto_increment: number;
        key_generator: number;
      }[]
    ).map((row) => ({
      id: row.id,
      name: nameOf(row.name),
      keyPath: row.key_path === null ? null : (JSON.parse(row.key_path) as KeyPath),
      autoIncrement: row.auto_increment === 1,
      keyGenerator: row.key_generator,
    }));
    const indexes = (
      this.statement('SELECT id, store, name, key_path, is_unique, multi_entry FROM indexes').all() as {
        id: number;
        store: number;
        name: string;
        key_path: string;
        is_unique: number;
        multi_entry: number;
      }[]
    ).map((row) => ({
      id: row.id,
      store: row.store,
      name: nameOf(row.name),
      keyPath: JSON.parse(row.key_path) as KeyPath,
      unique: row.is_unique === 1,
      multiEntry: row.multi_entry === 1,
    }));
    const name = meta.get('name');
    const version = meta.get('version');
    return {
      name: typeof name === 'string' ? nameOf(name) : null,
      version: typeof version === 'number' ? version : 0,
      stores,
      indexes,
    };
  }

  /** Rewrites the catalogue inside the open write transaction, as an upgrade commits. */
  writeCatalogue(name: string, version: number, stores: readonly StoreRow[], indexes: readonly IndexRow[]): void {
    const setMeta = this.statement('INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)');
    this.statement("INSERT OR IGNORE INTO meta (name, value) VALUES ('format', ?)").run(FIRST_FORMAT);
    setMeta.run('name', JSON.stringify(name));
    setMeta.run('version', version);
    this.statement('DELETE FROM object_stores').run();
    const insertStore = this.statement(
      'INSERT INTO object_stores (id, name, key_path, auto_increment, key_generator) VALUES (?, ?, ?, ?, ?)',
    );
    for (const store of stores) {
      insertStore.run(
        store.id,
        JSON.stringify(store.name),
        store.keyPath === null ? null : JSON.stringify(store.keyPath),
        store.autoIncrement ? 1 : 0,
        store.keyGenerator,
      );
    }
    this.statement('DELETE FROM indexes').run();
    const insertIndex = this.statement(
      'INSERT INTO indexes (id, store, name, key_path, is_unique, multi_entry) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const index of indexes) {
      insertIndex.run(
        index.id,
        index.store,
        JSON.stringify(index.name),
        JSON.stringify(index.keyPath),
        index.unique ? 1 : 0,
        index.multiEntry ? 1 : 0,
      );
    }
  }

  /** The ids the catalogue on disk names, to find the data of stores and indexes an upgrade removed. */
  catalogueIds(): { stores: number[]; indexes: number[] } {
    return {
      stores: (this.statement('SELECT id FROM object_stores').pluck().all() as number[]).slice(),
      indexes: (this.statement('SELECT id FROM indexes').pluck().all() as number[]).slice(),
    };
  }

  saveKeyGenerator(store: number, value: number): void {
    this.statement('UPDATE object_stores SET key_generator = ? WHERE id = ?').run(value, store);
  }

  /** Removes a store's records and the dictionaries they were deflated with. */
  dropStoreData(store: number): void {
    this.statement('DELETE FROM records WHERE store = ?').run(store);
    this.valueDictionaries.dropStore(store);
  }

  dropIndexData(index: number): void {
    this.statement('DELETE FROM index_records WHERE idx = ?').run(index);
  }

  close(): void {
    this.statements.clear();
    this.connection?.close();
    this.connection = null;
    // The file may be replaced while closed (a restore): its dictionaries are read again, with a new cache space.
    this.valueDictionaries = new ValueDictionaries(this);
  }

  /** Removes the file and its WAL companions; the connection must be closed. */
  remove(): void {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(this.path + suffix, { force: true });
  }
}

/**
 * Moves the key generator of each named store to at least the last key given there, in a database file no
 * connection has open: a conversion carries over the keys an older store gave, so that the key of a record
 * deleted there is never given again.
 */
export function raiseKeyGenerators(path: string, lastGiven: ReadonlyMap<string, number>): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    const raise = db.prepare('UPDATE object_stores SET key_generator = max(key_generator, ?) WHERE name = ?');
    db.transaction(() => {
      for (const [store, last] of lastGiven) raise.run(last, JSON.stringify(store));
    })();
  } finally {
    db.close();
  }
}
