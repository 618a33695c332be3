import v8 from 'node:v8';
import type { Value } from './types';

/**
 * Stored values as bytes. IndexedDB keeps any value structured clone can copy; what this project stores is
 * almost always plain data (objects, arrays, strings, finite numbers, booleans, null), which goes as JSON:
 * compact, readable with SQLite's own json functions, and the fastest to read back in V8. Anything else
 * (a Date, undefined, a Map, typed arrays, -0, NaN, sparse arrays, a property holding undefined) goes in
 * V8's serialization of structured clone, which keeps all of it exactly. The first byte says which.
 */
const JSON_FORM = 0x4a; // 'J'
const V8_FORM = 0x56; // 'V'

export function encodeValue(value: Value): Buffer {
  if (isPlainJson(value, 0)) {
    const text = JSON.stringify(value);
    const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(text));
    bytes[0] = JSON_FORM;
    bytes.write(text, 1);
    return bytes;
  }
  const serialized = v8.serialize(value);
  const bytes = Buffer.allocUnsafe(1 + serialized.length);
  bytes[0] = V8_FORM;
  serialized.copy(bytes, 1);
  return bytes;
}

export function decodeValue(bytes: Buffer): Value {
  if (bytes[0] === JSON_FORM) return JSON.parse(bytes.toString('utf8', 1));
  if (bytes[0] === V8_FORM) return v8.deserialize(bytes.subarray(1));
  throw new Error(`Unreadable stored value: form byte ${String(bytes[0])}`);
}

/**
 * Throws the DataCloneError of IndexedDB for a value holding what the engine cannot keep: a `Blob` (or a
 * `File`), which structured clone copies in Node but V8's serializer writes as an empty object, so that it
 * would come back as `{}`. Refused as `put` is called, before anything is written.
 */
export function refuseUnkeptValues(value: unknown): void {
  const seen = new Set<object>();
  const visit = (item: unknown, depth: number): void => {
    if (typeof item !== 'object' || item === null || seen.has(item)) return;
    if (item instanceof Blob) throw new DOMException('A Blob or a File cannot be stored here', 'DataCloneError');
    if (depth > MAX_WALK_DEPTH || ArrayBuffer.isView(item) || item instanceof ArrayBuffer) return;
    seen.add(item);
    if (item instanceof Map) {
      for (const [key, member] of item) {
        visit(key, depth + 1);
        visit(member, depth + 1);
      }
    } else if (item instanceof Set) {
      for (const member of item) visit(member, depth + 1);
    } else {
      for (const member of Object.values(item)) visit(member, depth + 1);
    }
  };
  visit(value, 0);
}

/** Past this depth a value is not searched for Blobs: structured clone itself stops far deeper values. */
const MAX_WALK_DEPTH = 1000;

/** Deeper values go the V8 way, which has no such limit of ours (JSON.stringify recurses on the stack). */
const MAX_JSON_DEPTH = 100;

/** True when JSON.parse(JSON.stringify(value)) is a structured clone of `value`. */
function isPlainJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_JSON_DEPTH) return false;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || !isPlainJson(value[i], depth + 1)) return false;
        }
        return Object.keys(value).length === value.length;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      // JSON.parse gives every object Object.prototype.
      if (prototype === null) return false;
      for (const key in value) {
        if (key === '__proto__') return false;
        if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
