import type { PublishingDb } from '../store/db';
import type { CursorRow, RemoteRow, TimelineName } from '../store/sync-rows';
import { failureOf } from './failure';
import type { PulledPost } from './pulled-post';
import { storePulledPage } from './store-pulled';

/**
 * One page of a remote timeline, newest first: posts at or after `since`, at or before `until` / `before`.
 * An adapter may ask for more where the remote can say (instance-connection.ts: edits of older posts).
 */
export type TimelineReader = (query: { since?: number; until?: number; before?: string; count: number }) => Promise<PulledPost[]>;

/**
 * Re-read this much before the cursor on every poll: a post stamped just before the cursor can be committed
 * on the remote just after a poll read past it, and posts of one second can arrive in two polls. Versions
 * already held are skipped, so the overlap costs one page of known posts.
 */
export const OVERLAP_SECONDS = 60;

/**
 * Pages one pull reads at most (about 100,000 posts): a remote that answers page after page without end
 * cannot hold a cycle for ever. The cursor keeps where the pull got, and the next one goes on from there.
 */
export const MAX_PAGES_PER_PULL = 400;

/**
 * Versions known to be stored, per timeline: GUID → `updated_unix` and content, since an edit within one
 * second keeps the time. Bounded, and lost on restart (the first poll then checks the store).
 */
export type SeenVersions = Map<string, string>;
const versionOf = (post: PulledPost): string => `${post.updatedUnix}\n${post.title ?? ''}\n${post.tags.join(',')}\n${post.text}`;

/** Every post of the page is a version this timeline stored before. */
export const allKnown = (seen: SeenVersions | undefined, page: readonly PulledPost[]): boolean => page.every((p) => seen?.get(p.guid) === versionOf(p));
const SEEN_AT_MOST = 2_000;

export interface PullResult {
  requests: number;
  stored: number;
  mentioning: number;
}

/**
 * The stretch of a timeline a pull read whole, by the time the remote files posts under: every post the
 * remote lists there was on a page, so one held here from there and not on them may be gone (gone.ts).
 */
export interface ReadWindow {
  fromUnix: number;
  toUnix: number;
  seen: ReadonlySet<string>;
}

/**
 * Collects what is new on one timeline of a remote since its cursor. Pages are read newest first; each is
 * stored in one transaction together with how far the catch-up got, and the cursor moves to the newest
 * version seen only with the last page. A pull cut short (offline, crash) resumes at the page it reached;
 * none ends with a gap. `since`/`until` are inclusive on remotes, so a page boundary inside one second is
 * read twice and de-duplicated; `before` (this project's exact position) avoids even that where supported.
 * The cursor follows the remote's own times (`updated_unix`), so the two clocks need not agree.
 */
export async function pullTimeline(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    timeline: TimelineName;
    read: TimelineReader;
    pageSize: number;
    now: () => number;
    seen?: SeenVersions;
    /** Pages read in one pull at most (MAX_PAGES_PER_PULL); the next pull goes on from there. */
    maxPages?: number;
    /** Told how many posts each page stored, as it is stored (a running cycle's progress). */
    onStored?: (count: number) => void;
  },
): Promise<PullResult & { window: ReadWindow | null }> {
  const { remote, timeline } = input;
  const key: [string, string] = [remote.guid, timeline];
  const cursor: CursorRow = (await db.cursors.get(key)) ?? { remoteGuid: remote.guid, timeline, sinceUnix: null, paging: null };
  const since = cursor.sinceUnix === null ? undefined : Math.max(0, cursor.sinceUnix - OVERLAP_SECONDS);
  let latestPublished = since ?? 0;
  let paging = cursor.paging;
  const seen = new Set<string>();
  const result: PullResult = { requests: 0, stored: 0, mentioning: 0 };
  /** Pages in a row that brought nothing new: two mean the remote does not page back (it ignores `until`). */
  let stalled = 0;
  for (;;) {
    let page: PulledPost[];
    try {
      page = await input.read({
        count: input.pageSize,
        ...(since !== undefined ? { since } : {}),
        ...(paging ? { until: paging.untilUnix, before: paging.beforeGuid } : {}),
      });
    } catch (error) {
      // The post the position names was deleted there since (this project refuses a `before` it cannot
      // read): a cursor is a time, so the pull goes on from that post's second alone.
      if (!paging?.beforeGuid || failureOf(error).kind !== 'rejected') throw error;
      paging = { ...paging, beforeGuid: '' };
      continue;
    }
    result.requests += 1;
    const newestUnix = Math.max(paging?.newestUnix ?? cursor.sinceUnix ?? 0, ...page.map((p) => p.updatedUnix));
    const oldest = page.reduce<PulledPost | undefined>((min, p) => (!min || olderThan(p, min) ? p : min), undefined);
    const progressed = page.some((p) => !seen.has(p.guid));
    for (const p of page) seen.add(p.guid);
    stalled = progressed ? 0 : stalled + 1;
    latestPublished = Math.max(latestPublished, ...page.map((p) => p.publishUnix));
    const more = oldest !== undefined && page.length >= input.pageSize && stalled < 2;
    let next: CursorRow;
    if (more && progressed) {
      next = { ...cursor, paging: { untilUnix: oldest.publishUnix, beforeGuid: oldest.guid, newestUnix } };
    } else if (more) {
      // A whole page of one second already seen: a remote without `before` can only step past that second.
      next = { ...cursor, paging: { untilUnix: oldest.publishUnix - 1, beforeGuid: '', newestUnix } };
    } else {
      next = { ...cursor, sinceUnix: newestUnix, paging: null };
    }
    // An idle poll: nothing new in the overlap, and the cursor stays. No transaction at all.
    if (!(allKnown(input.seen, page) && next.paging === null && next.sinceUnix === cursor.sinceUnix && cursor.paging === null)) {
      await storePage(db, { remote, page, cursor: next, now: input.now(), seen: input.seen, onStored: input.onStored }, result);
    }
    if (next.paging !== null && result.requests >= (input.maxPages ?? MAX_PAGES_PER_PULL)) return { ...result, window: null };
    if (next.paging === null) {
      // Read from the top since the cursor: every post published since then was on a page, up to the
      // newest the remote ever showed (the cursor is the newest change seen, the newest post among them).
      const whole = since !== undefined && cursor.paging === null;
      return { ...result, window: whole ? { fromUnix: since, toUnix: Math.max(latestPublished, newestUnix), seen } : null };
    }
    paging = next.paging;
  }
}

/**
 * Stores a page in one transaction with the cursor that says how far the pull got, counts it in `result`,
 * and remembers its versions.
 */
export async function storePage(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    page: readonly PulledPost[];
    cursor: CursorRow;
    now: number;
    seen: SeenVersions | undefined;
    onStored?: ((count: number) => void) | undefined;
  },
  result: PullResult,
): Promise<void> {
  const stored = await storePulledPage(db, {
    remote: input.remote,
    posts: input.page,
    now: input.now,
    alsoInTransaction: () => db.cursors.put(input.cursor).then(() => undefined),
  });
  result.stored += stored.stored;
  result.mentioning += stored.mentioning;
  input.onStored?.(stored.stored);
  rememberVersions(input.seen, input.page);
}

function rememberVersions(seen: SeenVersions | undefined, page: readonly PulledPost[]): void {
  if (!seen) return;
  if (seen.size > SEEN_AT_MOST) seen.clear();
  for (const post of page) seen.set(post.guid, versionOf(post));
}

/** Timeline order: publish time, then GUID, both descending. */
const olderThan = (a: PulledPost, b: PulledPost): boolean =>
  a.publishUnix < b.publishUnix || (a.publishUnix === b.publishUnix && a.guid < b.guid);
