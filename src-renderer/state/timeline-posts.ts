import type { RemotePost } from '../../src-shared/client/remote-post';
import { fetchPage, PAGE_SIZE, timelineKey, type TimelineSpec } from './timeline-spec';
import { usePosts } from './posts';
import { adoptInstanceMark, sendMark } from './reading-marks';
import { isSeen, newestPast, writeSeen } from './seen-mark';
import { clients } from './session';
import { POLL_MS, useTimelines } from './timelines';

/**
 * What involves the timelines and the posts they show: a timeline is a list of GUIDs (timelines.ts), the
 * posts are in the posts store. A page read goes into the posts store first, then into its timeline.
 */

const postOf = (guid: string | undefined): RemotePost | null =>
  guid === undefined ? null : (usePosts.getState().byGuid[guid] ?? null);

/** Loads the first page unless the timeline is loaded; answers its key. */
export function openTimeline(spec: TimelineSpec): string {
  const before = useTimelines.getState().byKey[timelineKey(spec)];
  const key = useTimelines.getState().opened(spec);
  // Beside the posts: where the person's other pages and desks stopped reading, if further than this one.
  void adoptInstanceMark(key);
  if (!before) void reloadTimeline(key);
  // Opened again: what arrived meanwhile comes in above the marker, at the top, or counted as waiting
  // above when the person comes back to a place further down. Back from a post read a moment ago, nothing
  // can be new yet: the list is as a poll left it, and its polling carries on.
  else if (Date.now() - (before.readAt ?? 0) >= POLL_MS)
    void pollTimeline(key, (useTimelines.getState().places[key]?.anchor ?? null) === null);
  return key;
}

export async function reloadTimeline(key: string): Promise<void> {
  const timeline = useTimelines.getState().byKey[key];
  if (!timeline) return;
  useTimelines.getState().loading(key);
  try {
    const page = await fetchPage(clients(), timeline.spec, null);
    usePosts.getState().put(page.posts);
    useTimelines.getState().loaded(key, page);
  } catch (error) {
    useTimelines.getState().failed(key, error);
  }
}

/** Reads the page after the timeline's last post, unless it has all or is reading one. */
export async function loadMore(key: string): Promise<void> {
  const timeline = useTimelines.getState().byKey[key];
  if (!timeline || timeline.end || timeline.loadingMore || timeline.status !== 'ready') return;
  useTimelines.getState().loadingMore(key);
  try {
    const page = await fetchPage(clients(), timeline.spec, postOf(timeline.guids.at(-1)));
    usePosts.getState().put(page.posts);
    useTimelines.getState().loadedMore(key, page);
  } catch (error) {
    useTimelines.getState().loadingMoreFailed(key, error);
  }
}

/** Pages read at most to reach the post the person last saw: 25 pages of 40, a thousand posts. */
const CATCH_UP_PAGES = 25;

/**
 * Index of the first post of the timeline the person had seen (its `seen` mark), reading older pages until it
 * is held (at most CATCH_UP_PAGES); -1 when there is none or it is further down than that.
 */
export async function loadUntilSeen(key: string): Promise<number> {
  for (let page = 0; ; page++) {
    const timeline = useTimelines.getState().byKey[key];
    if (!timeline?.seen) return -1;
    const { seen } = timeline;
    const byGuid = usePosts.getState().byGuid;
    const index = timeline.guids.findIndex((guid) => {
      const post = byGuid[guid];
      return post !== undefined && isSeen(post, seen);
    });
    if (index >= 0 || timeline.end || page === CATCH_UP_PAGES) return index;
    const before = timeline.guids.length;
    await loadMore(key);
    if ((useTimelines.getState().byKey[key]?.guids.length ?? 0) === before) return -1;
  }
}

/** Looks for new posts and puts them at the top; unless the person is `atTop`, they are counted in `fresh`. */
export async function pollTimeline(key: string, atTop: boolean): Promise<void> {
  const timeline = useTimelines.getState().byKey[key];
  if (!timeline || timeline.status !== 'ready') return;
  try {
    const page = await fetchPage(clients(), timeline.spec, null);
    usePosts.getState().put(page.posts);
    useTimelines.getState().polled(key, page, atTop, usePosts.getState().byGuid);
  } catch {
    // A missed poll is tried again at the next one; the status line tells about connection trouble.
  }
}

/** Remembers what the person has seen of the timeline (the marker moves on next time). */
export function markSeen(key: string): void {
  const timeline = useTimelines.getState().byKey[key];
  const newest = newestPast((timeline?.guids ?? []).slice(0, PAGE_SIZE).flatMap((g) => postOf(g) ?? []));
  if (newest === null) return;
  writeSeen(key, newest);
  void sendMark(key, newest);
}

/** A post just written: at the top of every open timeline that shows it. */
export function showPublished(post: RemotePost): void {
  useTimelines.getState().published(post, usePosts.getState().byGuid);
}
