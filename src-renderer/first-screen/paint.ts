/**
 * Run by the page's first script (first-paint.ts): paints the screen the page last showed at this address
 * (stored-screen.ts) above the empty page, in the person's colours, before the page's own code has arrived.
 * Its relative times ("2 min. ago" then) are not shown (styles/app.css): telling them anew needs the
 * browser's date formats, whose first use costs 45 to 85 ms here, more than the rest of the paint. It is a
 * picture of the shell, inert (no clicks, focus or reading by assistive technology reach it: they go to the
 * page beneath), and goes as soon as the page has drawn its own screen (drop.ts).
 */
import { applyTheme, storedTheme } from '../util/theme-choice';
import { layoutNow } from '../util/layouts';
import {
  FIRST_SCREEN_ID,
  MAX_FIRST_SCREEN_AGE_MS,
  pageSession,
  readStoredScreen,
  type StoredScreen,
} from './stored-screen';

/** Whether the kept screen is this page's to show: same address, same session, same layout, not too old. */
function paintable(screen: StoredScreen, session: string | null, now: number): boolean {
  return (
    session === screen.session &&
    screen.path === location.pathname &&
    screen.layout === layoutNow() &&
    now - screen.at < MAX_FIRST_SCREEN_AGE_MS &&
    // A screen kept "in the future" (a clock put back) is no newer than any other: as old as can be trusted.
    screen.at - now < 60_000
  );
}

/** Paints the kept screen, if it is this page's; answers whether it did. */
export function paintFirstScreen(storage: Storage = localStorage, now: number = Date.now()): boolean {
  applyTheme(storedTheme());
  const screen = readStoredScreen(storage);
  if (screen === null || !paintable(screen, pageSession(storage), now)) return false;
  const holder = document.createElement('div');
  holder.id = FIRST_SCREEN_ID;
  holder.className = 'first-screen';
  holder.inert = true;
  holder.setAttribute('aria-hidden', 'true');
  // The page's own drawing of posts it sanitised, kept by this page (keep.ts): no script runs from it, and
  // the page's policy would refuse one.
  holder.innerHTML = screen.html;
  document.body.prepend(holder);
  // For the page's benchmark (npm run bench:page): when the screen went in, beside when it was painted.
  performance.mark('first-screen-painted');
  return true;
}
