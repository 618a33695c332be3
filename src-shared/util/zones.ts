/** Time zone and language checks for the account profile (section 4.2). */
const ABBREVIATIONS = new Set([
  'UTC',
  'GMT',
  'UT',
  'Z',
  'EST',
  'EDT',
  'CST',
  'CDT',
  'MST',
  'MDT',
  'PST',
  'PDT',
  'AKST',
  'AKDT',
  'HST',
  'AST',
  'ADT',
  'NST',
  'NDT',
  'WET',
  'WEST',
  'CET',
  'CEST',
  'EET',
  'EEST',
  'MSK',
  'IST',
  'PKT',
  'ICT',
  'WIB',
  'HKT',
  'SGT',
  'AWST',
  'JST',
  'KST',
  'ACST',
  'ACDT',
  'AEST',
  'AEDT',
  'NZST',
  'NZDT',
  'BST',
  'SAST',
]);

/** A TZ database name ("Europe/Berlin") or a common abbreviation ("CET"), as the spec allows both. */
export function isTimezone(value: string): boolean {
  if (ABBREVIATIONS.has(value.toUpperCase())) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A localisation tag such as en-US; returns its canonical spelling or null. */
export function canonicalLanguage(value: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** The usual shape of an address: something@domain.tld, no spaces; the mail server has the last word. */
export const isMailAddress = (value: string): boolean =>
  value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);
