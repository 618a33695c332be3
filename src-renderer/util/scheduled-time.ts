import type { RemotePost } from '../../src-shared/client/remote-post';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * When a scheduled post goes out, as a person plans by it: how far off, then the day and time ("in 3 hours ·
 * Tue 14:00"); a week or more ahead, the date instead of the weekday. `locale` and `timeZone` are the
 * person's unless given (tests give them).
 */
export function scheduledTimeText(
  unix: number,
  nowMs: number,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const { locale, timeZone } = options;
  const ahead = unix - nowMs / 1000;
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  let value = Math.max(ahead, 0) / 60;
  let howFar: string | null = null;
  for (const [unit, size] of STEPS) {
    if (Math.round(value) < size || unit === 'day') {
      howFar = relative.format(Math.max(1, Math.round(value)), unit);
      break;
    }
    value /= size;
  }
  const when = new Intl.DateTimeFormat(locale, {
    ...(ahead < 6 * 86_400 ? { weekday: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(unix * 1000);
  return ahead < 60 ? `any moment now · ${when}` : `${howFar} · ${when}`;
}

/** The posts still ahead of `nowMs`, the soonest first (a post whose time came leaves the list). */
export function stillScheduled(posts: readonly RemotePost[], nowMs: number): RemotePost[] {
  return posts
    .filter((p) => p.publish_unix > nowMs / 1000)
    .sort((a, b) => a.publish_unix - b.publish_unix || (a.guid < b.guid ? -1 : 1));
}
