import { z } from 'zod';
import { forgetStoredScreen } from '../first-screen/stored-screen';
import { SESSION_KEY as KEY } from '../util/session-key';

/**
 * The browser's sign-in, kept in localStorage so a reload stays signed in. `source` says whether the token
 * came from signing in (then signing out ends it on the instance) or was pasted (the owner token printed by
 * `npm run serve`, which signing out must not end).
 */
const savedSession = z.lazy(() => z.object({ token: z.string().min(1), source: z.enum(['login', 'pasted']) }));
export type SavedSession = z.infer<typeof savedSession>;

export function loadSession(storage: Storage = localStorage): SavedSession | null {
  try {
    const raw = storage.getItem(KEY);
    if (raw === null) return null;
    const parsed = savedSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A new sign-in, or none: the screen kept for the next load was another session's and goes too. */
export function saveSession(session: SavedSession | null, storage: Storage = localStorage): void {
  forgetStoredScreen(storage);
  if (session === null) storage.removeItem(KEY);
  else storage.setItem(KEY, JSON.stringify(session));
}
