// Made as the module loads, not when first used: the first one made loads the locale's data (about 13 ms of
// the main thread). The shell's modules load while the first timeline's answer may still be on its way; made
// when the first post is drawn, they would be in its way.
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const short = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 min. ago", "in 2 days"; past a week the date itself. */
export function relativeTime(unix: number, nowMs = Date.now()): string {
  let value = unix - nowMs / 1000;
  if (Math.abs(value) >= 7 * 86_400) return short.format(unix * 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return short.format(unix * 1000);
}

export const fullTime = (unix: number): string => full.format(unix * 1000);
/** "25 Nov 2026", as the locale writes a date. */
export const dateOf = (unix: number): string => short.format(unix * 1000);
export const isoTime = (unix: number): string => new Date(unix * 1000).toISOString();

/** A `datetime-local` value (local time) as unix seconds; null when empty or not a date. */
export function localInputToUnix(value: string): number | null {
  if (value.trim() === '') return null;
  const millis = new Date(value).getTime();
  return Number.isFinite(millis) ? Math.floor(millis / 1000) : null;
}

/** Unix seconds as a `datetime-local` value in local time. */
export function unixToLocalInput(unix: number): string {
  const d = new Date(unix * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
