/*
 * How many characters marked would read again while reading a text, estimated in one pass. Several of
 * marked's rules look ahead from a place to the end of a run of characters, and are tried again at the next
 * place; on a long run tried at every place, the work grows with the square of its length (each figure
 * below was measured on 40,000 characters, which took from half a second to ten seconds):
 * - its text rule looks from every place of a run of spaces for the line end after it (`a` and 40,000
 *   spaces), and from every `!`, `*`, `_`, `~`, backtick and web address inside a run of the characters an
 *   e-mail address may hold, to the end of that run for an `@` (`!` × 40,000);
 * - a web address is shortened by one character of trailing punctuation at a time, each time read again
 *   from its start (`http://a` and 40,000 `)`);
 * - a link's destination is read to the end of the run of characters without white space it stands in, and
 *   its title to the next `)` (`[a](b)` × 16,000 without spaces);
 * - a comment, processing instruction, CDATA section or declaration never closed is read to the end of the
 *   text from each place one opens (`<?` in a paragraph);
 * - each line of a list item is read with all the lines after it, looking for a setext underline (a list
 *   item continued over 20,000 lines took 1.3 s).
 * The estimate errs high: it counts these wherever they stand, in code too.
 */

/** Characters an e-mail address may hold, by code: the text rule reads them looking for an `@`. */
const EMAIL = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.!#$%&'*+/=?_`{|}~-")
  EMAIL[char.charCodeAt(0)] = 1;
/** Where marked's text rule stops inside such a run, to try another rule: 1 at these, 2 where a web address may start. */
const STOPS = new Uint8Array(128);
for (const char of '!*_~`') STOPS[char.charCodeAt(0)] = 1;
for (const char of 'hHfFwW') STOPS[char.charCodeAt(0)] = 2;
/**
 * What a stop costs, as characters read again for each one of the run: at `*`, `_` and `~` marked also tries
 * emphasis, which reads on through the run, about eight times what a stop at `!` costs (measured: 5.5 and
 * 0.65 ns a character; `.` and 4,000 `_` then `.` and a few `_` took 84 ms, where 4,000 `!` took 12 ms).
 */
const STOP_WEIGHT = new Uint8Array(128).fill(1);
for (const char of '*_~') STOP_WEIGHT[char.charCodeAt(0)] = 8;
const SPACE = 32;
const WEB_ADDRESS = /https?:\/\/|ftp:\/\/|www\./iy;
const ADDRESS_STOP = /[\s<]/;
const TRAILING = /[?!.,:;*_'"~)]/;
const ENTITY_AT_END = /&[A-Za-z0-9]+;$/;
const UNCLOSED = [
  ['<!--', '-->'],
  ['<?', '?>'],
  ['<![CDATA[', ']]>'],
] as const;
const DECLARATION = /<![A-Za-z]/y;

/** Characters read again by marked's text rule: runs of spaces, and runs of e-mail characters it stops in. */
function textRule(text: string): number {
  let reread = 0;
  let spaces = 0;
  let run = 0;
  let stops = 0;
  for (let at = 0; at <= text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === SPACE) spaces++;
    else if (spaces > 0) {
      reread += (spaces * spaces) / 2;
      spaces = 0;
    }
    if (EMAIL[code] === 1) {
      run++;
      const stop = STOPS[code];
      if (stop === 1) stops += STOP_WEIGHT[code] ?? 1;
      else if (stop === 2) {
        WEB_ADDRESS.lastIndex = at;
        if (WEB_ADDRESS.test(text)) stops++;
      }
    } else if (run > 0) {
      reread += stops * run;
      run = 0;
      stops = 0;
    }
  }
  return reread;
}

/** Characters read again while web addresses are shortened past their trailing punctuation. */
function webAddresses(text: string): number {
  let reread = 0;
  for (let at = 0; at < text.length; at++) {
    if (STOPS[text.charCodeAt(at)] !== 2) continue;
    WEB_ADDRESS.lastIndex = at;
    if (!WEB_ADDRESS.test(text)) continue;
    let end = at;
    while (end < text.length && !ADDRESS_STOP.test(text.charAt(end))) end++;
    let shortenings = 0;
    for (let last = end; last > at; shortenings++) {
      const entity = ENTITY_AT_END.exec(text.slice(Math.max(at, last - 40), last));
      if (entity) last -= entity[0].length;
      else if (TRAILING.test(text.charAt(last - 1))) last--;
      else break;
    }
    reread += (end - at) * shortenings;
    at = end;
  }
  return reread;
}

/** Characters read for link destinations and titles: from each `](` to the end of its run, and to the next `)`. */
function linkDestinations(text: string): number {
  let reread = 0;
  let runEnd = -1;
  let nextParen = -1;
  for (let at = text.indexOf(']('); at >= 0; at = text.indexOf('](', at + 1)) {
    if (runEnd <= at) {
      runEnd = at;
      // A destination ends at white space or a control character: at any code up to a space's.
      while (runEnd < text.length && text.charCodeAt(runEnd) > 32) runEnd++;
    }
    if (nextParen <= at + 1) {
      nextParen = text.indexOf(')', at + 2);
      if (nextParen < 0) nextParen = text.length;
    }
    reread += runEnd - at + (nextParen - at);
  }
  return reread;
}

/** Characters read from each opening of a construct never closed (or closed far away) to its end. */
function unclosedHtml(text: string): number {
  let reread = 0;
  for (const [open, close] of UNCLOSED) {
    let end = -1;
    for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
      if (end < at) {
        end = text.indexOf(close, at);
        if (end < 0) end = text.length;
      }
      reread += end - at;
    }
  }
  let end = -1;
  for (let at = text.indexOf('<!'); at >= 0; at = text.indexOf('<!', at + 1)) {
    DECLARATION.lastIndex = at;
    if (!DECLARATION.test(text)) continue;
    if (end < at) {
      end = text.indexOf('>', at);
      if (end < 0) end = text.length;
    }
    reread += end - at;
  }
  return reread;
}

/** The characters marked would read again, as estimated above (list items are counted by block-shape.ts). */
export function inlineRereading(text: string): number {
  return textRule(text) + webAddresses(text) + linkDestinations(text) + unclosedHtml(text);
}
