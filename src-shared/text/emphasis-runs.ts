/*
 * How deep emphasis nests in a Markdown text, read in one pass. marked reads the inside of each emphasis
 * again, one level down, so its work grows with the depth times the length inside, and its stack with the
 * depth alone: `*` × 5,000, a letter and `*` × 5,000 ran it out of stack.
 *
 * The reading follows CommonMark's: a run of `*`, `_` or `~` opens when it is left-flanking and closes when
 * it is right-flanking (`_` more strictly, so that `snake_case` does neither); a closing run pairs with the
 * nearest open run of its own character, as many marks as both have; and no emphasis crosses a blank line.
 * It errs on the side of pairing: it ignores code spans, links and the rule of three, all of which only
 * ever keep marks from pairing. Marks that never pair nest nothing.
 *
 * It also counts the runs marked looks through for a closing run: from each opening run to the one that
 * closes it, or, when none does, to the last run of its character in the paragraph that might (an `_`
 * after every `;` of 8,000 lines took marked 3 s).
 */

const WHITE_SPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const [NEWLINE, TAB, SPACE, BACKSLASH, STAR, UNDERSCORE, TILDE] = ['\n', '\t', ' ', '\\', '*', '_', '~'].map((char) =>
  char.charCodeAt(0),
);

const isWhiteSpace = (char: string | undefined): boolean => char === undefined || WHITE_SPACE.test(char);
const isPunctuation = (char: string | undefined): boolean => char !== undefined && PUNCTUATION.test(char);

interface OpenRun {
  /** Where the text inside it begins. */
  after: number;
  marks: number;
  /** How many runs of its character came before it in the paragraph. */
  run: number;
}

/** The runs of one character in the current paragraph. */
interface Runs {
  open: OpenRun[];
  /** Runs so far. */
  count: number;
  /** The number of the last run that might close. */
  lastCloser: number;
}

export interface Emphasis {
  /** The most marks of paired emphasis around any one place (`***a***` is 3 deep). */
  depth: number;
  /** Runs marked looks through, over all the runs that open. */
  scanned: number;
}

export function emphasisIn(text: string): Emphasis {
  // Marks opened at each place (where their inside begins) and closed at each place; summed in order, the depth.
  const change = new Int32Array(text.length + 1);
  const paragraph: Record<string, Runs> = {};
  let scanned = 0;
  /** Ends a paragraph: its runs that never closed look through to its last run that might have. */
  const restart = () => {
    for (const char of ['*', '_', '~']) {
      const runs = paragraph[char];
      for (const opener of runs?.open ?? []) scanned += Math.max(0, (runs?.lastCloser ?? 0) - opener.run);
      paragraph[char] = { open: [], count: 0, lastCloser: 0 };
    }
  };
  restart();
  let blankLine = true;
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    if (code === NEWLINE) {
      if (blankLine) restart();
      blankLine = true;
      at++;
      continue;
    }
    if (code !== SPACE && code !== TAB) blankLine = false;
    if (code === BACKSLASH && ASCII_PUNCTUATION.test(text.charAt(at + 1))) {
      at += 2;
      continue;
    }
    const char = text.charAt(at);
    const runs = code === STAR || code === UNDERSCORE || code === TILDE ? paragraph[char] : undefined;
    if (runs === undefined) {
      at++;
      continue;
    }
    let end = at + 1;
    while (text.charAt(end) === char) end++;
    const before = text[at - 1];
    const after = text[end];
    const leftFlanking =
      !isWhiteSpace(after) && (!isPunctuation(after) || isWhiteSpace(before) || isPunctuation(before));
    const rightFlanking =
      !isWhiteSpace(before) && (!isPunctuation(before) || isWhiteSpace(after) || isPunctuation(after));
    const opens = char === '_' ? leftFlanking && (!rightFlanking || isPunctuation(before)) : leftFlanking;
    const closes = char === '_' ? rightFlanking && (!leftFlanking || isPunctuation(after)) : rightFlanking;
    const run = ++runs.count;
    // What marked takes for a run that might close, to know how far to look: any not after white space.
    if (before !== undefined && !/[ \t\n\r\f]/.test(before)) runs.lastCloser = run;
    let marks = end - at;
    for (let last = runs.open.at(-1); closes && marks > 0 && last !== undefined; last = runs.open.at(-1)) {
      const paired = Math.min(marks, last.marks);
      change[last.after] = (change[last.after] ?? 0) + paired;
      change[at] = (change[at] ?? 0) - paired;
      marks -= paired;
      last.marks -= paired;
      if (last.marks === 0) {
        runs.open.pop();
        scanned += run - last.run;
      }
    }
    if (opens && marks > 0) runs.open.push({ after: end, marks, run });
    at = end;
  }
  restart();
  let depth = 0;
  let deepest = 0;
  for (const step of change) {
    depth += step;
    deepest = Math.max(deepest, depth);
  }
  return { depth: deepest, scanned };
}
