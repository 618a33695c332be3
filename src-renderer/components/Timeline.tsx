import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { usePosts } from '../state/posts';
import { PostCard } from './PostCard';
import { useTimelines } from '../state/timelines';
import { useUi } from '../state/ui';

/** How often an open timeline looks for new posts. */
const POLL_MS = 15_000;

/**
 * A timeline as a virtualised list: only the rows near the visible part are in the DOM, so ten thousand
 * posts cost what twenty do. Older posts load as the end comes near; new ones wait behind a button while
 * the person is scrolled down, so their place is kept.
 */
export function Timeline({ timelineKey, label, empty }: { timelineKey: string; label: string; empty: string }) {
  const timeline = useTimelines((s) => s.byKey[timelineKey]);
  const { loadMore, poll, showFresh, markSeen, reload } = useTimelines.getState();
  const selected = useUi((s) => s.selected);
  const scroller = useRef<HTMLDivElement>(null);
  const guids = timeline?.guids ?? [];
  const seenUnix = timeline?.seenUnix ?? null;
  const markerAt = useMarkerIndex(guids, seenUnix);

  const virtualizer = useVirtualizer({
    count: guids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 150,
    overscan: 5,
    getItemKey: (index) => guids[index] ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= guids.length - 5 && guids.length > 0) void loadMore(timelineKey);
  }, [lastIndex, guids.length, timelineKey, loadMore]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void poll(timelineKey, (scroller.current?.scrollTop ?? 0) < 40);
    }, POLL_MS);
    const hidden = () => document.visibilityState === 'hidden' && markSeen(timelineKey);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', hidden);
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
        <button type="button" onClick={() => void reload(timelineKey)}>Try again</button>
      </div>
    );
  }

  return (
    <div className="timeline-wrap">
      {timeline.fresh.length > 0 && (
        <button type="button" className="fresh-button" onClick={() => { showFresh(timelineKey); scroller.current?.scrollTo({ top: 0 }); }}>
          Show {timeline.fresh.length} new {timeline.fresh.length === 1 ? 'post' : 'posts'}
        </button>
      )}
      <div ref={scroller} className="timeline-scroller" role="feed" aria-label={label} aria-busy={timeline.loadingMore} tabIndex={-1}>
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

/** Index of the first post the person had already seen, when newer ones are above it. */
function useMarkerIndex(guids: readonly string[], seenUnix: number | null): number {
  const byGuid = usePosts((s) => s.byGuid);
  if (seenUnix === null) return -1;
  const index = guids.findIndex((g) => (byGuid[g]?.publish_unix ?? 0) <= seenUnix);
  return index > 0 ? index : -1;
}
