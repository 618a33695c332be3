import type { Key } from './types';

/**
 * IndexedDB keys as bytes whose plain byte order (SQLite's `memcmp` on BLOBs) is the order IndexedDB gives the
 * keys, so that ranges, cursors and `ORDER BY` run on SQLite's own B-trees.
 *
 * A key is a type byte and its body. Types sort as IndexedDB ranks them: number < date < string < binary <
 * array, and every type byte is above 0, the end mark of a string, a binary or an array, so a shorter array or
 * string sorts before a longer one it begins. Bodies:
 * - a number or a date: the IEEE 754 double, big-endian, with its sign bit flipped when positive and every
 *   bit flipped when negative (so bytes order as values do); -0 is 0, as IndexedDB compares them. At the top
 *   level its trailing zero bytes are left off (integers such as generated keys take 3–5 bytes, not 9): a
 *   shorter body sorts first, which is right, since the value it stands for has only zeros there;
 * - a string: each UTF-16 code unit (IndexedDB compares code units, not code points, and allows lone
 *   surrogates) as 1 byte (units below 0x7F, stored plus one), 2 bytes (below 0x407F) or 3 bytes, each form
 *   starting in a byte range above the one before; then 0;
 * - binary: each byte as a code unit is stored above; then 0;
 * - an array: its members' encodings one after another, then 0.
 */
const NUMBER = 0x10;
const DATE = 0x20;
const STRING = 0x30;
const BINARY = 0x40;
const ARRAY = 0x50;
const END = 0x00;

/** An array key may hold arrays; IndexedDB sets no depth, so this is ours (a deeper key is refused first). */
export const MAX_KEY_DEPTH = 64;

class Writer {
  bytes = Buffer.allocUnsafe(64);
  length = 0;

  reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + more));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  unit(code: number): void {
    this.reserve(3);
    const bytes = this.bytes;
    if (code < 0x7f) {
      bytes[this.length++] = code + 1;
    } else if (code < 0x407f) {
      const shifted = code - 0x7f;
      bytes[this.length++] = 0x80 | (shifted >> 8);
      bytes[this.length++] = shifted & 0xff;
    } else {
      bytes[this.length++] = 0xc0 | (code >> 10);
      bytes[this.length++] = (code >> 2) & 0xff;
      bytes[this.length++] = (code & 3) << 6;
    }
  }

  double(value: number, trim: boolean): void {
    this.reserve(8);
    const at = this.length;
    const bytes = this.bytes;
    bytes.writeDoubleBE(value === 0 ? 0 : value, at);
    if (bytes.readUInt8(at) & 0x80) {
      for (let i = at; i < at + 8; i++) bytes.writeUInt8(~bytes.readUInt8(i) & 0xff, i);
    } else {
      bytes.writeUInt8(bytes.readUInt8(at) | 0x80, at);
    }
    let end = at + 8;
    if (trim) while (end > at && bytes.readUInt8(end - 1) === 0) end--;
    this.length = end;
  }

  done(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.length));
  }
}

/** Bytes of a valid key (one that has been through `valueToKey`). */
export function encodeKey(key: Key): Buffer {
  const writer = new Writer();
  write(writer, key, true, 0);
  return writer.done();
}

function write(writer: Writer, key: Key, top: boolean, depth: number): void {
  if (typeof key === 'number') {
    writer.byte(NUMBER);
    writer.double(key, top);
  } else if (typeof key === 'string') {
    writer.byte(STRING);
    for (let i = 0; i < key.length; i++) writer.unit(key.charCodeAt(i));
    writer.byte(END);
  } else if (key instanceof Date) {
    writer.byte(DATE);
    writer.double(key.getTime(), top);
  } else if (Array.isArray(key)) {
    if (depth >= MAX_KEY_DEPTH) throw new DOMException(`A key nests arrays deeper than ${MAX_KEY_DEPTH}`, 'DataError');
    writer.byte(ARRAY);
    for (const member of key) write(writer, member, false, depth + 1);
    writer.byte(END);
  } else if (key instanceof ArrayBuffer) {
    writer.byte(BINARY);
    const bytes = new Uint8Array(key);
    for (const byte of bytes) writer.unit(byte);
    writer.byte(END);
  } else {
    throw new DOMException('Not a valid key', 'DataError');
  }
}

/** The key that `encodeKey` wrote. */
export function decodeKey(bytes: Uint8Array): Key {
  const reader = { bytes, at: 0 };
  return read(reader, true);
}

interface Reader {
  bytes: Uint8Array;
  at: number;
}

function read(reader: Reader, top: boolean): Key {
  const type = reader.bytes[reader.at++];
  switch (type) {
    case NUMBER:
      return readDouble(reader, top);
    case DATE:
      return new Date(readDouble(reader, top));
    case STRING:
      return readString(reader);
    case BINARY: {
      const units = readUnits(reader);
      return Uint8Array.from(units).buffer;
    }
    case ARRAY: {
      const members: Key[] = [];
      while ((reader.bytes[reader.at] ?? END) !== END) members.push(read(reader, false));
      reader.at++;
      return members;
    }
    default:
      throw new Error(`Unreadable key: type byte ${String(type)}`);
  }
}

const scratch = Buffer.alloc(8);

function readDouble(reader: Reader, top: boolean): number {
  const available = top ? Math.min(8, reader.bytes.length - reader.at) : 8;
  scratch.fill(0);
  scratch.set(reader.bytes.subarray(reader.at, reader.at + available));
  reader.at += available;
  if (scratch.readUInt8(0) & 0x80) scratch.writeUInt8(scratch.readUInt8(0) & 0x7f, 0);
  else for (let i = 0; i < 8; i++) scratch.writeUInt8(~scratch.readUInt8(i) & 0xff, i);
  return scratch.readDoubleBE(0);
}

/** The byte at the reader's place, moving past it; a key cut short reads as ended. */
const next = (reader: Reader): number => reader.bytes[reader.at++] ?? END;

function readUnits(reader: Reader): number[] {
  const units: number[] = [];
  for (;;) {
    const first = next(reader);
    if (first === END) return units;
    if (first < 0x80) {
      units.push(first - 1);
    } else if (first < 0xc0) {
      units.push((((first & 0x3f) << 8) | next(reader)) + 0x7f);
    } else {
      const high = (first & 0x3f) << 10;
      const middle = next(reader) << 2;
      const low = next(reader) >> 6;
      units.push(high | middle | low);
    }
  }
}

function readString(reader: Reader): string {
  const units = readUnits(reader);
  let text = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.slice(i, i + 4096));
  return text;
}
