import { describe, expect, it } from 'vitest';
import { printable } from '../../src-main/host/printable';

describe('text printed to a terminal', () => {
  it('shows the characters that would act on the terminal instead of sending them', () => {
    expect(printable('\x1b[2J\x1b]0;title\x07name')).toBe('\\x1b[2J\\x1b]0;title\\x07name');
    expect(printable('one\ntwo\rthree\tfour\x00\x7f')).toBe('one\\ntwo\\rthree\\tfour\\x00\\x7f');
    // C1 controls: U+009B is CSI, ESC [ in one character, to a terminal that reads 8-bit controls.
    expect(printable('\u009b31m\u0085')).toBe('\\x9b31m\\x85');
    // Marks that make a name read as another: `txt.exe` shown as `exe.txt`.
    expect(printable('\u202etxt.exe\u2066\u2069\u200f\u061c\u2028')).toBe(
      '\\u202etxt.exe\\u2066\\u2069\\u200f\\u061c\\u2028',
    );
  });

  it('leaves every other character as it is, and line breaks where asked', () => {
    expect(printable('café — 日本語, עברית 🎉 ~ \\x1b')).toBe('café — 日本語, עברית 🎉 ~ \\x1b');
    expect(printable('Error: \x1b[31mred\n    at here', { lineBreaks: true })).toBe('Error: \\x1b[31mred\n    at here');
  });
});
