import { InvalidStateError } from './errors';
import FakeEventTarget from './FakeEventTarget';
import type FDBCursor from './FDBCursor';
import type FDBIndex from './FDBIndex';
import type FDBObjectStore from './FDBObjectStore';
import type FDBTransaction from './FDBTransaction';
import type { EventCallback } from './types';

class FDBRequest extends FakeEventTarget {
  public _result: any = null;
  public _error: Error | null | undefined = null;
  public source: FDBCursor | FDBIndex | FDBObjectStore | null = null;
  public transaction: FDBTransaction | null = null;
  public readyState: 'done' | 'pending' = 'pending';
  public override onsuccess: EventCallback | null = null;
  public override onerror: EventCallback | null = null;

  public get error() {
    if (this.readyState === 'pending') {
      throw new InvalidStateError();
    }
    return this._error;
  }

  public set error(value: any) {
    this._error = value;
  }

  public get result() {
    if (this.readyState === 'pending') {
      throw new InvalidStateError();
    }
    return this._result;
  }

  public set result(value: any) {
    this._result = value;
  }

  get [Symbol.toStringTag]() {
    return 'IDBRequest';
  }
}

export default FDBRequest;
