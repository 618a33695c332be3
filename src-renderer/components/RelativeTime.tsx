import { fullTime, isoTime, relativeTime } from '../util/time';

/** A relative time, with the full time on hover and for assistive technology. */
export function RelativeTime({ unix }: { unix: number }) {
  return (
    <time className="relative-time" dateTime={isoTime(unix)} title={fullTime(unix)}>
      {relativeTime(unix)}
    </time>
  );
}
