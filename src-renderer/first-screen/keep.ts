import { layoutNow } from '../util/layouts';
import { FIRST_SCREEN_KEY, MAX_FIRST_SCREEN_CHARS, pageSession, type StoredScreen } from './stored-screen';

/** Scrolled further than this, the screen is not the top of its timeline, which is what a load shows. */
const TOP_PX = 40;

/** What of the shell is the moment's and not the screen's: dialogs, messages, menus, the way past them. */
const PASSING = 'dialog, .toasts, .fresh-holder, .skip-link, [role="menu"], script, template, iframe, object, embed';

/** Attributes that tie the copy to the live page (ids, their references, the focus order) or to script. */
const TIED = ['id', 'style', 'tabindex', 'autofocus', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/**
 * Keeps the page's screen for the next load to paint at once (paint.ts): the shell as drawn, with the rows
 * of its timeline that are in view, when the timeline is at its top (a load opens it there). Any other
 * screen, or a timeline scrolled down, leaves the screen kept before as it was. Called once the first rows
 * are on screen and when the page is hidden or left (components/Timeline.tsx).
 */
export function keepFirstScreen(storage: Storage = localStorage, now: number = Date.now()): void {
  const shell = document.querySelector<HTMLElement>('#root > .shell');
  const feed = shell?.querySelector<HTMLElement>('[role="feed"]');
  const session = pageSession(storage);
  if (!shell || !feed || session === null) return;
  if (feed.scrollTop > TOP_PX || feed.querySelector('[data-index="0"]') === null) return;
  const html = screenHtml(shell, feed);
  if (html.length > MAX_FIRST_SCREEN_CHARS) return;
  const screen: StoredScreen = { path: location.pathname, session, layout: layoutNow(), html, at: now };
  try {
    storage.setItem(FIRST_SCREEN_KEY, JSON.stringify(screen));
  } catch {
    // A full quota: the next load opens without it, as it would have.
  }
}

/** The shell's HTML with only what a load would show: the rows in view, nothing of the moment or of script. */
function screenHtml(shell: HTMLElement, feed: HTMLElement): string {
  const bottom = feed.getBoundingClientRect().top + feed.clientHeight;
  const inView = new Set(
    [...feed.querySelectorAll<HTMLElement>('[data-index]')]
      .filter((row) => row.getBoundingClientRect().top < bottom)
      .map((row) => row.dataset['index']),
  );
  const copy = shell.cloneNode(true) as HTMLElement;
  for (const row of copy.querySelectorAll<HTMLElement>('[data-index]')) {
    if (!inView.has(row.dataset['index'])) row.remove();
  }
  for (const passing of copy.querySelectorAll(PASSING)) passing.remove();
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of TIED) element.removeAttribute(name);
    element.classList.remove('selected');
    // What a person typed (a search) belongs to that page, not to a picture of it.
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.removeAttribute('value');
  }
  return copy.outerHTML;
}
