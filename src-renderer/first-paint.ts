import { paintFirstScreen } from './first-screen/paint';

// The page's first script, a classic one named after the root (electron.vite.config.ts): the screen of the
// last visit is painted while the entry's code arrives.
try {
  paintFirstScreen();
} catch {
  // Storage refused, or a screen kept by a page that changed since: nothing painted, the page opens as it did.
}
