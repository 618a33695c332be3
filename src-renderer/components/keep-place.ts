import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Anchor } from '../state/reading-place';

/**
 * Keeps the post being read where it is on screen when posts are added or removed above it (new ones from a
 * poll, one just written, one deleted). Without it the list would jump by the height of what came in.
 * On top of the list (less than `topPx` down, the same line the poll draws) nothing is kept: new posts
 * simply appear there. Answers a function that tells where the person is now (null on top): what the
 * timeline keeps when they leave it.
 */
export function useKeepPlace(
  scroller: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  guids: readonly string[],
  topPx: number,
  /** The place a list comes back to (reading-place.ts): held from its first frame, by the virtualiser's own measure. */
  restored: Anchor | null = null,
): () => Anchor | null {
  const anchor = useRef<Anchor | null>(restored);

  // After every change of the list: put the anchor back where it was, then note the anchor for next time.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const kept = anchor.current;
    if (kept && el.scrollTop >= topPx) {
      const index = guids.indexOf(kept.guid);
      const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (start !== undefined && Math.abs(el.scrollTop - (start + kept.into)) > 1) el.scrollTop = start + kept.into;
    }
    anchor.current = anchorOf(el, virtualizer, guids, topPx);
  }, [guids, scroller, virtualizer, topPx]);

  // While the person scrolls, the anchor follows what they look at.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const note = () => (anchor.current = anchorOf(el, virtualizer, guids, topPx));
    el.addEventListener('scroll', note, { passive: true });
    return () => el.removeEventListener('scroll', note);
  }, [guids, scroller, virtualizer, topPx]);

  return useCallback(() => anchor.current, []);
}

function anchorOf(
  el: HTMLElement,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  guids: readonly string[],
  topPx: number,
): Anchor | null {
  const top = el.scrollTop;
  // Near the top counts as on top (the poll puts new posts in view there, uncounted): nothing to keep.
  if (top < topPx) return null;
  const item = virtualizer.getVirtualItems().find((i) => i.end > top);
  const guid = item === undefined ? undefined : guids[item.index];
  return item && guid !== undefined ? { guid, into: top - item.start } : null;
}
