import FDBRecord from './FDBRecord';
import { ConstraintError, DataError } from './errors';
import extractKey from './extractKey';
import { normalizeKeyPath } from './validateKeyPath';
import KeyGenerator from './KeyGenerator';
import type Index from './Index';
import type Database from './Database';
import FDBKeyRange from './FDBKeyRange';
import { decodeKey, encodeKey } from './key-codec';
import { asRange, boundsSql, rangeBounds, type Bounds } from './sql-bounds';
import type { Key, KeyPath, Record, RollbackLog, Value } from './types';
import { decodeValue, encodeValue, READ_VALUE } from './value-codec';

/** A record as SQLite holds it: encoded key and value. */
export interface StoredRecord {
  key: Buffer;
  value: Buffer | string;
}

// http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-object-store
class ObjectStore {
  public deleted = false;
  public readonly rawDatabase: Database;
  public readonly rawIndexes: Map<string, Index> = new Map();
  public name: string;
  public readonly id: number;
  public readonly keyPath: KeyPath | null;
  public readonly autoIncrement: boolean;
  public readonly keyGenerator: KeyGenerator | null;

  constructor(rawDatabase: Database, name: string, keyPath: KeyPath | null, autoIncrement: boolean, id?: number) {
    this.rawDatabase = rawDatabase;
    this.keyGenerator = autoIncrement ? new KeyGenerator() : null;
    this.deleted = false;
    this.id = id ?? rawDatabase.allocateId();

    this.name = name;
    this.keyPath = normalizeKeyPath(keyPath);
    this.autoIncrement = autoIncrement;
  }

  private get file() {
    return this.rawDatabase.file;
  }

  /** Records in `bounds`, in key order or its reverse, at most `limit` (0 for all). */
  public select(bounds: Bounds, descending: boolean, limit: number, withValues = true): StoredRecord[] {
    if (!this.file.exists) return [];
    const where = boundsSql(bounds, false);
    const statement = this.file.statement(
      `SELECT key${withValues ? `, ${READ_VALUE} AS value` : ''} FROM records WHERE store = ?${where.sql} ORDER BY key` +
        `${descending ? ' DESC' : ''}${limit > 0 ? ' LIMIT ?' : ''}`,
    );
    const params: unknown[] = [this.id, ...where.params];
    if (limit > 0) params.push(limit);
    return statement.all(...params) as StoredRecord[];
  }

  private selectRange(range: FDBKeyRange | Key | undefined, count?: number, direction?: string) {
    const limit = count === undefined || count === 0 ? 0 : count;
    const query = range === undefined ? undefined : asRange(range);
    return { bounds: rangeBounds(query), descending: direction === 'prev' || direction === 'prevunique', limit };
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-for-retrieving-a-value-from-an-object-store
  public getKey(key: FDBKeyRange | Key) {
    const { bounds } = this.selectRange(key);
    const [record] = this.select(bounds, false, 1, false);
    return record !== undefined ? decodeKey(record.key) : undefined;
  }

  // http://w3c.github.io/IndexedDB/#retrieve-multiple-keys-from-an-object-store
  public getAllKeys(range: FDBKeyRange, count?: number, direction?: 'next' | 'prev') {
    const { bounds, descending, limit } = this.selectRange(range, count, direction);
    return this.select(bounds, descending, limit, false).map((record) => decodeKey(record.key));
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-for-retrieving-a-value-from-an-object-store
  public getValue(key: FDBKeyRange | Key): Value {
    // A single key (most reads: a token, a setting, a post by id) is one lookup of the unique (store, key).
    if (!(key instanceof FDBKeyRange)) return this.file.exists ? this.valueAt(encodeKey(key)) : undefined;
    const { bounds } = this.selectRange(key);
    const [record] = this.select(bounds, false, 1);
    return record !== undefined ? this.decode(record.value) : undefined;
  }

  /** The value stored under an exact key (an index's entry names it by its encoded primary key). */
  public valueAt(key: Buffer): Value {
    const stored = this.storedAt(key);
    return stored === undefined ? undefined : this.decode(stored);
  }

  /** A value as READ_VALUE reads it from this store's file. */
  public decode(stored: Buffer | string): Value {
    return decodeValue(stored, this.file.dictionaries);
  }

  /** The stored form of the value under an exact key, as READ_VALUE reads it, or undefined. */
  private storedAt(key: Buffer): Buffer | string | undefined {
    return this.file
      .statement(`SELECT ${READ_VALUE} FROM records WHERE store = ? AND key = ?`)
      .pluck()
      .get(this.id, key) as Buffer | string | undefined;
  }

  // http://w3c.github.io/IndexedDB/#retrieve-multiple-values-from-an-object-store
  public getAllValues(range: FDBKeyRange, count?: number, direction?: 'next' | 'prev') {
    const { bounds, descending, limit } = this.selectRange(range, count, direction);
    return this.select(bounds, descending, limit).map((record) => this.decode(record.value));
  }

  // https://www.w3.org/TR/IndexedDB/#dom-idbobjectstore-getallrecords
  public getAllRecords(range: FDBKeyRange, count?: number, direction?: 'next' | 'prev') {
    const { bounds, descending, limit } = this.selectRange(range, count, direction);
    return this.select(bounds, descending, limit).map((record) => {
      const key = decodeKey(record.key);
      return new FDBRecord(key, decodeKey(record.key), this.decode(record.value));
    });
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-for-storing-a-record-into-an-object-store
  public storeRecord(newRecord: Record, noOverwrite: boolean, rollbackLog?: RollbackLog) {
    if (this.keyPath !== null) {
      const key = extractKey(this.keyPath, newRecord.value).key;
      if (key !== undefined) {
        newRecord.key = key;
      }
    }

    let generated = false;
    if (this.keyGenerator !== null && newRecord.key === undefined) {
      // Taken only once the record is stored (below): a failed write leaves the generator where it was.
      newRecord.key = this.keyGenerator.peek();
      generated = true;

      // Set in value if keyPath defiend but led to no key
      // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-to-assign-a-key-to-a-value-using-a-key-path
      if (this.keyPath !== null) {
        if (Array.isArray(this.keyPath)) {
          throw new Error('Cannot have an array key path in an object store with a key generator');
        }
        let remainingKeyPath = this.keyPath;
        let object = newRecord.value;
        let identifier;

        let i = 0; // Just to run the loop at least once
        while (i >= 0) {
          if (typeof object !== 'object') {
            throw new DataError();
          }

          i = remainingKeyPath.indexOf('.');
          if (i >= 0) {
            identifier = remainingKeyPath.slice(0, i);
            remainingKeyPath = remainingKeyPath.slice(i + 1);

            if (!Object.hasOwn(object, identifier)) {
              // Bypass prototype when setting (See `bindings-inject-values-bypass.any.js`)
              // Equivalent to `object[identifier] = ...` without using `Object.prototype`
              Object.defineProperty(object, identifier, {
                configurable: true,
                enumerable: true,
                writable: true,
                value: {},
              });
            }

            object = object[identifier];
          }
        }

        identifier = remainingKeyPath;

        // Bypass prototype when setting (See `bindings-inject-values-bypass.any.js`)
        // Equivalent to `object[identifier] = ...` without using `Object.prototype`
        Object.defineProperty(object, identifier, {
          configurable: true,
          enumerable: true,
          writable: true,
          value: newRecord.key,
        });
      }
    }

    const file = this.file;
    const key = encodeKey(newRecord.key);
    const existing = file.exists ? this.storedAt(key) : undefined;
    if (existing && noOverwrite) {
      throw new ConstraintError();
    }

    // Every index's entries are worked out, and unique ones checked, before anything is written: a request
    // that fails leaves the store as it was, and its transaction can go on.
    const oldValue: Value = existing ? this.decode(existing) : undefined;
    const changes = [...this.rawIndexes.values()]
      .filter((index) => index.initialized)
      .map((index) =>
        index.entryChanges(key, existing ? oldValue : undefined, newRecord.value, existing !== undefined),
      );
    for (const change of changes) change.check();

    file.beginWrite();
    const value = encodeValue(newRecord.value, file.dictionaries.forWriting(this.id));
    if (existing) {
      file.statement('UPDATE records SET value = ? WHERE store = ? AND key = ?').run(value, this.id, key);
    } else {
      file.statement('INSERT INTO records (store, key, value) VALUES (?, ?, ?)').run(this.id, key, value);
    }
    for (const change of changes) change.apply();

    if (this.keyGenerator !== null) {
      const before = this.keyGenerator.num;
      if (generated) this.keyGenerator.next();
      else if (typeof newRecord.key === 'number') this.keyGenerator.setIfLarger(newRecord.key);
      if (this.keyGenerator.num !== before) {
        this.rawDatabase.movedGenerators.add(this);
        rollbackLog?.push(() => {
          if (this.keyGenerator) this.keyGenerator.num = before;
        });
      }
    }

    return newRecord.key;
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-for-deleting-records-from-an-object-store
  public deleteRecord(key: Key | FDBKeyRange, _rollbackLog?: RollbackLog) {
    const file = this.file;
    if (!file.exists) return;
    const bounds = rangeBounds(asRange(key));
    const indexes = [...this.rawIndexes.values()].filter((index) => index.initialized);
    file.beginWrite();
    if (indexes.length > 0) {
      // An index's entries are found from the value they were made from.
      for (const record of this.select(bounds, false, 0)) {
        const value: Value = this.decode(record.value);
        for (const index of indexes) index.removeEntries(record.key, value);
      }
    }
    const where = boundsSql(bounds, false);
    file.statement(`DELETE FROM records WHERE store = ?${where.sql}`).run(this.id, ...where.params);
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-steps-for-clearing-an-object-store
  public clear(_rollbackLog: RollbackLog) {
    const file = this.file;
    if (!file.exists) return;
    file.beginWrite();
    file.dropStoreData(this.id);
    for (const rawIndex of this.rawIndexes.values()) {
      file.dropIndexData(rawIndex.id);
    }
  }

  public count(range: FDBKeyRange | undefined) {
    if (!this.file.exists) return 0;
    const where = boundsSql(rangeBounds(range), false);
    return this.file
      .statement(`SELECT count(*) AS n FROM records WHERE store = ?${where.sql}`)
      .pluck()
      .get(this.id, ...where.params) as number;
  }
}

export default ObjectStore;
