import type { PublishingDb } from '../store/db';
import type { CursorRow, RemoteRow, TimelineName } from '../store/sync-rows';
import { allKnown, MAX_PAGES_PER_PULL, OVERLAP_SECONDS, storePage, type PullResult, type ReadWindow, type SeenVersions } from './pull';
import type { PulledPost } from './pulled-post';

/** One page of a remote timeline, newest first, at or before `until` (inclusive) by `listedUnix`. */
export type WalkReader = (query: { until?: number; count: number }) => Promise<PulledPost[]>;

/**
 * The first page of a poll asks for fewer posts: it is usually the only one (a minute brings a few posts),
 * and it stops at the cursor anyway.
 */
export const FIRST_PAGE = 40;

/**
 * Collects what is new on one timeline of a remote that pages with `until` alone (connection.ts, `walk`).
 * Pages are read from the newest post down, each continued at the oldest `listedUnix` of the one before
 * (inclusive: a second split between two pages is read twice, and its posts de-duplicated by GUID), until
 * a page reaches below the cursor less the overlap, or is empty. A page of posts all seen before is a
 * second holding more posts than a page: it can only be stepped past; a second such page in a row is a
 * remote that does not page back at all, and ends the walk.
 *
 * As in pull.ts, each page is stored in one transaction with how far the walk got, and the cursor moves to
 * the newest time seen only with the last page: a walk cut short resumes where it stopped, and the posts
 * that arrived meanwhile are above the cursor, so the next poll brings them. `meta.more` is never read:
 * the reference says "no more" when it clamped the count, and the walk needs no one's word for its end.
 *
 * Answers the window it read whole when it reached the cursor, so that posts held here from that stretch
 * and missing from it can be checked (the remote may have deleted them).
 */
export async function pullWalk(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    timeline: TimelineName;
    read: WalkReader;
    pageSize: number;
    now: () => number;
    seen?: SeenVersions;
    /** Pages read in one pull at most (pull.ts MAX_PAGES_PER_PULL); the next pull goes on from there. */
    maxPages?: number;
    /** Told how many posts each page stored, as it is stored (a running cycle's progress). */
    onStored?: (count: number) => void;
  },
): Promise<PullResult & { window: ReadWindow | null }> {
  const { remote, timeline } = input;
  const key: [string, string] = [remote.guid, timeline];
  const cursor: CursorRow = (await db.cursors.get(key)) ?? { remoteGuid: remote.guid, timeline, sinceUnix: null, paging: null };
  const bound = cursor.sinceUnix === null ? null : cursor.sinceUnix - OVERLAP_SECONDS;
  let paging = cursor.paging;
  const seen = new Set<string>();
  const result: PullResult = { requests: 0, stored: 0, mentioning: 0 };
  let wrote = false;
  /** Pages in a row that brought nothing new: two mean the remote does not page back (it ignores `until`). */
  let stalled = 0;
  for (;;) {
    const first = result.requests === 0 && paging === null && bound !== null;
    const page = await input.read({ count: first ? Math.min(FIRST_PAGE, input.pageSize) : input.pageSize, ...(paging ? { until: paging.untilUnix } : {}) });
    result.requests += 1;
    const newestUnix = Math.max(paging?.newestUnix ?? cursor.sinceUnix ?? 0, ...page.map((p) => p.listedUnix));
    const oldestUnix = Math.min(...page.map((p) => p.listedUnix));
    const progressed = page.some((p) => !seen.has(p.guid));
    for (const p of page) seen.add(p.guid);
    stalled = progressed ? 0 : stalled + 1;
    const reachedCursor = bound !== null && oldestUnix < bound;
    const done = page.length === 0 || reachedCursor || stalled >= 2;
    // However a remote answers, one pull reads so many pages at most; the next goes on from here.
    const cut = !done && result.requests >= (input.maxPages ?? MAX_PAGES_PER_PULL);
    const next: CursorRow = done
      ? { ...cursor, sinceUnix: newestUnix, paging: null }
      : { ...cursor, paging: { untilUnix: progressed ? oldestUnix : oldestUnix - 1, beforeGuid: '', newestUnix } };
    // A page of versions already stored is not stored again, nor where the walk got with it: cut short
    // there, the walk would read it again, to no harm. An idle poll writes nothing at all. The last page
    // stores that the walk ended when an earlier one stored where it was, or the cursor moves.
    const ends = done && (wrote || cursor.paging !== null || next.sinceUnix !== cursor.sinceUnix);
    if (!allKnown(input.seen, page) || ends || cut) {
      wrote = true;
      await storePage(db, { remote, page, cursor: next, now: input.now(), seen: input.seen, onStored: input.onStored }, result);
    }
    if (cut) return { ...result, window: null };
    if (done) {
      // Resumed from a stored position, the pages above it were read by an earlier cycle: not a whole window.
      const whole = reachedCursor && cursor.paging === null;
      return { ...result, window: whole ? { fromUnix: bound, toUnix: newestUnix, seen } : null };
    }
    paging = next.paging;
  }
}
