import { parseDocument, stringify } from 'yaml';

/**
 * YAML front matter, written by the export and read by the Markdown import: one module, so that what one
 * writes the other reads. A file is `---`, the YAML, `---`, then the post's own Markdown.
 *
 * Reading is hostile input (a file from anywhere): the front matter is bounded in size, aliases are refused
 * (an alias bomb expands a few lines into gigabytes), and only plain YAML types come out (the core schema:
 * no dates, no custom tags; a date stays the text it was written as).
 */
export const MAX_FRONT_MATTER_BYTES = 64 * 1024;

const FENCE = '---';

export class FrontMatterError extends Error {
  constructor(
    message: string,
    /** 1-based line in the file, when known. */
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface FrontMatterFile {
  /** The front matter's keys and values; empty when the file has none. */
  data: Record<string, unknown>;
  /** The Markdown after it, as written. */
  body: string;
}

/** The file of a post: its front matter (keys with an undefined value left out), then its Markdown. */
export function writeFrontMatter(data: Record<string, unknown>, body: string): string {
  const present = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  return `${FENCE}\n${plainYaml(present) ?? stringify(present, { lineWidth: 0 })}${FENCE}\n${body}`;
}

/** A key the YAML writer leaves plain. */
const PLAIN_KEY = /^[a-z][a-z_]*$/;
/**
 * A string the YAML writer leaves plain, by its own rules (yaml's stringifyString.js) made narrower: letters,
 * digits and a few marks, starting with a letter, digit or `/`, without `: ` or a `:` or space at the end.
 */
const PLAIN_TEXT = /^[\p{L}\p{N}/][\p{L}\p{N} _.,/:'()!?&+=~-]*$/u;
const NOT_PLAIN = /: |[ :]$/;
/** What the core schema would read as other than a string (null, a boolean, a number). */
const CORE_OTHER =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;
const isPlain = (value: unknown): value is string =>
  typeof value === 'string' && PLAIN_TEXT.test(value) && !NOT_PLAIN.test(value) && !CORE_OTHER.test(value);

/**
 * The YAML of a mapping whose keys and values (strings, or lists of strings) the YAML writer would all leave
 * plain, written as it writes them, without building its document (a tenth of the export's time over a
 * post per file); null for anything else, which is the writer's to write.
 */
export function plainYaml(data: Record<string, unknown>): string | null {
  let yaml = '';
  for (const [key, value] of Object.entries(data)) {
    if (!PLAIN_KEY.test(key)) return null;
    if (isPlain(value)) yaml += `${key}: ${value}\n`;
    else if (Array.isArray(value) && value.length > 0 && value.every(isPlain))
      yaml += `${key}:\n${value.map((item) => `  - ${item}\n`).join('')}`;
    else return null;
  }
  return yaml === '' ? null : yaml;
}

export function readFrontMatter(source: string): FrontMatterFile {
  const text = source.startsWith('\ufeff') ? source.slice(1) : source;
  const opening = /^---[ \t]*\r?\n/.exec(text);
  if (!opening) return { data: {}, body: text };
  const rest = text.slice(opening[0].length);
  const end = /(?:^|\n)(---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(rest);
  if (!end) throw new FrontMatterError('the front matter has no closing "---" line', 1);
  const yamlText = rest.slice(0, end.index + (rest[end.index] === '\n' ? 1 : 0));
  if (new TextEncoder().encode(yamlText).length > MAX_FRONT_MATTER_BYTES) {
    throw new FrontMatterError(`the front matter is larger than ${MAX_FRONT_MATTER_BYTES / 1024} KiB`, 1);
  }
  const document = parseDocument(yamlText, { schema: 'core', uniqueKeys: true, prettyErrors: true });
  const problem = document.errors[0];
  if (problem) {
    // The YAML starts on the file's second line.
    const line = problem.linePos?.[0].line;
    throw new FrontMatterError(
      `the front matter is not valid YAML: ${(problem.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      line === undefined ? undefined : line + 1,
    );
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 0 });
  } catch {
    // toJS fails on an alias only: everything else was reported by the parser above.
    throw new FrontMatterError('the front matter uses YAML aliases (*name), which are not accepted', 1);
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw new FrontMatterError('the front matter must be a mapping of keys to values', 2);
  return { data: data as Record<string, unknown>, body: rest.slice(end.index + end[0].length) };
}
