import type { Scheduled } from '../api/vocabulary';
import type { PostRow } from '../store/rows';

/**
 * Whether a post belongs on a timeline read with `scheduled` (api/inputs.ts) at `now`: a post whose
 * publication time has not come is scheduled. Who may read it at all is `canRead`'s to say.
 */
export function fitsScheduled(post: Pick<PostRow, 'publishUnix'>, scheduled: Scheduled, now: number): boolean {
  if (scheduled === 'include') return true;
  return scheduled === 'only' ? post.publishUnix > now : post.publishUnix <= now;
}

/**
 * The publish-time bounds a timeline read with `scheduled` keeps: `exclude` reads from now down, `only`
 * from the far future down to just after now, so the store starts where the posts asked for are.
 */
export function scheduledBounds(
  scheduled: Scheduled,
  now: number,
  bounds: { since?: number | undefined; until?: number | undefined },
): { since?: number | undefined; until?: number | undefined } {
  if (scheduled === 'exclude') return { ...bounds, until: Math.min(bounds.until ?? now, now) };
  if (scheduled === 'only') return { ...bounds, since: Math.max(bounds.since ?? now + 1, now + 1) };
  return bounds;
}
