import { clients } from './session';
import { useDrafts } from './drafts';

/**
 * The drafts a restore brought back: the service keeps them (src-shared/archive/restored-drafts.ts) until
 * the page has them in its own storage, so they are cleared there only once saved here. A page that cannot
 * reach them now (offline, an instance of an older version) tries again at its next start.
 */
export async function takeRestoredDrafts(): Promise<void> {
  try {
    const { desk } = clients();
    const restored = await desk.restoredDrafts();
    if (restored.length === 0) return;
    if (!useDrafts.getState().adopt(restored)) return;
    await desk.clearRestoredDrafts();
  } catch {
    // Kept on the service: the next start takes them.
  }
}
