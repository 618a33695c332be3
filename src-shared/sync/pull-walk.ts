import type { PublishingDb } from '../store/db';
import type { CursorRow } from '../store/sync-rows';
import { OVERLAP_SECONDS } from './pull';
import { pullPages, type Paging, type PullInput, type PullResult, type ReadWindow } from './pull-pages';
import type { PulledPost } from './pulled-post';

/** One page of a remote timeline, newest first, at or before `until` (inclusive) by `listedUnix`. */
export type WalkReader = (query: { until?: number | undefined; count: number }) => Promise<PulledPost[]>;

/**
 * The first page of a poll asks for fewer posts: it is usually the only one (a minute brings a few posts),
 * and it stops at the cursor anyway.
 */
export const FIRST_PAGE = 40;

/**
 * Collects what is new on one timeline of a remote that pages with `until` alone (connection.ts, `walk`).
 * Pages are read from the newest post down (pull-pages.ts), each continued at the oldest `listedUnix` of
 * the one before (inclusive: a second split between two pages is read twice, and its posts de-duplicated by
 * GUID), until a page reaches below the cursor less the overlap, or is empty. A page of posts all seen
 * before is a second holding more posts than a page: it can only be stepped past.
 *
 * The cursor moves to the newest time seen only with the last page: a walk cut short resumes where it
 * stopped, and the posts that arrived meanwhile are above the cursor, so the next poll brings them.
 * `meta.more` is never read: the reference says "no more" when it clamped the count, and the walk needs no
 * one's word for its end.
 *
 * Answers the window it read whole when it reached the cursor, so that posts held here from that stretch
 * and missing from it can be checked (the remote may have deleted them).
 */
export function pullWalk(
  db: PublishingDb,
  input: PullInput & { read: WalkReader; pageSize: number },
): Promise<PullResult & { window: ReadWindow | null }> {
  return pullPages(db, input, (cursor) => walk(input, cursor));
}

function walk(input: { read: WalkReader; pageSize: number }, cursor: CursorRow): Paging {
  const bound = cursor.sinceUnix === null ? null : cursor.sinceUnix - OVERLAP_SECONDS;
  const newestOf = (at: CursorRow, page: readonly PulledPost[]) =>
    Math.max(at.paging?.newestUnix ?? at.sinceUnix ?? 0, ...page.map((p) => p.listedUnix));
  const oldestOf = (page: readonly PulledPost[]) => Math.min(...page.map((p) => p.listedUnix));
  const reachesCursor = (page: readonly PulledPost[]) => bound !== null && oldestOf(page) < bound;
  return {
    ask: (at, first) => {
      const poll = first && at.paging === null && bound !== null;
      return input.read({
        count: poll ? Math.min(FIRST_PAGE, input.pageSize) : input.pageSize,
        until: at.paging?.untilUnix,
      });
    },
    onward: (at, page, progressed) => {
      if (page.length === 0 || reachesCursor(page)) return null;
      const oldestUnix = oldestOf(page);
      return {
        ...at,
        paging: { untilUnix: progressed ? oldestUnix : oldestUnix - 1, beforeGuid: '', newestUnix: newestOf(at, page) },
      };
    },
    atRest: (at, page, read) => {
      const newestUnix = newestOf(at, page);
      // Resumed from a stored position, the pages above it were read by an earlier cycle: not a whole window.
      const whole = bound !== null && reachesCursor(page) && cursor.paging === null;
      return {
        cursor: { ...at, sinceUnix: newestUnix, paging: null },
        window: whole ? { fromUnix: bound, toUnix: newestUnix, seen: read.seen } : null,
      };
    },
  };
}
