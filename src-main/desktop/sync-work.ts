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
  /** Set with the background work: what the badge shows, after each tick and each Sync Now. */
  let showUnsent: () => Promise<void> = () => Promise.resolve();
  return {
    serviceDeps: ({ db, secrets }) => {
      work = createInstanceWork({
        db,
        box: secrets,
        now: options.now ?? (() => Math.floor(Date.now() / 1000)),
        log: (what, error) => console.error(`${what}:`, error),
        ...(options.tickMs ? { tickMs: options.tickMs } : {}),
        onNewMentions: (count) => mentions?.(count),
        // Writing offline raises the count, sending lowers it: the badge follows within a tick.
        afterTick: () => showUnsent(),
      });
      return { sync: work.sync, activity: work.activity };
    },
    backgroundWork: ({ db, setUnsentCount, notifyMentions }) => {
      const running = work;
      if (!running) throw new Error('the sync engine is made with the service, before the background work');
      mentions = notifyMentions;
      let shown = -1;
      showUnsent = async () => {
        const unsent = await db.outbox.filter((item) => item.state === 'pending').count();
        if (unsent !== shown) setUnsentCount((shown = unsent));
      };
      return {
        start: () => running.start(),
        syncNow: async () => {
          await running.syncNow();
          await showUnsent();
        },
        stop: () => running.stop(),
      };
    },
  };
}
