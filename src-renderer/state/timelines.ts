import { create } from 'zustand';
import type { PostPage, RemotePost } from '../../src-shared/client/remote-post';
import { PAGE_SIZE, shows, timelineKey, type TimelineSpec } from './timeline-spec';
import { isSeen, laterMark, markOf, newestPast, readSeen, type SeenMark } from './seen-mark';
import { describeFailure } from './session';
import { isRemoteError } from '../../src-shared/client/errors';
import type { Place } from './reading-place';

/**
 * How often an open timeline looks for new posts while the page hears no changes from the instance
 * (event-stream.ts); one read more recently than this needs no reading on return.
 */
export const POLL_MS = 15_000;

/**
 * How long the shell's reads that the first screen does not show wait once it is drawn (the Scheduled posts,
 * the remotes' status, drafts a restore brought back): the first timeline's page matters more while the page
 * opens, and each read costs the main thread some milliseconds of its own.
 */
export const SIDE_READS_WAIT_MS = 700;

/**
 * The state of one timeline. Posts themselves live in the posts store; a timeline is a list of GUIDs. What
 * reads posts into both is timeline-posts.ts.
 */
export interface TimelineState {
  spec: TimelineSpec;
  guids: string[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** Whether asking again may help: not when the instance refused what was asked (a search too short). */
  retryable: boolean;
  loadingMore: boolean;
  /** No older posts. */
  end: boolean;
  /**
   * Posts that arrived above while the person was scrolled down. They are in `guids` already (the list keeps
   * its place around them); this counts them for the "N new posts" button until the person is back on top.
   */
  fresh: string[];
  /** The newest post seen when the person last looked (see seen-mark.ts): the "new since" marker goes below newer posts. */
  seen: SeenMark | null;
  /** When its newest posts were last read (Date.now()); unset until they are. */
  readAt?: number;
}

interface TimelinesStore {
  byKey: Record<string, TimelineState>;
  /** Where the person was in each timeline they left, for the life of the page (see reading-place.ts). */
  places: Record<string, Place>;
  /** The person leaves a timeline's screen: where they were is kept for their return. */
  leave: (key: string, place: Place) => void;
  /**
   * A timeline on screen: a new one is added, to be loaded; one open before takes the marker where the
   * person last left it. Answers the key. Reading its posts is timeline-posts.ts's `openTimeline`.
   */
  opened: (spec: TimelineSpec) => string;
  /** Its first page is being read (again). */
  loading: (key: string) => void;
  /** Its first page, read: the posts are in the posts store already. */
  loaded: (key: string, page: PostPage) => void;
  /** Its first page could not be read. */
  failed: (key: string, error: unknown) => void;
  loadingMore: (key: string) => void;
  /** The page after its last post, read: the posts are in the posts store already. */
  loadedMore: (key: string, page: PostPage) => void;
  loadingMoreFailed: (key: string, error: unknown) => void;
  /**
   * Its first page, read again, at the top; unless the person is `atTop`, what arrived is counted in
   * `fresh`. `posts` are the posts the page holds, the new ones among them.
   */
  polled: (key: string, page: PostPage, atTop: boolean, posts: Readonly<Record<string, RemotePost>>) => void;
  /** The instance says these timelines may show something new: one not on screen reads its top when it opens again. */
  outdated: (keys: readonly string[]) => void;
  /** Another page or desk of the person saw more of it (reading-marks.ts): "new since you last looked" goes there. */
  seenElsewhere: (key: string, mark: SeenMark) => void;
  /** The person is back on top (or jumped there): nothing is waiting above any more. */
  clearFresh: (key: string) => void;
  /** A post just written: at the top of every open timeline that shows it. `posts` are the posts the page holds. */
  published: (post: RemotePost, posts: Readonly<Record<string, RemotePost>>) => void;
  removed: (guid: string) => void;
  restored: (guid: string, positions: Record<string, number>) => void;
}

export const useTimelines = create<TimelinesStore>((set, get) => {
  const update = (key: string, change: Partial<TimelineState>) => {
    const current = get().byKey[key];
    if (current) set({ byKey: { ...get().byKey, [key]: { ...current, ...change } } });
  };

  return {
    byKey: {},
    places: {},

    leave: (key, place) => set({ places: { ...get().places, [key]: place } }),

    opened: (spec) => {
      const key = timelineKey(spec);
      const timeline = get().byKey[key];
      if (!timeline) {
        const state: TimelineState = {
          spec,
          guids: [],
          status: 'loading',
          error: null,
          retryable: false,
          loadingMore: false,
          end: false,
          fresh: [],
          seen: readSeen()[key] ?? null,
        };
        set({ byKey: { ...get().byKey, [key]: state } });
      } else {
        // Opened again: the marker moves to what the person saw when they last left, and what arrived
        // meanwhile comes in above it (timeline-posts.ts reads it).
        update(key, { seen: readSeen()[key] ?? timeline.seen });
      }
      return key;
    },

    loading: (key) => update(key, { status: 'loading', error: null }),

    seenElsewhere: (key, mark) => update(key, { seen: mark }),

    loaded: (key, page) => {
      // Never looked at before: what is here now counts as seen, so that what arrives later is marked new.
      const seen = get().byKey[key]?.seen ?? newestPast(page.posts);
      update(key, {
        status: 'ready',
        guids: page.posts.map((p) => p.guid),
        end: page.posts.length + page.skipped.length < PAGE_SIZE,
        fresh: [],
        seen,
        readAt: Date.now(),
      });
    },

    failed: (key, error) =>
      update(key, {
        status: 'error',
        error: describeFailure(error),
        retryable: !(isRemoteError(error) && error.kind === 'rejected'),
      }),

    loadingMore: (key) => update(key, { loadingMore: true }),

    loadedMore: (key, page) => {
      const known = new Set(get().byKey[key]?.guids);
      const older = page.posts.map((p) => p.guid).filter((g) => !known.has(g));
      update(key, {
        loadingMore: false,
        guids: [...(get().byKey[key]?.guids ?? []), ...older],
        end: page.posts.length + page.skipped.length < PAGE_SIZE || older.length === 0,
      });
    },

    loadingMoreFailed: (key, error) => update(key, { loadingMore: false, error: describeFailure(error) }),

    polled: (key, page, atTop, posts) => {
      const now = get().byKey[key];
      if (!now) return;
      const known = new Set(now.guids);
      const arrived = page.posts.map((p) => p.guid).filter((g) => !known.has(g));
      // The first page is the truth about the newest posts: one missing from it within its time span is
      // gone (deleted elsewhere, or renamed by sync when a remote took it under its own GUID).
      const guids = mergeFirstPage(page.posts, now.guids, (guid) => posts[guid] ?? null);
      const fresh = atTop ? [] : [...arrived, ...now.fresh].filter((g) => guids.includes(g));
      update(key, { guids, fresh, readAt: Date.now() });
    },

    outdated: (keys) => {
      for (const key of keys) update(key, { readAt: 0 });
    },

    clearFresh: (key) => {
      if (get().byKey[key]?.fresh.length) update(key, { fresh: [] });
    },

    published: (post, posts) => {
      const next = { ...get().byKey };
      for (const [key, timeline] of Object.entries(next)) {
        if (!shows(timeline.spec, post) || timeline.guids.includes(post.guid)) continue;
        // What the person just wrote is not news to them: when they had seen everything, they still have.
        const mark = timeline.seen;
        const topGuid = timeline.guids[0];
        const top = topGuid === undefined ? null : (posts[topGuid] ?? null);
        const allSeen = mark !== null && (top === null || isSeen(top, mark));
        const seen = allSeen && post.publish_unix <= Date.now() / 1000 ? laterMark(mark, markOf(post)) : mark;
        next[key] = { ...timeline, guids: [post.guid, ...timeline.guids], seen };
      }
      set({ byKey: next });
    },

    removed: (guid) => {
      const next = { ...get().byKey };
      for (const [key, timeline] of Object.entries(next)) {
        if (timeline.guids.includes(guid)) next[key] = { ...timeline, guids: timeline.guids.filter((g) => g !== guid) };
      }
      set({ byKey: next });
    },

    restored: (guid, positions) => {
      const next = { ...get().byKey };
      for (const [key, index] of Object.entries(positions)) {
        const timeline = next[key];
        if (!timeline || timeline.guids.includes(guid)) continue;
        const guids = [...timeline.guids];
        guids.splice(Math.min(index, guids.length), 0, guid);
        next[key] = { ...timeline, guids };
      }
      set({ byKey: next });
    },
  };
});

/**
 * The newest page followed by the held posts older than its oldest one. Held posts inside its span that it
 * does not hold are dropped; those of the very same second as its oldest are kept (the page may end inside
 * that second).
 */
export function mergeFirstPage(
  page: readonly RemotePost[],
  held: readonly string[],
  postOf: (guid: string) => RemotePost | null,
): string[] {
  const oldest = page.at(-1);
  if (!oldest || page.length < PAGE_SIZE) return page.map((p) => p.guid);
  const inPage = new Set(page.map((p) => p.guid));
  const older = held.filter(
    (guid) => !inPage.has(guid) && (postOf(guid)?.publish_unix ?? Infinity) <= oldest.publish_unix,
  );
  return [...page.map((p) => p.guid), ...older];
}

/** Where a post stands in every open timeline: what an undo puts back. */
export function positionsOf(guid: string): Record<string, number> {
  const positions: Record<string, number> = {};
  for (const [key, timeline] of Object.entries(useTimelines.getState().byKey)) {
    const index = timeline.guids.indexOf(guid);
    if (index >= 0) positions[key] = index;
  }
  return positions;
}
