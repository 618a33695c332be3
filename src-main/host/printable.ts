import { inspect } from 'node:util';

/**
 * Characters that act on a terminal instead of showing: C0 controls (escape sequences begin with ESC, and
 * a line break or a carriage return forges a line of its own), DEL, C1 controls (a terminal may take
 * U+009B as ESC [), the line and paragraph separators, and the marks that reorder text (bidirectional
 * embeddings, overrides and isolates), which make a name read as another.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * `text` as a terminal should show it: each character of ACTING written out (`\x1b`, `\n`, `\u202e`).
 * Every text a command prints that it did not write itself goes through here: file and entry names,
 * reasons that quote a file, what an archive or a remote says. `lineBreaks` keeps `\n` as it is, for a
 * report of many lines such as an error's stack; what is printed must then be a line of its own.
 */
export function printable(text: string, options: { lineBreaks?: boolean } = {}): string {
  return text.replace(ACTING, (character) => {
    if (character === '\n' && options.lineBreaks) return character;
    const code = character.charCodeAt(0);
    return (
      NAMED[character] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });
}

/** Logs that `what` failed, and the error: its stack on lines of their own, anything else in it made visible. */
export function logProblem(what: string, error: unknown): void {
  console.error(printable(`${what}: ${typeof error === 'string' ? error : inspect(error)}`, { lineBreaks: true }));
}
