/** A name safe as one folder or file name on every system: letters, digits, `-`, `_`, `.` inside. */
export function safeSegment(name: string, fallback: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
    .replace(/^[.]+/, '')
    .slice(0, 100);
  return safe === '' ? fallback : safe;
}

/** Words of a file name made from a title or a text: enough to tell files apart in a folder listing. */
const SLUG_WORDS = 8;
const SLUG_CHARS = 60;

/**
 * The first words of a title or a text as a file name, lower case and joined by `-` ("Hello **archive**,
 * again!" → "hello-archive-again"), or '' when it has no letters or digits. Markup and punctuation go;
 * letters of every script stay.
 */
export function wordsSlug(text: string): string {
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, SLUG_WORDS).join('-').slice(0, SLUG_CHARS).replace(/-+$/, '');
}

/**
 * Names of an archive's files, unique as a case-insensitive file system sees them (macOS, Windows): unzipped
 * there, two names that differ only in case would be one file. Answers the first of `stems` not yet taken,
 * then the last stem numbered (`-2`, `-3`, …), with `extension` added; `used` holds what was given so far.
 */
export function claimName(used: Set<string>, stems: readonly string[], extension: string): string {
  const free = (stem: string) => !used.has(`${stem}${extension}`.toLowerCase());
  const last = stems.at(-1) ?? 'file';
  let stem = stems.find((candidate) => candidate !== '' && free(candidate));
  for (let n = 2; stem === undefined; n++) if (free(`${last}-${n}`)) stem = `${last}-${n}`;
  const name = `${stem}${extension}`;
  used.add(name.toLowerCase());
  return name;
}
