import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useKeepPlace } from './keep-place';
import { usePosts } from '../state/posts';
import { PostCard } from './PostCard';
import { isSeen, type SeenMark } from '../state/seen-mark';
import { useTimelines } from '../state/timelines';
import { useUi } from '../state/ui';

/** How often an open timeline looks for new posts. */
const POLL_MS = 15_000;

/** Scrolled less than this from the top counts as being on top: new posts then simply appear there. */
const TOP_PX = 40;

/**
 * A timeline as a virtualised list: only the rows near the visible part are in the DOM, so ten thousand
 * posts cost what twenty do. Older posts load as the end comes near. New ones come in at the top; while the
 * person is scrolled down the list keeps the post they are reading where it was on screen, and a button
 * says how many arrived above and jumps there.
 */
export function Timeline({ timelineKey, label, empty }: { timelineKey: string; label: string; empty: string }) {
  const timeline = useTimelines((s) => s.byKey[timelineKey]);
  const { loadMore, poll, clearFresh, markSeen, reload } = useTimelines.getState();
  const selected = useUi((s) => s.selected);
  const scroller = useRef<HTMLDivElement>(null);
  const guids = timeline?.guids ?? [];
  const seen = timeline?.seen ?? null;
  const markerAt = useMarkerIndex(guids, seen);

  const virtualizer = useVirtualizer({
    count: guids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 150,
    overscan: 5,
    getItemKey: (index) => guids[index] ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useKeepPlace(scroller, virtualizer, guids, TOP_PX);

  useEffect(() => {
    if (lastIndex >= guids.length - 5 && guids.length > 0) void loadMore(timelineKey);
  }, [lastIndex, guids.length, timelineKey, loadMore]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void poll(timelineKey, (scroller.current?.scrollTop ?? 0) < TOP_PX);
    }, POLL_MS);
    // What the person saw is remembered when they leave the timeline, hide the window or close the page.
    const hidden = () => document.visibilityState === 'hidden' && markSeen(timelineKey);
    const leaving = () => markSeen(timelineKey);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      markSeen(timelineKey);
    };
  }, [timelineKey, poll, markSeen]);

  // j/k: the selected row is scrolled into view and takes the focus.
  useEffect(() => {
    if (selected < 0 || selected >= guids.length) return;
    virtualizer.scrollToIndex(selected, { align: 'auto' });
    const frame = requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${selected}"]`)?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [selected, guids.length, virtualizer]);

  if (!timeline) return null;
  if (timeline.status === 'loading' && guids.length === 0) return <p className="state-line" role="status">Loading…</p>;
  if (timeline.status === 'error' && guids.length === 0) {
    return (
      <div className="state-line" role="alert">
        <p>{timeline.error}</p>
        {timeline.retryable && <button type="button" onClick={() => void reload(timelineKey)}>Try again</button>}
      </div>
    );
  }

  return (
    <div className="timeline-wrap">
      <div className="fresh-holder" aria-live="polite">
        {timeline.fresh.length > 0 && (
          <button type="button" className="fresh-button" onClick={() => { clearFresh(timelineKey); scroller.current?.scrollTo({ top: 0 }); }}>
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
              <TimelineRow key={item.key} guid={guids[item.index] ?? ''} index={item.index} start={item.start} selected={item.index === selected} marker={item.index === markerAt} size={guids.length} measure={virtualizer.measureElement} />
            ))}
          </div>
        )}
        {timeline.loadingMore && <p className="state-line" role="status">Loading older posts…</p>}
        {timeline.end && guids.length > 0 && <p className="state-line end">That is all.</p>}
        {timeline.status === 'error' && guids.length > 0 && <p className="state-line" role="alert">{timeline.error}</p>}
      </div>
    </div>
  );
}

function TimelineRow(props: { guid: string; index: number; start: number; selected: boolean; marker: boolean; size: number; measure: (el: Element | null) => void }) {
  const post = usePosts((s) => s.byGuid[props.guid]);
  const select = useUi((s) => s.select);
  return (
    <article
      ref={props.measure}
      data-index={props.index}
      className={`timeline-row${props.selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${props.start}px)` }}
      tabIndex={props.selected ? 0 : -1}
      aria-posinset={props.index + 1}
      aria-setsize={-1}
      aria-label={post ? `Post by ${post.persona.name || post.persona.as}` : 'Post'}
      onFocus={(e) => e.target === e.currentTarget && select(props.index)}
    >
      {props.marker && <div className="new-marker" role="separator">New since you last looked</div>}
      <PostCard guid={props.guid} />
    </article>
  );
}

/**
 * Index of the first post the person had already seen, when posts published since are above it (a post of
 * the owner's dated in the future is above too, but is not news yet). A post not held (yet) counts as seen.
 */
function useMarkerIndex(guids: readonly string[], seen: SeenMark | null): number {
  const byGuid = usePosts((s) => s.byGuid);
  if (seen === null) return -1;
  const index = guids.findIndex((g) => {
    const post = byGuid[g];
    return !post || isSeen(post, seen);
  });
  if (index <= 0) return -1;
  const now = Date.now() / 1000;
  return guids.slice(0, index).some((g) => (byGuid[g]?.publish_unix ?? Infinity) <= now) ? index : -1;
}
