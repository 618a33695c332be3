import { describe, expect, it } from 'vitest';
import cmp from '../../../src-main/store/indexeddb/cmp';
import { decodeKey, encodeKey, MAX_KEY_DEPTH } from '../../../src-main/store/indexeddb/key-codec';

/** A small deterministic generator, so a failure names the keys it was found with. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Keys of every type and the edges of each: what IndexedDB orders, and where an encoding could go wrong. */
function keyOf(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 4 : 5));
  const numbers = [0, -0, 1, -1, 0.5, -0.5, 2 ** 53, -(2 ** 53), 1e-300, -1e-300, Infinity, -Infinity, 1234567, 3.25];
  switch (pick) {
    case 0:
      return next() < 0.5
        ? numbers[Math.floor(next() * numbers.length)]
        : (next() - 0.5) * 10 ** Math.floor(next() * 20);
    case 1:
      return new Date(Math.floor((next() - 0.5) * 8.64e15));
    case 2: {
      // Code units across every encoded width, lone surrogates and the unit that ends a string included.
      const units = [
        0, 1, 0x41, 0x7e, 0x7f, 0x80, 0x3fff, 0x407e, 0x407f, 0x4080, 0xd800, 0xdc00, 0xe000, 0xfffe, 0xffff,
      ];
      let text = '';
      const length = Math.floor(next() * 6);
      for (let i = 0; i < length; i++) {
        text += String.fromCharCode(
          next() < 0.6 ? (units[Math.floor(next() * units.length)] ?? 0) : Math.floor(next() * 0x10000),
        );
      }
      return text;
    }
    case 3: {
      const bytes = Uint8Array.from({ length: Math.floor(next() * 5) }, () =>
        next() < 0.5 ? ([0, 1, 0x7e, 0x7f, 0x80, 0xff][Math.floor(next() * 6)] ?? 0) : Math.floor(next() * 256),
      );
      return bytes.buffer;
    }
    default:
      return Array.from({ length: Math.floor(next() * 4) }, () => keyOf(next, depth + 1));
  }
}

describe('the engine’s key encoding', () => {
  it('orders any two keys as IndexedDB compares them, byte for byte', () => {
    const next = random(7);
    const keys = Array.from({ length: 3000 }, () => keyOf(next));
    for (let i = 0; i + 1 < keys.length; i++) {
      const [a, b] = [keys[i], keys[i + 1]];
      expect(Math.sign(Buffer.compare(encodeKey(a), encodeKey(b))), `${String(a)} vs ${String(b)}`).toBe(cmp(a, b));
    }
  });

  it('reads back every key it wrote, -0 as 0', () => {
    const next = random(11);
    for (let i = 0; i < 3000; i++) {
      const key = keyOf(next);
      const back = decodeKey(encodeKey(key));
      expect(cmp(back, key)).toBe(0);
      expect(Object.prototype.toString.call(back)).toBe(Object.prototype.toString.call(key));
    }
    expect(Object.is(decodeKey(encodeKey(-0)), 0)).toBe(true);
  });

  it('keeps generated keys short: an integer id in at most five bytes', () => {
    expect(encodeKey(1).length).toBeLessThanOrEqual(3);
    expect(encodeKey(123_456).length).toBeLessThanOrEqual(5);
    expect(encodeKey('abc')).toHaveLength(5);
  });

  it('refuses an array key nested deeper than its bound, rather than recursing without end', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_KEY_DEPTH; i++) deep = [deep];
    expect(() => encodeKey(deep)).toThrow(/deeper/);
  });
});
