/*
 * What the blocks of a Markdown text cost marked to read, measured line by line in one pass: how deep one
 * line opens quotes and lists (marked recurses once per level), how many characters it reads again for
 * each level they are in, and how many table cells it makes (a row shorter than its header is padded to it,
 * so a header of 300 cells over 2,000 short lines made 600,000 cells of a text of 5,000 characters).
 */

/** One quote or list marker with the white space before it, matched where the last one ended. */
const LINE_OPENER = /([ \t]*)(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/y;
const LEADING_SPACE = /^[ \t]*/;
/** A line that may be a table's delimiter row (`|---|:-:|`): only pipes, colons, dashes and spaces. */
const DELIMITER_ROW_CHARS = /^[ \t|:-]*$/;
const COLUMN = /-+/g;

export interface BlockShape {
  /** The most quotes and list items opened at the start of one line (`> - > 1. x`). */
  lineNesting: number;
  /** The most columns of white space before the markers of one line. */
  lineIndent: number;
  /**
   * Characters counted once for every quote or list they are in. A line is in as many as it opens, and a
   * list level for every two columns it is indented; a line right after another (no blank line between)
   * may continue its paragraph, so it is taken to be at least as deep.
   */
  nestedCharacters: number;
  /**
   * Blocks marked makes of the lines, about: one a line, or two for each list item it opens (a list and
   * its item). Each costs marked far more than a character of text, before any is written; the lines of a
   * quote make one block between them.
   */
  lineBlocks: number;
  /** Cells of the tables, each row counted as wide as its table's header; a table ends at a blank line. */
  tableCells: number;
  /**
   * Characters marked reads again in list items: each line of one is read with all that follow it in the
   * item (see rereading.ts). An item is taken to run from its marker to the next marker or blank line.
   */
  listRereading: number;
}

const columns = (whiteSpace: string): number => whiteSpace.replace(/\t/g, '    ').length;

export function blockShape(text: string): BlockShape {
  const shape: BlockShape = {
    lineNesting: 0,
    lineIndent: 0,
    nestedCharacters: 0,
    lineBlocks: 0,
    tableCells: 0,
    listRereading: 0,
  };
  let previousDepth = 0;
  let previousBlank = true;
  let tableColumns = 0;
  let itemLines = 0;
  let itemCharacters = 0;
  const endItem = () => {
    shape.listRereading += (itemLines * itemCharacters) / 2;
    itemLines = 0;
    itemCharacters = 0;
  };
  for (const line of text.split('\n')) {
    const blank = line.trim() === '';
    let openers = 0;
    let indent = 0;
    let listMarkers = 0;
    LINE_OPENER.lastIndex = 0;
    for (let match = LINE_OPENER.exec(line); match; match = LINE_OPENER.exec(line)) {
      openers++;
      indent += columns(match[1] ?? '');
      if (!match[0].endsWith('>')) listMarkers++;
    }
    if (blank || listMarkers > 0) endItem();
    if (!blank && (listMarkers > 0 || itemLines > 0)) {
      itemLines++;
      itemCharacters += line.length + 1;
    }
    shape.lineNesting = Math.max(shape.lineNesting, openers);
    shape.lineIndent = Math.max(shape.lineIndent, indent);

    const own = openers + Math.floor(columns(LEADING_SPACE.exec(line)?.[0] ?? '') / 2);
    const depth = blank ? 0 : previousBlank ? own : Math.max(own, previousDepth);
    shape.nestedCharacters += (line.length + 1) * Math.max(1, depth);
    if (!blank) shape.lineBlocks += Math.max(1, 2 * listMarkers);

    if (blank) {
      tableColumns = 0;
    } else if (tableColumns > 0) {
      shape.tableCells += tableColumns;
    } else if (!previousBlank && line.includes('-') && /[|:]/.test(line) && DELIMITER_ROW_CHARS.test(line)) {
      tableColumns = line.match(COLUMN)?.length ?? 0;
      // The header above it.
      shape.tableCells += tableColumns;
    }
    previousDepth = depth;
    previousBlank = blank;
  }
  endItem();
  return shape;
}
