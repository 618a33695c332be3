import type { PublishingDb } from '../store/db';
import type { CursorRow } from '../store/sync-rows';
import { failureOf } from './failure';
import { pullPages, type Paging, type PullInput, type PullResult, type ReadWindow } from './pull-pages';
import type { PulledPost } from './pulled-post';

/**
 * One page of a remote timeline, newest first: posts at or after `since`, at or before `until` / `before`.
 * An adapter may ask for more where the remote can say (instance-connection.ts: edits of older posts).
 */
export type TimelineReader = (query: {
  since?: number | undefined;
  until?: number | undefined;
  before?: string | undefined;
  count: number;
}) => Promise<PulledPost[]>;

/**
 * Re-read this much before the cursor on every poll: a post stamped just before the cursor can be committed
 * on the remote just after a poll read past it, and posts of one second can arrive in two polls. Versions
 * already held are skipped, so the overlap costs one page of known posts.
 */
export const OVERLAP_SECONDS = 60;

/**
 * Collects what is new on one timeline of a remote since its cursor (pull-pages.ts), where the remote
 * answers `since` with the newest posts after it and pages back with `until` and `before`. Pages are read
 * newest first, and the cursor moves to the newest version seen only with the last page. `since`/`until`
 * are inclusive on remotes, so a page boundary inside one second is read twice and de-duplicated; `before`
 * (this project's exact position) avoids even that where supported. The cursor follows the remote's own
 * times (`updated_unix`), so the two clocks need not agree.
 */
export function pullTimeline(
  db: PublishingDb,
  input: PullInput & { read: TimelineReader; pageSize: number },
): Promise<PullResult & { window: ReadWindow | null }> {
  return pullPages(db, input, (cursor) => backward(input, cursor));
}

function backward(input: { read: TimelineReader; pageSize: number }, cursor: CursorRow): Paging {
  const since = cursor.sinceUnix === null ? undefined : Math.max(0, cursor.sinceUnix - OVERLAP_SECONDS);
  const newestOf = (at: CursorRow, page: readonly PulledPost[]) =>
    Math.max(at.paging?.newestUnix ?? at.sinceUnix ?? 0, ...page.map((p) => p.updatedUnix));
  return {
    ask: async (at) => {
      const query = { count: input.pageSize, since, until: at.paging?.untilUnix, before: at.paging?.beforeGuid };
      try {
        return await input.read(query);
      } catch (error) {
        // The post the position names was deleted there since (this project refuses a `before` it cannot
        // read): a cursor is a time, so the pull goes on from that post's second alone.
        if (!query.before || failureOf(error).kind !== 'rejected') throw error;
        return input.read({ ...query, before: '' });
      }
    },
    onward: (at, page, progressed) => {
      const oldest = page.reduce<PulledPost | undefined>((min, p) => (!min || olderThan(p, min) ? p : min), undefined);
      if (oldest === undefined || page.length < input.pageSize) return null;
      const newestUnix = newestOf(at, page);
      if (progressed) return { ...at, paging: { untilUnix: oldest.publishUnix, beforeGuid: oldest.guid, newestUnix } };
      // A whole page of one second already seen: a remote without `before` can only step past that second.
      return { ...at, paging: { untilUnix: oldest.publishUnix - 1, beforeGuid: '', newestUnix } };
    },
    atRest: (at, page, read) => {
      const newestUnix = newestOf(at, page);
      // Read from the top since the cursor: every post published since then was on a page, up to the
      // newest the remote ever showed (the cursor is the newest change seen, the newest post among them).
      const whole = since !== undefined && cursor.paging === null;
      const window = whole
        ? { fromUnix: since, toUnix: Math.max(read.newestPublishUnix, newestUnix), seen: read.seen }
        : null;
      return { cursor: { ...at, sinceUnix: newestUnix, paging: null }, window };
    },
  };
}

/** Timeline order: publish time, then GUID, both descending. */
const olderThan = (a: PulledPost, b: PulledPost): boolean =>
  a.publishUnix < b.publishUnix || (a.publishUnix === b.publishUnix && a.guid < b.guid);
