import FDBCursor from './FDBCursor';
import type { Value } from './types';

class FDBCursorWithValue extends FDBCursor {
  public value: Value = undefined;

  override get [Symbol.toStringTag]() {
    return 'IDBCursorWithValue';
  }
}

export default FDBCursorWithValue;
