import type { VirtualItem } from '@tanstack/react-virtual';

/** The post at the top of the view and how far into it the view starts: what must stay put. */
export interface Anchor {
  guid: string;
  into: number;
}

/**
 * Where the person was in a timeline when they left it (to read a post, or another timeline). A post and
 * an offset into it rather than a number of pixels: posts may arrive above meanwhile, and rows never drawn
 * are only estimated, so a pixel offset would point elsewhere on return.
 */
export interface Place {
  /** Null when they were on top: they come back to the top, where new posts appear. */
  anchor: Anchor | null;
  /** The heights of the rows drawn so far, by GUID (the virtualiser's snapshot): the list is laid out as it was. */
  sizes: VirtualItem[];
}

/**
 * How far down the list starts when the person comes back: at the post that was on top of the view and as
 * far into it, counted with the heights measured before (the estimate for rows never drawn), as the
 * virtualiser counts. Without that post (gone, or the list read anew), at the selected post; else on top.
 */
export function restoredOffset(
  place: Place | undefined,
  guids: readonly string[],
  selected: string | null,
  estimate: number,
): number {
  if (!place) return 0;
  const sizes = new Map<unknown, number>(place.sizes.map((item) => [item.key, item.size]));
  const startOf = (index: number) =>
    guids.slice(0, index).reduce((sum, guid) => sum + (sizes.get(guid) ?? estimate), 0);
  const anchored = place.anchor === null ? -1 : guids.indexOf(place.anchor.guid);
  if (place.anchor !== null && anchored >= 0) return startOf(anchored) + place.anchor.into;
  const chosen = selected === null ? -1 : guids.indexOf(selected);
  return place.anchor !== null && chosen >= 0 ? startOf(chosen) : 0;
}

/**
 * The index of the selected post once the list changed around it: the same post where it went (new posts
 * came in above), or, when it is gone, the one that took its place. -1 stays -1.
 */
export function followSelection(before: readonly string[], after: readonly string[], selected: number): number {
  if (selected < 0 || after.length === 0) return -1;
  const guid = before[selected];
  const index = guid === undefined ? -1 : after.indexOf(guid);
  return index >= 0 ? index : Math.min(selected, after.length - 1);
}

/**
 * The one row of a list that Tab stops at: the selected post while it is in view, else the first post in
 * view, so that the focus never lands on a row scrolled out of sight (or not in the page at all). `first`
 * and `last` are the rows in view; -1 when there are none.
 */
export function tabStopIndex(selected: number, first: number, last: number): number {
  if (first < 0 || last < first) return -1;
  return selected >= first && selected <= last ? selected : first;
}
