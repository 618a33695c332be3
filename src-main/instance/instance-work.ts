import type { PublishingDb } from '../../src-shared/store/db';
import { createWordIndexer } from '../../src-shared/store/word-indexer';
import { createSyncEngine, type SyncEngine } from '../../src-shared/sync/engine';
import { createScheduler } from '../../src-shared/sync/scheduler';
import type { SecretBox } from '../../src-shared/sync/secret-box';
import { createActivity, type Activity } from '../../src-shared/util/activity';

export interface InstanceWorkOptions {
  db: PublishingDb;
  /** Seals remote tokens for the store: a key file for the headless host, safeStorage in the desktop app. */
  box: SecretBox;
  /** Unix seconds. */
  now: () => number;
  /** A failure of the background work, which carries on. */
  log: (work: 'sync' | 'search index', error: unknown) => void;
  /** How often the scheduler looks for due remotes and outbox items; tests make it short. */
  tickMs?: number | undefined;
  /** How many posts mentioning a linked Persona a sync cycle brought. */
  onNewMentions?: ((count: number) => void) | undefined;
  /** A remote's status reads differently: its cycle began, moved on or ended (sync/engine.ts). */
  onSyncStatus?: ((guid: string) => void) | undefined;
  /**
   * How many posts wait to be sent, whenever that changed, looked at after every scheduler tick and every
   * Sync Now: writing offline raises it, sending lowers it (the desktop's badge follows it within a tick).
   */
  onUnsentCount?: ((count: number) => void) | undefined;
}

/** What an instance runs beside its service, and what the service is made with. */
export interface InstanceWork {
  /** The service answers /api/sync/... with it. */
  sync: SyncEngine;
  /** The service marks its requests here; the search indexer lets them pass first. */
  activity: Activity;
  /** Starts polling remotes, draining the outbox and indexing behind the writers. */
  start(): void;
  /** Syncs every remote once now. */
  syncNow(): Promise<void>;
  /**
   * Schedules nothing more, and gives a send or a page under way a moment to finish and be stored before
   * it is cut off (sync/engine.ts `stop`): never half stored, and never waiting out a remote's timeout.
   */
  stop(): Promise<void>;
}

/**
 * The background work of an instance, wired once for both hosts (instance.ts makes it): the sync engine and
 * its scheduler, and the search indexer.
 */
export function createInstanceWork(options: InstanceWorkOptions): InstanceWork {
  const { db, onUnsentCount } = options;
  const sync = createSyncEngine({
    db,
    box: options.box,
    now: options.now,
    onNewMentions: options.onNewMentions,
    onStatus: options.onSyncStatus,
  });
  let shown = -1;
  const reportUnsent = async () => {
    if (!onUnsentCount) return;
    const unsent = await db.outbox.filter((item) => item.state === 'pending').count();
    if (unsent !== shown) onUnsentCount((shown = unsent));
  };
  const scheduler = createScheduler(sync, {
    tickMs: options.tickMs,
    onError: (error) => options.log('sync', error),
    ...(onUnsentCount ? { afterTick: reportUnsent } : {}),
  });
  const activity = createActivity();
  const indexer = createWordIndexer(db, { activity, onError: (error) => options.log('search index', error) });
  return {
    sync,
    activity,
    start: () => {
      scheduler.start();
      indexer.start();
    },
    syncNow: async () => {
      for (const remote of await sync.listRemotes()) await sync.syncRemote(remote.guid);
      await reportUnsent();
    },
    stop: async () => {
      // The engine's stop first: the scheduler's tick under way waits for the cycles it cuts short.
      await Promise.all([sync.stop(), scheduler.stop()]);
      await indexer.stop();
    },
  };
}
