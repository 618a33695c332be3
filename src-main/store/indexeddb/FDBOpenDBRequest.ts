import FDBRequest from './FDBRequest';
import type { EventCallback } from './types';

class FDBOpenDBRequest extends FDBRequest {
  public override onupgradeneeded: EventCallback | null = null;
  public override onblocked: EventCallback | null = null;

  override get [Symbol.toStringTag]() {
    return 'IDBOpenDBRequest';
  }
}

export default FDBOpenDBRequest;
