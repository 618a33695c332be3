import type { PublishingDb } from '../store/db';
import type { CursorRow, RemoteRow, TimelineName } from '../store/sync-rows';
import type { PulledPost } from './pulled-post';
import { storePulledPage } from './store-pulled';

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
const versionOf = (post: PulledPost): string =>
  `${post.updatedUnix}\n${post.title ?? ''}\n${post.tags.join(',')}\n${post.text}`;
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

/** What a pull has read so far: the GUID of every post on its pages, and the newest publication among them. */
export interface PullRead {
  seen: ReadonlySet<string>;
  newestPublishUnix: number;
}

/**
 * One way of paging a timeline, made for each pull from the cursor stored when it began: how it asks the
 * remote for a page, and where a page moves the cursor. pull.ts pages with `since` and `before` (this
 * project), pull-walk.ts with `until` from the newest post (the reference), pull-forward.ts with the
 * legacy `since_unix`.
 */
export interface Paging {
  /** The page after `at` (the cursor as stored, or as the last page moved it); `first`: the pull's first request. */
  ask(at: CursorRow, first: boolean): Promise<PulledPost[]>;
  /**
   * Where the next page begins, or null where this page ends the timeline. `progressed`: the page held a post
   * this pull had not seen; one without is a second holding more posts than a page, which can only be stepped past.
   */
  onward(at: CursorRow, page: readonly PulledPost[], progressed: boolean): CursorRow | null;
  /**
   * The cursor at rest once the timeline was read down to `page` (its end, or a remote that does not page on),
   * and the stretch the pull read whole, if it did (gone.ts).
   */
  atRest(at: CursorRow, page: readonly PulledPost[], read: PullRead): { cursor: CursorRow; window: ReadWindow | null };
}

export interface PullInput {
  remote: RemoteRow;
  timeline: TimelineName;
  now: () => number;
  /** The versions this timeline stored before (cycle.ts keeps them from poll to poll). */
  seen?: SeenVersions | undefined;
  /** Pages read in one pull at most (MAX_PAGES_PER_PULL); the next pull goes on from there. */
  maxPages?: number | undefined;
  /** Told how many posts each page stored, as it is stored (a running cycle's progress). */
  onStored?: ((count: number) => void) | undefined;
  /** Looked at between pages: once aborted, the pull stops (throwing its reason), its place kept for the next. */
  signal?: AbortSignal | undefined;
}

/**
 * Collects what is new on one timeline of a remote since its cursor, page by page, the same way whatever
 * the paging (`pagingFrom` says how to ask and where each page moves the cursor):
 * 1. Ask for the page after the place reached.
 * 2. Note whether it holds a post this pull had not seen. Two pages in a row without one are a remote that
 *    does not page on (it ignores `until` or `since_unix`, answers the same page again, or stamps the same
 *    posts anew): they end the pull with what it answered.
 * 3. Move the cursor: on past the page, at rest where the timeline ends, or, however a remote answers, held
 *    where the page limit cuts the pull short.
 * 4. Store the page in one transaction with the cursor (store-pulled.ts): a pull cut short (offline, crash)
 *    resumes at the page it reached, and none ends with a gap. A page of versions already stored is not
 *    stored again, nor where the pull got with it: cut short there, the pull would read it again, to no
 *    harm. Where the pull stops, the cursor is stored if it differs from the one held, so an idle poll
 *    writes nothing at all and a pull that stored where it was also stores that it ended.
 * 5. Stop at the end or the limit, or go on with the next page.
 */
export async function pullPages(
  db: PublishingDb,
  input: PullInput,
  pagingFrom: (cursor: CursorRow) => Paging,
): Promise<PullResult & { window: ReadWindow | null }> {
  const { remote, timeline } = input;
  let held = await db.cursors.get([remote.guid, timeline]);
  const start: CursorRow = held ?? { remoteGuid: remote.guid, timeline, sinceUnix: null, paging: null };
  const paging = pagingFrom(start);
  const result: PullResult = { requests: 0, stored: 0, mentioning: 0 };
  const read = { seen: new Set<string>(), newestPublishUnix: -Infinity };
  /** Step 4 for a page, and its cursor: `stops`, the pull stops with it. */
  const keep = async (page: readonly PulledPost[], cursor: CursorRow, stops: boolean): Promise<void> => {
    const changes = !allKnown(input.seen, page) || (stops && !samePlace(cursor, held));
    if (!changes) return;
    await storePage(db, { input, page, cursor }, result);
    held = cursor;
  };
  let at = start;
  /** Pages in a row that brought no post new to this pull. */
  let stalled = 0;
  for (;;) {
    // 1. The page after the place reached.
    input.signal?.throwIfAborted();
    const page = await paging.ask(at, result.requests === 0);
    result.requests += 1;
    // 2. What it brought that this pull had not seen.
    const progressed = page.some((p) => !read.seen.has(p.guid));
    for (const p of page) read.seen.add(p.guid);
    read.newestPublishUnix = Math.max(read.newestPublishUnix, ...page.map((p) => p.publishUnix));
    stalled = progressed ? 0 : stalled + 1;
    // 3. to 5. At rest at the end; else on past the page, unless the page limit cuts the pull short.
    const onward = stalled < 2 ? paging.onward(at, page, progressed) : null;
    if (onward === null) {
      const end = paging.atRest(at, page, read);
      await keep(page, end.cursor, true);
      return { ...result, window: end.window };
    }
    const cut = result.requests >= (input.maxPages ?? MAX_PAGES_PER_PULL);
    await keep(page, onward, cut);
    if (cut) return { ...result, window: null };
    at = onward;
  }
}

/** Every post of the page is a version this timeline stored before. */
const allKnown = (seen: SeenVersions | undefined, page: readonly PulledPost[]): boolean =>
  page.every((p) => seen?.get(p.guid) === versionOf(p));

/** The cursor says what the one held says: storing it would change nothing. */
const samePlace = (cursor: CursorRow, held: CursorRow | undefined): boolean =>
  held !== undefined &&
  cursor.sinceUnix === held.sinceUnix &&
  cursor.paging?.untilUnix === held.paging?.untilUnix &&
  cursor.paging?.beforeGuid === held.paging?.beforeGuid &&
  cursor.paging?.newestUnix === held.paging?.newestUnix;

/**
 * Stores a page in one transaction with the cursor that says how far the pull got, counts it in `result`,
 * tells `onStored`, and remembers its versions.
 */
async function storePage(
  db: PublishingDb,
  step: { input: PullInput; page: readonly PulledPost[]; cursor: CursorRow },
  result: PullResult,
): Promise<void> {
  const { input, page, cursor } = step;
  const stored = await storePulledPage(db, {
    remote: input.remote,
    posts: page,
    now: input.now(),
    alsoInTransaction: () => db.cursors.put(cursor).then(() => undefined),
  });
  result.stored += stored.stored;
  result.mentioning += stored.mentioning;
  input.onStored?.(stored.stored);
  rememberVersions(input.seen, page);
}

function rememberVersions(seen: SeenVersions | undefined, page: readonly PulledPost[]): void {
  if (!seen) return;
  if (seen.size > SEEN_AT_MOST) seen.clear();
  for (const post of page) seen.set(post.guid, versionOf(post));
}
