import type { Service } from '../../src-shared/service/index';
import type { PublishingDb } from '../../src-shared/store/db';
import type { SecretBox } from './secret-box';

/**
 * Work the main process runs beside the window: the sync scheduler (pulling remotes, draining the outbox).
 * The app starts it once the store is open, calls `syncNow` for the menu's "Sync Now", and on quit waits
 * for `stop` before it closes the store.
 */
export interface BackgroundWork {
  start: () => void;
  /** One round now; resolves when it is done (or failed: failures show in the sync state, not here). */
  syncNow: () => Promise<void>;
  /** Finishes or abandons what is in progress so nothing is half-written, and schedules nothing more. */
  stop: () => Promise<void>;
}

/** What the app hands the background work. */
export interface BackgroundDeps {
  db: PublishingDb;
  service: Service;
  /** Seals remote tokens for the store (safeStorage where available). */
  secrets: SecretBox;
  /** Shows how many posts wait to be sent (dock badge, taskbar overlay). */
  setUnsentCount: (count: number) => void;
  /** Tells the person about new mentions, if they want to be told. */
  notifyMentions: (count: number) => void;
}

/** Builds the background work; a factory that needs only `{ db, service }` fits too. */
export type BackgroundWorkFactory = (deps: BackgroundDeps) => BackgroundWork;

/** Until sync exists there is nothing to do in the background. */
export const noBackgroundWork: BackgroundWorkFactory = () => ({
  start: () => undefined,
  syncNow: () => Promise.resolve(),
  stop: () => Promise.resolve(),
});
