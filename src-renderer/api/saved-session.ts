import { z } from 'zod';

/**
 * The browser's sign-in, kept in localStorage so a reload stays signed in. `source` says whether the token
 * came from signing in (then signing out ends it on the instance) or was pasted (the owner token printed by
 * `npm run serve`, which signing out must not end).
 */
const savedSession = z.lazy(() => z.object({ token: z.string().min(1), source: z.enum(['login', 'pasted']) }));
export type SavedSession = z.infer<typeof savedSession>;

const KEY = 'desk.session.v1';

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

export function saveSession(session: SavedSession | null, storage: Storage = localStorage): void {
  if (session === null) storage.removeItem(KEY);
  else storage.setItem(KEY, JSON.stringify(session));
}
