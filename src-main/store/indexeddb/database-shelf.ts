import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from './Database';
import { SqliteFile, type FileOptions } from './sqlite-file';

/** The files of this engine's databases: `idb-<name>.sqlite`, so other files in the folder are left alone. */
const PREFIX = 'idb-';
const SUFFIX = '.sqlite';
/** File names stay well under the 255 bytes file systems allow. */
const MAX_ESCAPED = 120;

/**
 * A database name as a file name the same on every file system: lower-case letters, digits, `-` and `_` as
 * they are, every other UTF-16 code unit as `~` and four hex digits (so `A` and `a`, which a case-insensitive
 * file system would confuse, differ, and so do names with lone surrogates). A long name is cut and given a
 * hash of the whole.
 */
export function databaseFileName(name: string): string {
  let escaped = '';
  for (let i = 0; i < name.length; i++) {
    const char = name.charAt(i);
    escaped += /[a-z0-9_-]/.test(char) ? char : `~${name.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  if (escaped.length > MAX_ESCAPED) {
    const hash = createHash('sha256').update(JSON.stringify(name), 'utf8').digest('hex').slice(0, 16);
    escaped = `${escaped.slice(0, MAX_ESCAPED - 17)}~~${hash}`;
  }
  return `${PREFIX}${escaped}${SUFFIX}`;
}

export const isDatabaseFile = (file: string): boolean => file.startsWith(PREFIX) && file.endsWith(SUFFIX);

/** The databases of one folder: those opened so far, and those on disk, read when first asked for. */
export class DatabaseShelf {
  private readonly loaded = new Map<string, Database>();

  constructor(
    readonly folder: string,
    private readonly options?: FileOptions,
  ) {}

  /** The database of that name, if it has been opened or its file exists. */
  get(name: string): Database | undefined {
    const open = this.loaded.get(name);
    if (open) return open;
    const file = new SqliteFile(path.join(this.folder, databaseFileName(name)), this.options);
    if (!fs.existsSync(file.path)) return undefined;
    let database: Database;
    try {
      database = new Database(name, file);
    } catch (error) {
      // Not kept: the next open reads the file again.
      file.close();
      throw error;
    }
    this.loaded.set(name, database);
    return database;
  }

  /** A new database, whose file is made when it is first written. */
  create(name: string): Database {
    const database = new Database(name, new SqliteFile(path.join(this.folder, databaseFileName(name)), this.options));
    this.loaded.set(name, database);
    return database;
  }

  set(name: string, database: Database): void {
    this.loaded.set(name, database);
  }

  /** Forgets a database and removes its file. */
  delete(name: string): void {
    const database = this.get(name);
    this.loaded.delete(name);
    if (!database) return;
    database.file.close();
    database.file.remove();
  }

  /** Every database in the folder, by the name each file records. */
  entries(): [string, Database][] {
    const names = new Set(this.loaded.keys());
    for (const file of fs.existsSync(this.folder) ? fs.readdirSync(this.folder) : []) {
      if (!isDatabaseFile(file)) continue;
      const name = new SqliteFile(path.join(this.folder, file)).peekName();
      if (name !== null && databaseFileName(name) === file) names.add(name);
    }
    return [...names].flatMap((name) => {
      const database = this.get(name);
      return database ? [[name, database] as [string, Database]] : [];
    });
  }

  /** Closes every file; the databases must have no transaction running. */
  close(): void {
    for (const database of this.loaded.values()) database.file.close();
    this.loaded.clear();
  }
}
