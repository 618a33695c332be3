/**
 * The screen the page last showed at the top of a timeline, kept in localStorage so that the next load can
 * paint it at once (paint.ts) while the page's code arrives, asks the instance and draws the timeline anew
 * (keep.ts takes it, drop.ts removes it). Read before anything else of the page runs, by a script written
 * into the page with all it imports (electron.vite.config.ts): this module and paint.ts import only modules
 * that import nothing, so that script stays at some 2 KB.
 */
import { SESSION_KEY } from '../util/session-key';

export const FIRST_SCREEN_KEY = 'desk.first-screen.v1';

/** The painted screen's element: above the page, inert, and removed once the page has drawn its own. */
export const FIRST_SCREEN_ID = 'first-screen';

/**
 * Past this the screen is not kept: a screenful of posts is some tens of kilobytes, and localStorage holds
 * some megabytes for the whole page (the session, drafts typed offline).
 */
export const MAX_FIRST_SCREEN_CHARS = 400_000;

/** Older than this, the posts painted would mislead more than help: the page opens as it did without. */
export const MAX_FIRST_SCREEN_AGE_MS = 30 * 24 * 3600 * 1000;

export interface StoredScreen {
  /** The address it was shown at (`/everything`): painted only at the same one. */
  path: string;
  /** Of the session it was shown to (pageSession): painted only to the same. */
  session: string;
  /** The shell's layout then (`phone`, `wide` or `''`): painted only at a window laid out alike. */
  layout: string;
  /** The shell as drawn, without scripts' state: its sidebar, the screen's head, the first rows. */
  html: string;
  /** When it was kept (Date.now()). */
  at: number;
}

/** The session key's value, reduced to a mark (FNV-1a): the screen says whose it is without holding a token. */
export function sessionMark(saved: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < saved.length; i++) {
    hash ^= saved.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * What the page is signed in with, as the mark is made of it: the kept sign-in as stored, or `desktop` in
 * the desktop window (whose main process lends the owner token and keeps no sign-in here), or null.
 */
export function pageSession(storage: Storage): string | null {
  try {
    const saved = storage.getItem(SESSION_KEY);
    if (saved !== null) return sessionMark(saved);
  } catch {
    return null;
  }
  return typeof (globalThis as { desk?: unknown }).desk === 'object' ? sessionMark('desktop') : null;
}

/** The kept screen, or null when there is none or it is not one (storage shared with older pages, hand edits). */
export function readStoredScreen(storage: Storage): StoredScreen | null {
  try {
    const raw = storage.getItem(FIRST_SCREEN_KEY);
    if (raw === null || raw.length > MAX_FIRST_SCREEN_CHARS + 1000) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const screen = value as Record<string, unknown>;
    const texts = [screen['path'], screen['session'], screen['layout'], screen['html']];
    if (!texts.every((text) => typeof text === 'string') || typeof screen['at'] !== 'number') return null;
    return value as StoredScreen;
  } catch {
    return null;
  }
}

export function forgetStoredScreen(storage: Storage): void {
  try {
    storage.removeItem(FIRST_SCREEN_KEY);
  } catch {
    // Nothing kept, or no storage: nothing to forget.
  }
}
