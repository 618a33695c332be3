import type Database from 'better-sqlite3';
import { DICTIONARY_FROM, plainBytes, type Dictionary, type DictionarySource } from './value-codec';

/**
 * The dictionaries a file's values are deflated with (value-codec.ts, form 'D'), in its table
 * `value_dictionaries (id, store, bytes)`.
 *
 * A store gets its first dictionary once it holds FIRST_AT records, and another each time it has grown
 * GROWTH times since (its values may have drifted from what the last one was made of), at most
 * MAX_PER_STORE: writes use the newest. A dictionary is made of the store's own values in their plain
 * forms, a sample of bounded size read in bounded time whatever the values hold (SAMPLE_ROWS rows, those
 * stored or inflating over SAMPLE_VALUE_MAX bytes skipped, the former without being read, MAX_BYTES in
 * all). It is written in the transaction of the write that made it, and never changed while the store
 * exists: values refer to it by its id, which AUTOINCREMENT never gives again. Clearing or deleting a
 * store removes its dictionaries with its values.
 */
export const FIRST_AT = 64;
export const GROWTH = 16;
export const MAX_PER_STORE = 4;
/**
 * A quarter of deflate's window: deflating with a dictionary first hashes all of it, which is most of
 * what a write spends deflating. Measured building the 5,000-post benchmark store: 8 KiB took 0.95 s of
 * zlib in all against 1.78 s at 16 KiB, and the store was as small (2,578 bytes a post against 2,575;
 * posts 250 against 238, the smaller values of other stores no larger).
 */
export const MAX_BYTES = 8 * 1024;
const SAMPLE_ROWS = 256;
const SAMPLE_VALUE_MAX = 4096;
/** A sample smaller than this (a store of large values) makes no dictionary worth having. */
const SMALLEST = 1024;

export const DICTIONARIES_TABLE = `CREATE TABLE IF NOT EXISTS value_dictionaries (
    id INTEGER PRIMARY KEY AUTOINCREMENT, store INTEGER NOT NULL, bytes BLOB NOT NULL);`;

/** The statements the dictionaries need from their file. */
export interface DictionaryFile {
  readonly path: string;
  statement(sql: string): Database.Statement;
  /** The file's format is raised as its first dictionary is stored: older releases cannot read such values. */
  markHoldsDictionaries(): void;
}

let spaces = 0;

export class ValueDictionaries implements DictionarySource {
  private byId: Map<number, Buffer> | null = null;
  /** Each store's dictionaries, oldest first. */
  private readonly byStore = new Map<number, Dictionary[]>();
  /** Records a store may be written before it is counted again for its next dictionary. */
  private readonly countdown = new Map<number, number>();
  /** Whether the running write transaction made or removed dictionaries: a rollback then reloads them. */
  private changed = false;
  cacheSpace = newSpace();

  constructor(private readonly file: DictionaryFile) {}

  get path(): string {
    return this.file.path;
  }

  dictionary(id: number): Buffer | undefined {
    return this.loaded().get(id);
  }

  /** The store's dictionaries, oldest first. */
  of(store: number): readonly Dictionary[] {
    this.loaded();
    return this.byStore.get(store) ?? [];
  }

  /**
   * The dictionary a value written to `store` now is deflated with, made first if the store has grown
   * enough for one. Called inside the write transaction, before the value is written.
   */
  forWriting(store: number): Dictionary | undefined {
    const left = this.countdown.get(store) ?? 0;
    if (left > 0) {
      this.countdown.set(store, left - 1);
      return this.of(store).at(-1);
    }
    const made = this.of(store);
    if (made.length >= MAX_PER_STORE) {
      this.countdown.set(store, Number.POSITIVE_INFINITY);
      return made.at(-1);
    }
    const due = FIRST_AT * GROWTH ** made.length;
    const held = this.file
      .statement('SELECT count(*) FROM (SELECT 1 FROM records WHERE store = ? LIMIT ?)')
      .pluck()
      .get(store, due) as number;
    if (held < due) {
      // The value being written is one of them.
      this.countdown.set(store, due - held - 1);
      return made.at(-1);
    }
    // Checked again once the store may have grown GROWTH times more, whether or not one is made now.
    this.countdown.set(store, due * (GROWTH - 1));
    const bytes = this.sample(store);
    if (bytes.length < SMALLEST) return made.at(-1);
    this.file.markHoldsDictionaries();
    const id = Number(
      this.file.statement('INSERT INTO value_dictionaries (store, bytes) VALUES (?, ?)').run(store, bytes)
        .lastInsertRowid,
    );
    this.changed = true;
    this.add(id, store, bytes);
    return { id, bytes };
  }

  /** Forgets a store's dictionaries, whose rows `dropStoreData` removes with its values. */
  dropStore(store: number): void {
    this.file.statement('DELETE FROM value_dictionaries WHERE store = ?').run(store);
    for (const dictionary of this.byStore.get(store) ?? []) this.byId?.delete(dictionary.id);
    this.byStore.delete(store);
    this.countdown.delete(store);
    this.changed = true;
  }

  committed(): void {
    this.changed = false;
  }

  /**
   * After a rollback: dictionaries it made are gone from the file and their ids may be given again, to
   * other bytes, so they are read again and cached texts are kept apart from the ones read before.
   */
  rolledBack(): void {
    if (!this.changed) return;
    this.changed = false;
    this.byId = null;
    this.byStore.clear();
    this.countdown.clear();
    this.cacheSpace = newSpace();
  }

  /**
   * The plain forms of the store's newest values by key that are deflated with a dictionary and not over
   * SAMPLE_VALUE_MAX, up to MAX_BYTES, the newest last: deflate reaches what is nearest more cheaply. A
   * store of short values gets none (under SMALLEST).
   */
  private sample(store: number): Buffer {
    const rows = this.file
      .statement(
        `SELECT CASE WHEN length(value) <= ${SAMPLE_VALUE_MAX} THEN value END FROM records WHERE store = ? ` +
          `ORDER BY key DESC LIMIT ${SAMPLE_ROWS}`,
      )
      .pluck()
      .all(store) as (Buffer | null)[];
    const parts: Buffer[] = [];
    let size = 0;
    for (const stored of rows) {
      const value = stored === null ? undefined : plainBytes(stored, this, SAMPLE_VALUE_MAX);
      // Values too short to be deflated with a dictionary are not what it is for.
      if (value === undefined || value.length < DICTIONARY_FROM) continue;
      if (size + value.length > MAX_BYTES) break;
      parts.push(value);
      size += value.length;
    }
    return Buffer.concat(parts.reverse());
  }

  private loaded(): Map<number, Buffer> {
    if (this.byId) return this.byId;
    this.byId = new Map();
    this.byStore.clear();
    const rows = this.file.statement('SELECT id, store, bytes FROM value_dictionaries ORDER BY id').all() as {
      id: number;
      store: number;
      bytes: Buffer;
    }[];
    for (const row of rows) this.add(row.id, row.store, row.bytes);
    return this.byId;
  }

  private add(id: number, store: number, bytes: Buffer): void {
    this.loaded().set(id, bytes);
    const list = this.byStore.get(store) ?? [];
    list.push({ id, bytes });
    this.byStore.set(store, list);
  }
}

function newSpace(): string {
  spaces += 1;
  return `${spaces.toString(36)}:`;
}

/**
 * The dictionaries of a file opened by other means than the engine (tests reading rows straight from
 * SQLite), with a cache space of their own.
 */
export function dictionariesIn(db: Database.Database): DictionarySource {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'value_dictionaries'").get() !== undefined;
  const lookup = hasTable ? db.prepare('SELECT bytes FROM value_dictionaries WHERE id = ?').pluck() : null;
  return {
    path: db.name,
    cacheSpace: `${newSpace()}unshared:`,
    dictionary: (id) => (lookup?.get(id) as Buffer | undefined) ?? undefined,
  };
}
