import { createInstanceWork, type InstanceWork } from '../instance-work';
import type { DesktopOptions } from './desktop-app';

/**
 * Sync and the search indexer in the desktop app (instance-work.ts, as the headless host runs them): made
 * with the service (which answers /api/sync/... with the engine), run as the app's background work. "Sync
 * Now" runs every remote once, and the unsent count (dock badge, taskbar) follows each round. Quitting waits
 * for the round under way.
 */
export function desktopSync(options: { tickMs?: number; now?: () => number } = {}): Pick<DesktopOptions, 'serviceDeps' | 'backgroundWork'> {
  let work: InstanceWork | undefined;
  /** Set with the background work; mentions found before it exists are not news yet. */
  let mentions: ((count: number) => void) | undefined;
  /** Set with the background work: the badge. */
  let unsent: ((count: number) => void) | undefined;
  return {
    serviceDeps: ({ db, secrets }) => {
      work = createInstanceWork({
        db,
        box: secrets,
        now: options.now ?? (() => Math.floor(Date.now() / 1000)),
        log: (what, error) => console.error(`${what}:`, error),
        ...(options.tickMs ? { tickMs: options.tickMs } : {}),
        onNewMentions: (count) => mentions?.(count),
        onUnsentCount: (count) => unsent?.(count),
      });
      return { sync: work.sync, activity: work.activity };
    },
    backgroundWork: ({ setUnsentCount, notifyMentions }) => {
      const running = work;
      if (!running) throw new Error('the sync engine is made with the service, before the background work');
      mentions = notifyMentions;
      unsent = setUnsentCount;
      return { start: () => running.start(), syncNow: () => running.syncNow(), stop: () => running.stop() };
    },
  };
}
