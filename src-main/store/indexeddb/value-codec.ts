import v8 from 'node:v8';
import zlib from 'node:zlib';
import { inflatedTexts } from './inflated-texts';
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
 * Either plain form deflated with a dictionary of the object store's (value-dictionaries.ts): 'D', the
 * dictionary's id (unsigned LEB128), then the form's bytes through raw deflate with that dictionary.
 */
const WITH_DICTIONARY = 0x44; // 'D'

/** A dictionary a store's values are deflated with. */
export interface Dictionary {
  id: number;
  bytes: Buffer;
}

/** Where a file's dictionaries are found, for reading values stored with one. */
export interface DictionarySource {
  /** The dictionary of this id, or undefined if the file holds none such. */
  dictionary(id: number): Buffer | undefined;
  /**
   * What sets this file's values apart in the cache of inflated texts: ids of dictionaries are the file's
   * own, so the same stored bytes can mean other text in another file.
   */
  readonly cacheSpace: string;
  /** Named in errors. */
  readonly path: string;
}

/**
 * In a store that has no dictionary yet, values longer than this are stored deflated when that makes them
 * smaller. Large values are the search index's blocks of positions (hex and digits that deflate to less
 * than half) and long articles; smaller ones gain little from deflate alone, and inflating costs 5–20 µs
 * a value. Measured on the benchmark store: a fifth of the search blocks are over it, and they hold most
 * of its bytes; compressed, the store is 971 bytes a post smaller. Over it, deflate runs at level 1.
 */
const DEFLATE_OVER = 2048;

/**
 * Values shorter than this are not tried with a dictionary. Deflating with one costs 15–20 µs a value
 * whatever its size (most of it is setting the dictionary), and a short value gains a few dozen bytes at
 * most. Building the 5,000-post benchmark store, trying values from 24 bytes on made 31,000 deflates
 * (1.0 s of zlib) for a store 3% smaller than from 128 bytes on (11,400 deflates, 0.56 s).
 */
export const DICTIONARY_FROM = 128;

/** Ids past this would take over 4 bytes; a file makes a few dictionaries a store, never this many. */
const MAX_DICTIONARY_ID = 2 ** 28 - 1;

/**
 * A value's stored bytes. With the store's dictionary, any value but the shortest is deflated with it when
 * that makes it smaller: values of one store share most of their text (keys, references, markup), which
 * deflate alone cannot find in a value of a kilobyte. Measured on the benchmark's posts: 1,311 bytes as
 * JSON, 616 deflated, 230–250 deflated with a dictionary of 8 KiB of other posts, in about 20 µs.
 */
export function encodeValue(value: Value, dictionary?: Dictionary): Buffer {
  const bytes = plainForm(value);
  if (dictionary !== undefined && bytes.length >= DICTIONARY_FROM) {
    // Level 1 for large values, as below; smaller ones gain a tenth more at the default level, in as much time.
    const level = bytes.length > DEFLATE_OVER ? 1 : zlib.constants.Z_DEFAULT_COMPRESSION;
    const deflated = zlib.deflateRawSync(bytes, { dictionary: dictionary.bytes, level });
    const id = idBytes(dictionary.id);
    if (1 + id.length + deflated.length >= bytes.length) return bytes;
    return Buffer.concat([Buffer.of(WITH_DICTIONARY), id, deflated]);
  }
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

/** A value as READ_VALUE reads it (or as encodeValue wrote it), from the file `dictionaries` are of. */
export function decodeValue(bytes: Buffer | string, dictionaries: DictionarySource): Value {
  if (typeof bytes === 'string') return JSON.parse(bytes);
  if (bytes[0] === JSON_FORM) return JSON.parse(bytes.toString('utf8', 1));
  if (bytes[0] === V8_FORM) return v8.deserialize(bytes.subarray(1));
  if (bytes[0] === DEFLATED) return decodePlain(inflate(bytes.subarray(1), undefined, dictionaries));
  if (bytes[0] === WITH_DICTIONARY) return decodeWithDictionary(bytes, dictionaries);
  throw new Error(`Unreadable stored value in ${dictionaries.path}: form byte ${String(bytes[0])}`);
}

function decodeWithDictionary(bytes: Buffer, dictionaries: DictionarySource): Value {
  // The stored bytes are the key: the same bytes always inflate to the same text (see inflated-texts.ts).
  const key = dictionaries.cacheSpace + bytes.toString('latin1');
  const known = inflatedTexts.get(key);
  if (known !== undefined) return JSON.parse(known);
  const { id, end } = readId(bytes, dictionaries.path);
  const dictionary = dictionaries.dictionary(id);
  if (dictionary === undefined) {
    throw new Error(
      `Unreadable stored value in ${dictionaries.path}: it names dictionary ${id}, which the file does not hold`,
    );
  }
  const inner = inflate(bytes.subarray(end), dictionary, dictionaries);
  if (inner[0] !== JSON_FORM) return decodePlain(inner);
  const text = inner.toString('utf8', 1);
  inflatedTexts.set(key, text);
  return JSON.parse(text);
}

/**
 * A stored value in its plain form (inflated if it was stored compressed), or undefined if that is longer
 * than `max` bytes or cannot be read: what a dictionary is made of.
 */
export function plainBytes(bytes: Buffer, dictionaries: DictionarySource, max: number): Buffer | undefined {
  let plain: Buffer | undefined = bytes;
  try {
    if (bytes[0] === DEFLATED) plain = inflate(bytes.subarray(1), undefined, dictionaries, max);
    if (bytes[0] === WITH_DICTIONARY) {
      const { id, end } = readId(bytes, dictionaries.path);
      const dictionary = dictionaries.dictionary(id);
      plain = dictionary && inflate(bytes.subarray(end), dictionary, dictionaries, max);
    }
  } catch {
    return undefined;
  }
  return plain !== undefined && plain.length <= max && (plain[0] === JSON_FORM || plain[0] === V8_FORM)
    ? plain
    : undefined;
}

function inflate(
  bytes: Buffer,
  dictionary: Buffer | undefined,
  dictionaries: DictionarySource,
  maxOutputLength?: number,
): Buffer {
  try {
    return zlib.inflateRawSync(bytes, { dictionary, maxOutputLength });
  } catch (error) {
    throw new Error(
      `Unreadable stored value in ${dictionaries.path}: its compressed bytes are damaged (${(error as Error).message})`,
      { cause: error },
    );
  }
}

/** A compressed value always holds one of the plain forms, never another compressed one. */
function decodePlain(inner: Buffer): Value {
  if (inner[0] === JSON_FORM) return JSON.parse(inner.toString('utf8', 1));
  if (inner[0] === V8_FORM) return v8.deserialize(inner.subarray(1));
  throw new Error(`Unreadable stored value: compressed form byte ${String(inner[0])}`);
}

function idBytes(id: number): Buffer {
  if (!Number.isSafeInteger(id) || id < 0 || id > MAX_DICTIONARY_ID) throw new RangeError(`Bad dictionary id ${id}`);
  const bytes: number[] = [];
  let rest = id;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** The dictionary id after a 'D', and where the deflated bytes begin. */
function readId(bytes: Buffer, path: string): { id: number; end: number } {
  let id = 0;
  for (let at = 1, shift = 0; at < bytes.length && at <= 4; at++, shift += 7) {
    const byte = bytes.readUInt8(at);
    id += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return { id, end: at + 1 };
  }
  throw new Error(`Unreadable stored value in ${path}: its dictionary id is cut short or too long`);
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
