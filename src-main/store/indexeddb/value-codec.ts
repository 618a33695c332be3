import v8 from 'node:v8';
import zlib from 'node:zlib';
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
/** Either form above, deflated: 'Z', then the form's bytes through raw deflate. */
const DEFLATED = 0x5a; // 'Z'

/**
 * Values longer than this are stored deflated when that makes them smaller. Large values are the search
 * index's blocks of positions (hex and digits that deflate to less than half) and long articles; a post of
 * ordinary length stays under it, so reading a timeline inflates nothing (inflating costs 5–20 µs a value,
 * a hundred of them would double the read). Measured on the benchmark store: a fifth of the search blocks
 * are over it, and they hold most of its bytes; compressed, the store is 971 bytes a post smaller.
 */
const DEFLATE_OVER = 2048;

export function encodeValue(value: Value): Buffer {
  const bytes = plainForm(value);
  if (bytes.length <= DEFLATE_OVER) return bytes;
  // Level 1: the blocks are rewritten at every indexing round, and higher levels gain under 2% here.
  const deflated = zlib.deflateRawSync(bytes, { level: 1 });
  return deflated.length < bytes.length ? formed(DEFLATED, deflated) : bytes;
}

/**
 * The `value` column as reads take it: a value in the JSON form as its text, so that SQLite hands over a
 * string and no Buffer is made for it (a timeline read made three hundred, whose sweeping was a tenth of
 * its time); any other as its bytes.
 */
export const READ_VALUE = `CASE WHEN substr(value, 1, 1) = X'${JSON_FORM.toString(16)}' THEN CAST(substr(value, 2) AS TEXT) ELSE value END`;

/** A value as READ_VALUE reads it (or as encodeValue wrote it). */
export function decodeValue(bytes: Buffer | string): Value {
  if (typeof bytes === 'string') return JSON.parse(bytes);
  if (bytes[0] === JSON_FORM) return JSON.parse(bytes.toString('utf8', 1));
  if (bytes[0] === V8_FORM) return v8.deserialize(bytes.subarray(1));
  if (bytes[0] === DEFLATED) {
    const inner = zlib.inflateRawSync(bytes.subarray(1));
    // A deflated value always holds one of the plain forms, never another deflated one.
    if (inner[0] === JSON_FORM || inner[0] === V8_FORM) return decodeValue(inner);
  }
  throw new Error(`Unreadable stored value: form byte ${String(bytes[0])}`);
}

function plainForm(value: Value): Buffer {
  if (!isPlainJson(value)) return formed(V8_FORM, v8.serialize(value));
  const text = JSON.stringify(value);
  const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(text));
  bytes[0] = JSON_FORM;
  bytes.write(text, 1);
  return bytes;
}

function formed(form: number, body: Buffer): Buffer {
  const bytes = Buffer.allocUnsafe(1 + body.length);
  bytes[0] = form;
  body.copy(bytes, 1);
  return bytes;
}

/**
 * Throws the DataCloneError of IndexedDB for a value holding what the engine cannot keep: a `Blob` (or a
 * `File`), which structured clone copies in Node but V8's serializer writes as an empty object, so that it
 * would come back as `{}`. Refused as `put` is called, before anything is written. The same walk tells
 * whether the value is plain JSON, which `encodeValue` then takes instead of walking the value again.
 */
export function refuseUnkeptValues(value: unknown): void {
  if (typeof value === 'object' && value !== null) verdicts.set(value, walk(value, 0, new Set()));
}

/** Whether each value `refuseUnkeptValues` saw is plain JSON: the clones a put makes, until they are stored. */
const verdicts = new WeakMap<object, boolean>();

/** True when JSON.parse(JSON.stringify(value)) is a structured clone of `value`. */
function isPlainJson(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return walk(value, 0, new Set());
  return verdicts.get(value) ?? walk(value, 0, new Set());
}

/** Values nested deeper go the V8 way, which has no such limit (JSON.stringify recurses on the stack). */
const MAX_JSON_DEPTH = 100;
/** Past this depth a value is not searched for Blobs: structured clone itself stops far deeper values. */
const MAX_WALK_DEPTH = 1000;

/**
 * One walk of a value: throws at a Blob, and answers whether the value is plain JSON (objects of
 * Object.prototype, dense arrays, strings, finite numbers but -0, booleans, null, nothing met twice).
 * Every member is visited even once the answer is no, for the Blobs.
 */
function walk(item: unknown, depth: number, seen: Set<object>): boolean {
  switch (typeof item) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(item) && !Object.is(item, -0);
    case 'object':
      break;
    default:
      return false;
  }
  if (item === null) return true;
  if (item instanceof Blob) throw new DOMException('A Blob or a File cannot be stored here', 'DataCloneError');
  if (seen.has(item) || depth > MAX_WALK_DEPTH || ArrayBuffer.isView(item) || item instanceof ArrayBuffer) return false;
  seen.add(item);
  let plain = depth < MAX_JSON_DEPTH;
  const visit = (member: unknown) => {
    plain = walk(member, depth + 1, seen) && plain;
  };
  if (item instanceof Map) {
    for (const [key, member] of item) {
      visit(key);
      visit(member);
    }
    return false;
  }
  if (item instanceof Set) {
    for (const member of item) visit(member);
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(item);
  if (Array.isArray(item)) {
    if (prototype !== Array.prototype) plain = false;
    if (Object.keys(item).length !== item.length) {
      // Holes (which read back as null from JSON) or properties beside the indexes, which structured clone keeps.
      for (const member of Object.values(item)) visit(member);
      return false;
    }
    for (const member of item) visit(member);
    return plain;
  }
  // JSON.parse gives every object Object.prototype: another prototype (null, a class's) is not kept by JSON.
  if (prototype !== Object.prototype) plain = false;
  // Own properties alone, as structured clone and JSON take them: a getter a page put on Object.prototype
  // is not run.
  for (const key of Object.keys(item)) {
    if (key === '__proto__') plain = false;
    visit((item as Record<string, unknown>)[key]);
  }
  return plain;
}
