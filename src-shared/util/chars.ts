/**
 * Lengths as the limits count them: in characters (Unicode code points), so an emoji or a letter outside
 * the Basic Multilingual Plane counts once, not as its two UTF-16 units. (Not as graphemes: a flag made of
 * two regional indicators counts twice, as every server that counts code points counts it.)
 */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The first `count` characters (code points) of a text. */
export function firstChars(text: string, count: number): string {
  let out = '';
  let taken = 0;
  for (const char of text) {
    if (taken === count) break;
    out += char;
    taken += 1;
  }
  return out;
}
