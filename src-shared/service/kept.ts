/** Something kept for one write version of the store (store/write-watch.ts), and good while it lasts. */
export interface Versioned {
  readonly version: number;
}

export interface KeptOptions {
  /** Values kept at once; the least recently used goes first. */
  maxEntries: number;
  /** Characters of one key, and of one value as its keeper counts them; a longer one is not kept. */
  maxChars: number;
}

/**
 * Values kept in memory by key, each good for the write version it was made at. Bounded in count and in
 * the size of each, so what it holds stays below maxEntries × maxChars however the store or the requests
 * grow.
 */
export interface Kept<T extends Versioned> {
  /** The value kept under `key`, if it was made at `version`; an older one is dropped. */
  get(key: string, version: number): T | undefined;
  /** Keeps `value` under `key`, unless it (`chars` long) or the key is longer than maxChars. */
  keep(key: string, value: T, chars: number): void;
  readonly size: number;
}

export function createKept<T extends Versioned>(options: KeptOptions): Kept<T> {
  // In the order of last use: a Map iterates in insertion order, and a used value is inserted again.
  const values = new Map<string, T>();
  return {
    get: (key, version) => {
      const value = values.get(key);
      if (!value) return undefined;
      values.delete(key);
      if (value.version !== version) return undefined;
      values.set(key, value);
      return value;
    },
    keep: (key, value, chars) => {
      if (key.length > options.maxChars || chars > options.maxChars) return;
      values.delete(key);
      values.set(key, value);
      for (const oldest of values.keys()) {
        if (values.size <= options.maxEntries) break;
        values.delete(oldest);
      }
    },
    get size() {
      return values.size;
    },
  };
}
