import { fullTime, isoTime, RELATIVE_TIME_CLASS, relativeTime } from '../util/time';

/** A relative time, with the full time on hover and for assistive technology. */
export function RelativeTime({ unix }: { unix: number }) {
  return (
    <time className={RELATIVE_TIME_CLASS} dateTime={isoTime(unix)} title={fullTime(unix)}>
      {relativeTime(unix)}
    </time>
  );
}
