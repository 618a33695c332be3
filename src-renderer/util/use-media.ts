import { useSyncExternalStore } from 'react';

/** Where the page is laid out for a phone: one column, a bar at the top and one at the bottom. */
export const PHONE = '(max-width: 760px)';
/** Where the column of posts is centred with a side column beside it. */
export const WIDE = '(min-width: 1400px)';

/** Whether a media query matches now, following it as the window changes. */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}
