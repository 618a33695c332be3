import { FIRST_SCREEN_ID } from './stored-screen';

/** However the page fares, the painted screen does not outlast this: the page beneath is the truth. */
export const FIRST_SCREEN_MAX_MS = 3000;

/** What says the page has drawn its own screen: a timeline's rows, its empty or failed state, sign-in. */
const DRAWN = '[role="feed"] article, .timeline-scroller .empty, [role="alert"], form.sign-in';

/**
 * Removes the screen painted from the last visit (paint.ts) once the page drawn into `root` shows its own:
 * in the same task as the page's rows enter the document, so no frame shows both or neither. At the latest
 * after FIRST_SCREEN_MAX_MS, or at once when nothing was painted.
 */
export function dropFirstScreenWhenDrawn(root: HTMLElement): void {
  const painted = document.getElementById(FIRST_SCREEN_ID);
  if (painted === null) return;
  const drop = () => {
    watch.disconnect();
    clearTimeout(latest);
    painted.remove();
  };
  const watch = new MutationObserver(() => {
    if (root.querySelector(DRAWN) !== null) drop();
  });
  watch.observe(root, { childList: true, subtree: true });
  const latest = setTimeout(drop, FIRST_SCREEN_MAX_MS);
}
