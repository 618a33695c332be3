/** ISO 8601 in UTC without milliseconds, as the spec's examples show times. */
export function isoOf(unix: number): string {
  const iso = new Date(unix * 1000).toISOString();
  // `YYYY-MM-DDTHH:MM:SS.sssZ` for the years 0 to 9999 (cut without a pattern: a page shows hundreds); a
  // year past them is longer (`+010000-…`).
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
}

/** 9999-12-31T23:59:59Z: a later time has no ISO 8601 spelling (`+010000-…`) that clients read. */
export const LAST_UNIX = 253_402_300_799;

/**
 * A date a person or client sends: unix seconds, ISO 8601 (a time without a zone is UTC, as the spec says
 * dates are in UTC), or `YYYY-MM-DD HH:MM:SS` (the legacy spelling), from 1970 to 9999. Null when it is
 * none of these.
 */
export function parseDate(input: string): number | null {
  const unix = readDate(input);
  return unix !== null && unix <= LAST_UNIX ? unix : null;
}

function readDate(input: string): number | null {
  const text = input.trim();
  if (/^\d{1,12}$/.test(text)) return Number(text);
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = fields;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  // Nothing is published before 1970; Date.UTC would also read the years 0 to 99 as 1900 to 1999.
  if (year < 1970) return null;
  let millis = Date.UTC(year, month - 1, day, hour, minute, second);
  // Reject days a month does not have (2026-02-30) instead of rolling them over.
  if (new Date(millis).getUTCDate() !== day) return null;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    millis -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return millis < 0 ? null : Math.floor(millis / 1000);
}

/** Unix seconds as a Date. */
export const dateOfUnix = (unix: number): Date => new Date(unix * 1000);

/** A Date in unix seconds (its second: the part below one is dropped). */
export const unixOfDate = (date: Date): number => Math.floor(date.getTime() / 1000);
