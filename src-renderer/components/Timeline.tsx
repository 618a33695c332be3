import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useKeepPlace } from './keep-place';
import { usePosts } from '../state/posts';
import { PostCard } from './PostCard';
import { SkeletonRows } from './SkeletonRows';
import { restoredOffset, tabStopIndex } from '../state/reading-place';
import { rowAt, useRowControls } from './row-controls';
import { isSeen, type SeenMark } from '../state/seen-mark';
import { useEvents } from '../state/event-stream';
import { loadMore, loadUntilSeen, markSeen, pollTimeline, reloadTimeline } from '../state/timeline-posts';
import { POLL_MS, useTimelines } from '../state/timelines';
import { useUi } from '../state/ui';
import { keepFirstScreen } from '../first-screen/keep';

/** What the virtualiser takes a row's height to be until it is drawn. */
const ESTIMATE_PX = 150;

/** Scrolled less than this from the top counts as being on top: new posts then simply appear there. */
const TOP_PX = 40;

/** Rows drawn beyond each end of the visible ones, ready for scrolling. */
const OVERSCAN = 5;

/**
 * Whether a timeline of this page has had its rows on screen. Until then the first one draws the visible
 * rows alone, and those beyond them in the task after that frame: each costs the first post drawn its
 * sanitised body, its actions and their icons, and nobody can scroll to them sooner.
 */
let rowsOnScreen = false;

/**
 * A timeline as a virtualised list: only the rows near the visible part are in the DOM, so ten thousand
 * posts cost what twenty do. Older posts load as the end comes near. New ones come in at the top; while the
 * person is scrolled down the list keeps the post they are reading where it was on screen, and a button
 * says how many arrived above and jumps there.
 *
 * Left for a post or another timeline and come back to, it shows the same place: the post that was on top
 * of the view as far into it as before, the rows laid out with the heights measured then, and the same post
 * selected and focused (state/reading-place.ts). Tab stops once in the list, at the selected post, then
 * goes through that post's controls and on out of the list (row-controls.ts).
 */
export function Timeline({ timelineKey, label, empty }: { timelineKey: string; label: string; empty: string }) {
  const timeline = useTimelines((s) => s.byKey[timelineKey]);
  // Raised when the instance says this timeline may show something new; while it can say so, no polling.
  const nudged = useEvents((s) => s.nudged[timelineKey] ?? 0);
  const live = useEvents((s) => s.live);
  const { clearFresh, leave } = useTimelines.getState();
  // The selection is this list's once its screen has said so (until then it may be the previous screen's).
  const selected = useUi((s) => (s.activeTimeline === timelineKey ? s.selected : -1));
  const scroller = useRef<HTMLDivElement>(null);
  const guids = timeline?.guids ?? [];
  const seen = timeline?.seen ?? null;
  const { markerAt, noneSeen } = useMarker(guids, seen);
  // Read once, before the first rows are drawn, so that the first frame already shows the place.
  const [back] = useState(() => {
    const place = useTimelines.getState().places[timelineKey];
    const chosen = useUi.getState().selectedIn[timelineKey] ?? null;
    const anchored = place?.anchor && guids.includes(place.anchor.guid) ? place.anchor : null;
    return {
      sizes: place?.sizes ?? [],
      offset: restoredOffset(place, guids, chosen, ESTIMATE_PX),
      selected: chosen,
      anchor: anchored,
    };
  });

  const [overscan, setOverscan] = useState(rowsOnScreen ? OVERSCAN : 0);
  useEffect(() => {
    if (overscan === OVERSCAN || guids.length === 0) return;
    let after: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      after = setTimeout(() => {
        rowsOnScreen = true;
        // The screen as the next load will paint it at once: kept while only the rows in view are drawn.
        keepFirstScreen();
        setOverscan(OVERSCAN);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(after);
    };
  }, [overscan, guids.length]);
  const virtualizer = useVirtualizer({
    count: guids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATE_PX,
    overscan,
    getItemKey: (index) => guids[index] ?? index,
    // The first render draws the rows of the place; the scroller is moved there before the first paint.
    initialOffset: back.offset,
    initialMeasurementsCache: back.sizes,
  });
  // With an anchor the list is held at it (useKeepPlace below): a numeric offset the virtualiser would go on
  // restoring as rows are measured would fight it.
  useLayoutEffect(() => {
    if (back.offset > 0 && back.anchor === null) virtualizer.scrollToOffset(back.offset);
  }, [back, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // Where the person stopped reading is below the view (or beyond the posts read so far): offered as a jump.
  const shownTo = virtualizer.range?.endIndex;
  const continueOffered =
    seen !== null && shownTo !== undefined && guids.length > 0 && (markerAt > shownTo || (noneSeen && !timeline?.end));
  // The offset above is the first guess; the anchor then holds the post exactly where it was, as the
  // virtualiser lays the rows out (posts that came meanwhile above are laid out by estimate).
  const placeNow = useKeepPlace(scroller, virtualizer, guids, TOP_PX, back.anchor);
  const stop = tabStopIndex(selected, virtualizer.range?.startIndex ?? -1, virtualizer.range?.endIndex ?? -1);

  // Leaving: where the person is, kept for their return. A layout effect's cleanup, which runs while the
  // list is still in the page (a passive one would run after the screen that replaces it has started).
  const keepPlace = useCallback(
    () => leave(timelineKey, { anchor: placeNow(), sizes: virtualizer.takeSnapshot() }),
    [leave, timelineKey, placeNow, virtualizer],
  );
  useLayoutEffect(() => keepPlace, [keepPlace]);

  useEffect(() => {
    if (lastIndex >= guids.length - 5 && guids.length > 0) void loadMore(timelineKey);
  }, [lastIndex, guids.length, timelineKey]);

  // A nudge from before the list was drawn is no news: opening it read its top (timeline-posts.ts `openTimeline`).
  const nudgedAtFirst = useRef(nudged);
  useEffect(() => {
    if (nudged !== nudgedAtFirst.current) void pollTimeline(timelineKey, (scroller.current?.scrollTop ?? 0) < TOP_PX);
  }, [nudged, timelineKey]);

  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible')
        void pollTimeline(timelineKey, (scroller.current?.scrollTop ?? 0) < TOP_PX);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live, timelineKey]);

  useEffect(() => {
    // What the person saw is remembered when they leave the timeline, hide the window or close the page.
    // The screen is kept for the next load then too, as it is now (if it is at the top).
    const hidden = () => {
      if (document.visibilityState !== 'hidden') return;
      markSeen(timelineKey);
      keepFirstScreen();
    };
    const leaving = () => {
      markSeen(timelineKey);
      keepFirstScreen();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      markSeen(timelineKey);
    };
  }, [timelineKey]);

  // Another post selected (j/k, the arrows): it is scrolled into view and takes the focus. Not when the
  // focus chose it (Tab, a click on one of its controls: it is where the person put it), nor when it moved
  // only because posts came in above it. Selected again on return, it takes the focus where it stands, as
  // the focus goes to a screen's content when the screen changes.
  const selectedGuid = guids[selected];
  const handled = useRef<string | undefined>(undefined);
  const reselected = useRef(back.selected);
  useEffect(() => {
    if (selectedGuid === undefined || selectedGuid === handled.current) return;
    handled.current = selectedGuid;
    const row = rowAt(scroller.current, selected);
    if (row?.contains(document.activeElement)) return;
    if (selectedGuid === reselected.current) {
      reselected.current = null;
      // Unless the focus is at work on this screen already (its type filter), where it stays.
      const active = document.activeElement;
      const busyHere = active !== null && active !== document.body && row?.closest('main')?.contains(active) === true;
      if (!busyHere) row?.focus({ preventScroll: true });
      return;
    }
    virtualizer.scrollToIndex(selected, { align: 'auto' });
    const frame = requestAnimationFrame(() => rowAt(scroller.current, selected)?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [selected, selectedGuid, virtualizer]);

  if (!timeline) return null;
  if (timeline.status === 'loading' && guids.length === 0) return <SkeletonRows />;
  if (timeline.status === 'error' && guids.length === 0) {
    return (
      <div className="state-line" role="alert">
        <p>{timeline.error}</p>
        {timeline.retryable && (
          <button type="button" onClick={() => void reloadTimeline(timelineKey)}>
            Try again
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="timeline-wrap">
      {/* Under the screen's h1, above the posts' own headings (an article's title is an h3). */}
      <h2 className="visually-hidden">Posts</h2>
      <div className="fresh-holder" aria-live="polite">
        {continueOffered && timeline.fresh.length === 0 && (
          <button
            type="button"
            className="fresh-button"
            onClick={() =>
              // Selected, the post last seen is scrolled into view from above: at the bottom of the view,
              // under the oldest of the posts that are new to the person, who reads on upwards.
              void loadUntilSeen(timelineKey).then((index) => index >= 0 && useUi.getState().select(index))
            }
          >
            Continue where you left off<span aria-hidden="true"> ↓</span>
          </button>
        )}
        {timeline.fresh.length > 0 && (
          <button
            type="button"
            className="fresh-button"
            onClick={() => {
              clearFresh(timelineKey);
              scroller.current?.scrollTo({ top: 0 });
            }}
          >
            <span aria-hidden="true">↑ </span>
            {timeline.fresh.length} new {timeline.fresh.length === 1 ? 'post' : 'posts'} above
          </button>
        )}
      </div>
      <div
        ref={scroller}
        className="timeline-scroller"
        // A feed holds posts: an empty one is only the words that say why (the screen's heading names it).
        role={guids.length > 0 ? 'feed' : undefined}
        aria-label={guids.length > 0 ? label : undefined}
        aria-busy={timeline.loadingMore}
        tabIndex={-1}
        onScroll={(e) => e.currentTarget.scrollTop < TOP_PX && clearFresh(timelineKey)}
      >
        {guids.length === 0 ? (
          <p className="empty">{empty}</p>
        ) : (
          <div className="timeline-inner" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => (
              <TimelineRow
                key={item.key}
                guid={guids[item.index] ?? ''}
                index={item.index}
                start={item.start}
                selected={item.index === selected}
                tabStop={item.index === stop}
                marker={item.index === markerAt}
                measure={virtualizer.measureElement}
              />
            ))}
          </div>
        )}
        {timeline.loadingMore && (
          <p className="state-line" role="status">
            Loading older posts…
          </p>
        )}
        {timeline.end && guids.length > 0 && <p className="state-line end">That is all.</p>}
        {timeline.status === 'error' && guids.length > 0 && (
          <p className="state-line" role="alert">
            {timeline.error}
          </p>
        )}
      </div>
    </div>
  );
}

function TimelineRow(props: {
  guid: string;
  index: number;
  start: number;
  selected: boolean;
  tabStop: boolean;
  marker: boolean;
  measure: (el: Element | null) => void;
}) {
  const post = usePosts((s) => s.byGuid[props.guid]);
  const select = useUi((s) => s.select);
  const row = useRef<HTMLElement | null>(null);
  const { measure } = props;
  const refs = useCallback(
    (el: HTMLElement | null) => {
      row.current = el;
      measure(el);
    },
    [measure],
  );
  useRowControls(row, props.tabStop);
  return (
    <article
      ref={refs}
      data-index={props.index}
      className={`timeline-row${props.selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${props.start}px)` }}
      tabIndex={props.tabStop ? 0 : -1}
      aria-posinset={props.index + 1}
      aria-setsize={-1}
      aria-label={post ? `Post by ${post.persona.name || post.persona.as}` : 'Post'}
      // The focus anywhere in a post (Tab onto it, a click on one of its controls) makes it the selected one.
      onFocus={() => select(props.index)}
    >
      {props.marker && (
        <div className="new-marker" role="separator">
          New since you last looked
        </div>
      )}
      <PostCard guid={props.guid} />
    </article>
  );
}

/**
 * `markerAt`: index of the first post the person had already seen, when posts published since are above it
 * (a post of the owner's dated in the future is above too, but is not news yet), else -1. A post not held
 * (yet) counts as seen. `noneSeen`: every post read so far is newer than the mark, so the post last seen is
 * further down, not read yet.
 */
function useMarker(guids: readonly string[], seen: SeenMark | null): { markerAt: number; noneSeen: boolean } {
  const byGuid = usePosts((s) => s.byGuid);
  if (seen === null) return { markerAt: -1, noneSeen: false };
  const index = guids.findIndex((g) => {
    const post = byGuid[g];
    return !post || isSeen(post, seen);
  });
  if (index < 0) return { markerAt: -1, noneSeen: guids.length > 0 };
  if (index === 0) return { markerAt: -1, noneSeen: false };
  const now = Date.now() / 1000;
  const news = guids.slice(0, index).some((g) => (byGuid[g]?.publish_unix ?? Infinity) <= now);
  return { markerAt: news ? index : -1, noneSeen: false };
}
