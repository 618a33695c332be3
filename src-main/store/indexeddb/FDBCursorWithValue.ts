import FDBCursor from './FDBCursor';
import type { CursorRange, CursorSource, FDBCursorDirection, Value } from './types';

class FDBCursorWithValue extends FDBCursor {
  public value: Value = undefined;

  constructor(source: CursorSource, range: CursorRange, direction?: FDBCursorDirection, request?: any) {
    super(source, range, direction, request);
  }

  override get [Symbol.toStringTag]() {
    return 'IDBCursorWithValue';
  }
}

export default FDBCursorWithValue;
