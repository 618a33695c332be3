import { createSyncEngine, type SyncEngine } from '../../src-shared/sync/engine';
import { createScheduler } from '../../src-shared/sync/scheduler';
import { createWordIndexer } from '../../src-shared/store/word-indexer';
import { createActivity } from '../../src-shared/util/activity';
import type { DesktopOptions } from './desktop-app';

/**
 * Sync (and the search indexer) in the desktop app: the engine is made with the service (which answers /api/sync/... with it), the
 * scheduler runs as the app's background work, "Sync Now" runs every remote once, and the unsent count
 * (dock badge, taskbar) follows each round. Quitting waits for the round under way.
 */
export function desktopSync(options: { tickMs?: number; now?: () => number } = {}): Pick<DesktopOptions, 'serviceDeps' | 'backgroundWork'> {
  let engine: SyncEngine | undefined;
  /** The window's requests, which the search indexer lets pass first. */
  const activity = createActivity();
  /** Set with the background work; mentions found before it exists are not news yet. */
  let mentions: ((count: number) => void) | undefined;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return {
    serviceDeps: ({ db, secrets }) => {
      engine = createSyncEngine({ db, box: secrets, now, onNewMentions: (count) => mentions?.(count) });
      return { sync: engine, activity };
    },
    backgroundWork: ({ db, setUnsentCount, notifyMentions }) => {
      mentions = notifyMentions;
      const sync = engine;
      if (!sync) throw new Error('the sync engine is made with the service, before the background work');
      let shown = -1;
      const showUnsent = async () => {
        const unsent = await db.outbox.filter((item) => item.state === 'pending').count();
        if (unsent !== shown) setUnsentCount((shown = unsent));
      };
      const scheduler = createScheduler(sync, {
        ...(options.tickMs ? { tickMs: options.tickMs } : {}),
        onError: (error) => console.error('sync:', error),
        // Writing offline raises the count, sending lowers it: the badge follows within a tick.
        afterTick: showUnsent,
      });
      // The search words of what is written or pulled are kept up behind the writers (store/word-indexer.ts).
      const indexer = createWordIndexer(db, { activity, onError: (error) => console.error('search index:', error) });
      return {
        start: () => {
          scheduler.start();
          indexer.start();
        },
        syncNow: async () => {
          for (const remote of await sync.listRemotes()) await sync.syncRemote(remote.guid);
          await showUnsent();
        },
        stop: async () => {
          await scheduler.stop();
          await indexer.stop();
        },
      };
    },
  };
}
