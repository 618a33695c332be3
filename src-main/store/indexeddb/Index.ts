import FDBRecord from './FDBRecord';
import { ConstraintError } from './errors';
import extractKey from './extractKey';
import { normalizeKeyPath } from './validateKeyPath';
import valueToKey from './valueToKey';
import type ObjectStore from './ObjectStore';
import type { FDBCursorDirection, Key, KeyPath, Value } from './types';
import type FDBTransaction from './FDBTransaction';
import type FDBKeyRange from './FDBKeyRange';
import { decodeKey, encodeKey } from './key-codec';
import { asRange, boundsSql, rangeBounds, type Bounds } from './sql-bounds';
import { READ_VALUE } from './value-codec';

/** An index entry as SQLite holds it: the encoded index key and the encoded primary key of its record. */
export interface StoredEntry {
  key: Buffer;
  pk: Buffer;
  /** The record's stored value, when it was read with the entry. */
  value?: Buffer | string | null;
}

/** An entry's record's value, as a column of a query of `index_records` (its one parameter: the store). */
const RECORD_VALUE = `(SELECT ${READ_VALUE} FROM records WHERE store = ? AND records.key = index_records.pk)`;

/** Records read per step while an index is built over a store's existing records. */
const BUILD_PAGE = 500;

// http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-index
class Index {
  public deleted = false;
  // Initialized should be used to decide whether to throw an error or abort the versionchange transaction when there is a
  // constraint
  public initialized = false;
  public readonly rawObjectStore: ObjectStore;
  public readonly id: number;
  public name: string;
  public readonly keyPath: KeyPath;
  public multiEntry: boolean;
  public unique: boolean;

  constructor(
    rawObjectStore: ObjectStore,
    name: string,
    keyPath: KeyPath,
    multiEntry: boolean,
    unique: boolean,
    id?: number,
  ) {
    this.rawObjectStore = rawObjectStore;
    this.id = id ?? rawObjectStore.rawDatabase.allocateId();

    this.name = name;
    this.keyPath = normalizeKeyPath(keyPath);
    this.multiEntry = multiEntry;
    this.unique = unique;
  }

  private get file() {
    return this.rawObjectStore.rawDatabase.file;
  }

  /**
   * Entries in `bounds`, in (key, primary key) order or its reverse, at most `limit` (0 for all); with
   * `withValues`, each with its record's stored value, read in the same statement rather than one lookup a
   * record (a timeline of a hundred posts was a hundred and one statements).
   */
  public select(bounds: Bounds, descending: boolean, limit: number, withValues = false): StoredEntry[] {
    const rows = withValues
      ? this.query(`key, pk, ${RECORD_VALUE} AS value`, [this.rawObjectStore.id], bounds, descending, limit)
      : this.query('key, pk', [], bounds, descending, limit);
    return rows as StoredEntry[];
  }

  /** The stored values of the records of the entries `select` would give, and nothing else. */
  private selectValues(bounds: Bounds, descending: boolean, limit: number): (Buffer | string | null)[] {
    return this.query(RECORD_VALUE, [this.rawObjectStore.id], bounds, descending, limit, true) as (
      Buffer | string | null
    )[];
  }

  private query(
    columns: string,
    columnParams: unknown[],
    bounds: Bounds,
    descending: boolean,
    limit: number,
    pluck = false,
  ): unknown[] {
    if (!this.file.exists) return [];
    const where = boundsSql(bounds, true);
    const order = descending ? 'key DESC, pk DESC' : 'key, pk';
    const statement = this.file.statement(
      `SELECT ${columns} FROM index_records WHERE idx = ?${where.sql} ORDER BY ${order}${limit > 0 ? ' LIMIT ?' : ''}`,
    );
    const params: unknown[] = [...columnParams, this.id, ...where.params];
    if (limit > 0) params.push(limit);
    return statement.pluck(pluck).all(...params);
  }

  /** Where a read of `count` entries (0 or none for all) in `direction` starts, stops and goes. */
  private plan(range: FDBKeyRange | Key | undefined, count?: number, direction?: FDBCursorDirection) {
    return {
      bounds: rangeBounds(range === undefined ? undefined : asRange(range)),
      limit: count === undefined || count === 0 ? 0 : count,
      descending: direction === 'prev' || direction === 'prevunique',
      unique: direction === 'nextunique' || direction === 'prevunique',
    };
  }

  /** The entries a read asks for; the unique directions keep the first entry (lowest primary key) of each key. */
  private entries(
    range: FDBKeyRange | Key | undefined,
    count?: number,
    direction?: FDBCursorDirection,
    withValues = false,
  ): StoredEntry[] {
    const { bounds, limit, descending, unique } = this.plan(range, count, direction);
    if (!unique) return this.select(bounds, descending, limit, withValues);
    const kept: StoredEntry[] = [];
    for (const entry of this.select(bounds, false, 0)) {
      if (!kept.at(-1)?.key.equals(entry.key)) kept.push(entry);
    }
    if (descending) kept.reverse();
    return limit > 0 ? kept.slice(0, limit) : kept;
  }

  /** The value of an entry's record: read with it (select's `withValues`), or looked up. */
  private valueOf(entry: StoredEntry): Value {
    return entry.value ? this.rawObjectStore.decode(entry.value) : this.rawObjectStore.valueAt(entry.pk);
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-for-retrieving-a-value-from-an-index
  public getKey(key: FDBKeyRange | Key) {
    const [entry] = this.entries(key, 1);
    return entry !== undefined ? decodeKey(entry.pk) : undefined;
  }

  // http://w3c.github.io/IndexedDB/#retrieve-multiple-referenced-values-from-an-index
  public getAllKeys(range: FDBKeyRange, count?: number, direction?: FDBCursorDirection) {
    return this.entries(range, count, direction).map((entry) => decodeKey(entry.pk));
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#index-referenced-value-retrieval-operation
  public getValue(key: FDBKeyRange | Key): Value {
    const [entry] = this.entries(key, 1, undefined, true);
    return entry !== undefined ? this.valueOf(entry) : undefined;
  }

  // http://w3c.github.io/IndexedDB/#retrieve-multiple-referenced-values-from-an-index
  public getAllValues(range: FDBKeyRange, count?: number, direction?: FDBCursorDirection) {
    const { bounds, limit, descending, unique } = this.plan(range, count, direction);
    if (unique) return this.entries(range, count, direction, true).map((entry) => this.valueOf(entry));
    const values = this.selectValues(bounds, descending, limit);
    // An entry always has its record: the store and its indexes change in one step.
    return values.map((value) => (value === null ? undefined : this.rawObjectStore.decode(value)));
  }

  // https://www.w3.org/TR/IndexedDB/#dom-idbindex-getallrecords
  public getAllRecords(range: FDBKeyRange, count?: number, direction?: FDBCursorDirection) {
    return this.entries(range, count, direction, true).map(
      (entry) => new FDBRecord(decodeKey(entry.key), decodeKey(entry.pk), this.valueOf(entry)),
    );
  }

  /** The encoded keys this index holds for a record's value: none, one, or a multiEntry array's distinct ones. */
  public keysOf(value: Value): Buffer[] {
    let indexKey: Key;
    try {
      indexKey = extractKey(this.keyPath, value).key;
    } catch (err) {
      if ((err as Error).name === 'DataError') {
        // Invalid key is not an actual error, just means we do not store an entry in this index
        return [];
      }

      throw err;
    }

    if (!this.multiEntry || !Array.isArray(indexKey)) {
      try {
        return [encodeKey(valueToKey(indexKey))];
      } catch {
        return [];
      }
    }
    // remove any elements from index key that are not valid keys and remove any duplicate elements from index
    // key such that only one instance of the duplicate value remains.
    const keep = new Map<string, Buffer>();
    for (const part of indexKey as unknown[]) {
      try {
        const encoded = encodeKey(valueToKey(part));
        keep.set(encoded.toString('latin1'), encoded);
      } catch {
        /* Do nothing */
      }
    }
    return [...keep.values()];
  }

  /**
   * What storing `value` under `pk` changes in this index, in two steps: `check` throws the ConstraintError of
   * a unique index before anything is written, `apply` writes. Keys the old value had too are left alone.
   */
  public entryChanges(pk: Buffer, oldValue: Value, newValue: Value, hadOld: boolean) {
    const oldKeys = hadOld ? this.keysOf(oldValue) : [];
    const newKeys = this.keysOf(newValue);
    const had = new Set(oldKeys.map((key) => key.toString('latin1')));
    const has = new Set(newKeys.map((key) => key.toString('latin1')));
    const added = newKeys.filter((key) => !had.has(key.toString('latin1')));
    const removed = oldKeys.filter((key) => !has.has(key.toString('latin1')));
    return {
      check: () => {
        if (!this.unique || !this.file.exists) return;
        const taken = this.file.statement('SELECT 1 FROM index_records WHERE idx = ? AND key = ? LIMIT 1');
        for (const key of added) if (taken.get(this.id, key) !== undefined) throw new ConstraintError();
      },
      apply: () => {
        const remove = this.file.statement('DELETE FROM index_records WHERE idx = ? AND key = ? AND pk = ?');
        for (const key of removed) remove.run(this.id, key, pk);
        const insert = this.file.statement('INSERT INTO index_records (idx, key, pk) VALUES (?, ?, ?)');
        for (const key of added) insert.run(this.id, key, pk);
      },
    };
  }

  /** Removes the entries a record's value made. */
  public removeEntries(pk: Buffer, value: Value): void {
    const remove = this.file.statement('DELETE FROM index_records WHERE idx = ? AND key = ? AND pk = ?');
    for (const key of this.keysOf(value)) remove.run(this.id, key, pk);
  }

  public initialize(transaction: FDBTransaction) {
    if (this.initialized) {
      throw new Error('Index already initialized');
    }

    transaction._execRequestAsync({
      operation: () => {
        try {
          // Create index based on current value of objectstore
          const store = this.rawObjectStore;
          let after: Buffer | null = null;
          for (;;) {
            const bounds: Bounds = { lower: after ? { key: after, pk: 'max', open: true } : null, upper: null };
            const page = store.select(bounds, false, BUILD_PAGE);
            for (const record of page) {
              const change = this.entryChanges(record.key, undefined, this.rawObjectStore.decode(record.value), false);
              change.check();
              this.file.beginWrite();
              change.apply();
            }
            if (page.length < BUILD_PAGE) break;
            after = page.at(-1)?.key ?? null;
          }

          this.initialized = true;
        } catch (err) {
          transaction._abort((err as Error).name);
        }
      },
      source: null,
    });
  }

  public count(range: FDBKeyRange) {
    if (!this.file.exists) return 0;
    const where = boundsSql(rangeBounds(range), true);
    return this.file
      .statement(`SELECT count(*) AS n FROM index_records WHERE idx = ?${where.sql}`)
      .pluck()
      .get(this.id, ...where.params) as number;
  }
}

export default Index;
