import FDBObjectStore from './FDBObjectStore';
import cmp, { cmpKeys } from './cmp';
import { DataError, InvalidAccessError, InvalidStateError, ReadOnlyError, TransactionInactiveError } from './errors';
import extractKey from './extractKey';
import valueToKey from './valueToKey';
import { cloneValueForInsertion } from './cloneValueForInsertion';
import { decodeKey, encodeKey } from './key-codec';
import { lowerKey, rangeBounds, tightest, upperKey, type Bound, type Bounds } from './sql-bounds';
import type { CursorRange, CursorSource, FDBCursorDirection, Key, Value } from './types';
import type FDBRequest from './FDBRequest';

const getEffectiveObjectStore = (cursor: FDBCursor) => {
  if (cursor.source instanceof FDBObjectStore) {
    return cursor.source;
  }
  return cursor.source.objectStore;
};

// This takes a key range, a list of lower bounds, and a list of upper bounds and combines them all into a single key
// range. It does not handle gt/gte distinctions, because it doesn't really matter much anyway, since for next/prev
// cursor iteration it'd also have to look at values to be precise, which would be complicated. This should get us 99%
// of the way there.
class FDBCursor {
  public _request: FDBRequest | undefined;

  private _gotValue: boolean = false;
  private _range: CursorRange;
  private _position = undefined; // Key of previously returned record
  private _objectStorePosition = undefined;
  private _keyOnly: boolean = false;

  private _source: CursorSource;
  private _direction: FDBCursorDirection;
  private _key = undefined;
  private _primaryKey: Key | undefined = undefined;

  constructor(
    source: CursorSource,
    range: CursorRange,
    direction: FDBCursorDirection = 'next',
    request?: FDBRequest,
    keyOnly: boolean = false,
  ) {
    this._range = range;
    this._source = source;
    this._direction = direction;
    this._request = request;
    this._keyOnly = keyOnly;
  }

  // Read only properties
  get source() {
    return this._source;
  }
  set source(val) {
    /* For babel */
  }

  get request() {
    return this._request;
  }
  set request(val) {
    /* For babel */
  }

  get direction() {
    return this._direction;
  }
  set direction(val) {
    /* For babel */
  }

  get key() {
    return this._key;
  }
  set key(val) {
    /* For babel */
  }

  get primaryKey() {
    return this._primaryKey;
  }
  set primaryKey(val) {
    /* For babel */
  }

  // https://w3c.github.io/IndexedDB/#iterate-a-cursor
  public _iterate(key?: Key, primaryKey?: Key): this | null {
    const sourceIsObjectStore = this.source instanceof FDBObjectStore;
    const forward = this.direction === 'next' || this.direction === 'nextunique';
    const unique = this.direction === 'nextunique' || this.direction === 'prevunique';
    const range = rangeBounds(this._range);

    // Where the next record may be, as bounds SQLite seeks to: the range, past the current position, and at or
    // past the key (and primary key) asked for. Of an index, a plain cursor moves past its (key, primary key);
    // a unique one past every entry of its key.
    const position: Bound | null =
      this._position === undefined
        ? null
        : sourceIsObjectStore || unique
          ? (forward ? lowerKey : upperKey)(this._position, true)
          : { key: encodeKey(this._position), pk: encodeKey(this._objectStorePosition), open: true };
    const target: Bound | null =
      key === undefined
        ? null
        : primaryKey !== undefined
          ? { key: encodeKey(key), pk: encodeKey(primaryKey), open: false }
          : (forward ? lowerKey : upperKey)(key, false);
    const bounds: Bounds = forward
      ? { lower: tightest([range.lower, position, target], 'lower'), upper: range.upper }
      : { lower: range.lower, upper: tightest([range.upper, position, target], 'upper') };

    let found: { key: Buffer; pk: Buffer; value?: Buffer | string | null } | undefined;
    const withValue = !this._keyOnly && this.toString() === '[object IDBCursorWithValue]';
    if (this.source instanceof FDBObjectStore) {
      const [record] = this.source._rawObjectStore.select(bounds, !forward, 1, withValue);
      found = record && { key: record.key, pk: record.key, value: record.value };
    } else {
      const index = this.source._rawIndex;
      const prevUnique = this.direction === 'prevunique';
      const [entry] = index.select(bounds, !forward, 1, withValue && !prevUnique);
      found = entry;
      if (entry && prevUnique) {
        // The first entry of the key, as "nextunique" would visit it.
        found = index.select({ lower: lowerKey(decodeKey(entry.key), false), upper: null }, false, 1, withValue)[0];
      }
    }

    let result;
    if (!found) {
      this._key = undefined;
      if (!sourceIsObjectStore) {
        this._objectStorePosition = undefined;
      }

      if (!this._keyOnly && this.toString() === '[object IDBCursorWithValue]') {
        (this as any).value = undefined;
      }
      result = null;
    } else {
      const foundKey = decodeKey(found.key);
      this._position = foundKey;
      this._key = foundKey;
      if (sourceIsObjectStore) {
        this._primaryKey = decodeKey(found.key);
        if (found.value && this.source instanceof FDBObjectStore) {
          (this as any).value = this.source._rawObjectStore.decode(found.value);
        }
      } else {
        this._objectStorePosition = decodeKey(found.pk);
        this._primaryKey = decodeKey(found.pk);
        if (!this._keyOnly && this.toString() === '[object IDBCursorWithValue]') {
          if (this.source instanceof FDBObjectStore) {
            // Can't use sourceIsObjectStore because TypeScript
            throw new Error('This should never happen');
          }
          (this as any).value = found.value
            ? this.source.objectStore._rawObjectStore.decode(found.value)
            : this.source.objectStore._rawObjectStore.valueAt(found.pk);
        }
      }
      this._gotValue = true;
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      result = this;
    }

    return result;
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#widl-IDBCursor-update-IDBRequest-any-value
  public update(value: Value) {
    if (value === undefined) {
      throw new TypeError();
    }

    const effectiveObjectStore = getEffectiveObjectStore(this);
    const effectiveKey = Object.hasOwn(this.source, '_rawIndex') ? this.primaryKey : this._position;
    const transaction = effectiveObjectStore.transaction;

    if (transaction._state !== 'active') {
      throw new TransactionInactiveError();
    }

    if (transaction.mode === 'readonly') {
      throw new ReadOnlyError();
    }

    if (effectiveObjectStore._rawObjectStore.deleted) {
      throw new InvalidStateError();
    }
    if (!(this.source instanceof FDBObjectStore) && this.source._rawIndex.deleted) {
      throw new InvalidStateError();
    }

    if (!this._gotValue || !Object.hasOwn(this, 'value')) {
      throw new InvalidStateError();
    }

    const clone = cloneValueForInsertion(value, transaction);

    if (effectiveObjectStore.keyPath !== null) {
      let tempKey;

      try {
        tempKey = extractKey(effectiveObjectStore.keyPath, clone).key;
      } catch {
        /* Handled immediately below */
      }

      if (cmp(tempKey, effectiveKey) !== 0) {
        throw new DataError();
      }
    }

    const record = {
      key: effectiveKey,
      value: clone,
    };

    return transaction._execRequestAsync({
      operation: effectiveObjectStore._rawObjectStore.storeRecord.bind(
        effectiveObjectStore._rawObjectStore,
        record,
        false,
        transaction._rollbackLog,
      ),
      source: this,
    });
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#widl-IDBCursor-advance-void-unsigned-long-count
  public advance(count: number) {
    if (!Number.isInteger(count) || count <= 0) {
      throw new TypeError();
    }

    const effectiveObjectStore = getEffectiveObjectStore(this);
    const transaction = effectiveObjectStore.transaction;

    if (transaction._state !== 'active') {
      throw new TransactionInactiveError();
    }

    if (effectiveObjectStore._rawObjectStore.deleted) {
      throw new InvalidStateError();
    }
    if (!(this.source instanceof FDBObjectStore) && this.source._rawIndex.deleted) {
      throw new InvalidStateError();
    }

    if (!this._gotValue) {
      throw new InvalidStateError();
    }

    if (this._request) {
      this._request.readyState = 'pending';
    }
    transaction._execRequestAsync({
      operation: () => {
        let result;
        for (let i = 0; i < count; i++) {
          result = this._iterate();

          // Not sure why this is needed
          if (!result) {
            break;
          }
        }
        return result;
      },
      request: this._request,
      source: this.source,
    });

    this._gotValue = false;
  }

  // http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#widl-IDBCursor-continue-void-any-key
  public continue(key?: Key) {
    const effectiveObjectStore = getEffectiveObjectStore(this);
    const transaction = effectiveObjectStore.transaction;

    if (transaction._state !== 'active') {
      throw new TransactionInactiveError();
    }

    if (effectiveObjectStore._rawObjectStore.deleted) {
      throw new InvalidStateError();
    }
    if (!(this.source instanceof FDBObjectStore) && this.source._rawIndex.deleted) {
      throw new InvalidStateError();
    }

    if (!this._gotValue) {
      throw new InvalidStateError();
    }

    if (key !== undefined) {
      key = valueToKey(key);

      const cmpResult = cmpKeys(key, this._position);

      if (
        (cmpResult <= 0 && (this.direction === 'next' || this.direction === 'nextunique')) ||
        (cmpResult >= 0 && (this.direction === 'prev' || this.direction === 'prevunique'))
      ) {
        throw new DataError();
      }
    }

    if (this._request) {
      this._request.readyState = 'pending';
    }
    transaction._execRequestAsync({
      operation: this._iterate.bind(this, key),
      request: this._request,
      source: this.source,
    });

    this._gotValue = false;
  }

  // hthttps://w3c.github.io/IndexedDB/#dom-idbcursor-continueprimarykey
  public continuePrimaryKey(key: Key, primaryKey: Key) {
    const effectiveObjectStore = getEffectiveObjectStore(this);
    const transaction = effectiveObjectStore.transaction;

    if (transaction._state !== 'active') {
      throw new TransactionInactiveError();
    }

    if (effectiveObjectStore._rawObjectStore.deleted) {
      throw new InvalidStateError();
    }
    if (!(this.source instanceof FDBObjectStore) && this.source._rawIndex.deleted) {
      throw new InvalidStateError();
    }

    if (this.source instanceof FDBObjectStore || (this.direction !== 'next' && this.direction !== 'prev')) {
      throw new InvalidAccessError();
    }

    if (!this._gotValue) {
      throw new InvalidStateError();
    }

    // Not sure about this
    if (key === undefined || primaryKey === undefined) {
      throw new DataError();
    }

    key = valueToKey(key);
    const cmpResult = cmpKeys(key, this._position);
    if ((cmpResult === -1 && this.direction === 'next') || (cmpResult === 1 && this.direction === 'prev')) {
      throw new DataError();
    }
    primaryKey = valueToKey(primaryKey);
    const cmpResult2 = cmpKeys(primaryKey, this._objectStorePosition);
    if (cmpResult === 0) {
      if ((cmpResult2 <= 0 && this.direction === 'next') || (cmpResult2 >= 0 && this.direction === 'prev')) {
        throw new DataError();
      }
    }

    if (this._request) {
      this._request.readyState = 'pending';
    }
    transaction._execRequestAsync({
      operation: this._iterate.bind(this, key, primaryKey),
      request: this._request,
      source: this.source,
    });

    this._gotValue = false;
  }

  public delete() {
    const effectiveObjectStore = getEffectiveObjectStore(this);
    const effectiveKey = Object.hasOwn(this.source, '_rawIndex') ? this.primaryKey : this._position;
    const transaction = effectiveObjectStore.transaction;

    if (transaction._state !== 'active') {
      throw new TransactionInactiveError();
    }

    if (transaction.mode === 'readonly') {
      throw new ReadOnlyError();
    }

    if (effectiveObjectStore._rawObjectStore.deleted) {
      throw new InvalidStateError();
    }
    if (!(this.source instanceof FDBObjectStore) && this.source._rawIndex.deleted) {
      throw new InvalidStateError();
    }

    if (!this._gotValue || !Object.hasOwn(this, 'value')) {
      throw new InvalidStateError();
    }

    return transaction._execRequestAsync({
      operation: effectiveObjectStore._rawObjectStore.deleteRecord.bind(
        effectiveObjectStore._rawObjectStore,
        effectiveKey,
        transaction._rollbackLog,
      ),
      source: this,
    });
  }

  get [Symbol.toStringTag]() {
    return 'IDBCursor';
  }
}

export default FDBCursor;
