import { publishChanges } from '../../src-shared/service/change-events';
import { createEventHub } from '../../src-shared/service/event-hub';
import { createService, type Service } from '../../src-shared/service/index';
import type { SignInCodes } from '../../src-shared/service/sign-in-codes';
import { DATABASE_NAME, type PublishingDb } from '../../src-shared/store/db';
import type { SecretBox } from '../../src-shared/sync/secret-box';
import { systemClock, type Clock } from '../../src-shared/util/clock';
import { archiveHandlers } from './archive-routes';
import { prepareStore, type StartReport } from '../backups/at-start';
import { createHostBackups } from '../backups/host-backups';
import { backupPaths } from '../backups/layout';
import type { HeldLock } from '../store/folder-lock';
import { openStoreFolder } from '../store/store-folder';
import { createInstanceWork, type InstanceWork, type InstanceWorkOptions } from './instance-work';

/** How a host reports what goes wrong while it runs. */
export interface InstanceLog {
  /** A failure that is not a client's: of background work (which carries on), or of a request (answered 500). */
  problem(what: string, error: unknown): void;
  /** A line from the backups, such as a scheduled backup that failed. */
  line(text: string): void;
}

export interface InstanceOptions {
  /** The data folder: the store in `db/`, its lock file, `backups/`, `restore/`. */
  dataDir: string;
  /**
   * Name of the database in `<dataDir>/db`. A process keeps its databases in one folder (sqlite-idb.ts), so
   * tests that run several instances in one process vary this.
   */
  databaseName?: string | undefined;
  /** The owner's API token, and the password `POST /api/auth/login` accepts, for the account made on first opening. */
  token: string;
  password?: string | undefined;
  clock?: Clock;
  /** How a staged restore gets applied: the app restarts itself; a headless host is restarted by its runner. */
  restart: 'app' | 'host';
  /** Takes the folder's lock; the desktop app words its refusal for a person (default: lockStore). */
  lock?: (lockPath: string) => HeldLock;
  /**
   * Seals remote tokens for the store: a key file in the data folder for the headless host, safeStorage in the
   * desktop app. Made once the folder is open, private and locked, since the key file lives in it.
   */
  secretBox: () => SecretBox;
  /** The one-time codes of the sign-in links the headless host prints; without them `/api/about` offers none. */
  signInCodes?: SignInCodes | undefined;
  log: InstanceLog;
  /** How often the sync scheduler looks for due remotes and outbox items; tests make it short. */
  syncTickMs?: number | undefined;
  /** How long after start the first automatic backup may be made (default a minute); tests make it short. */
  backupStartDelayMs?: number | undefined;
  /** How many posts mentioning a linked Persona a sync cycle brought (the desktop notifies). */
  onNewMentions?: ((count: number) => void) | undefined;
  /** How many posts wait to be sent, whenever that changed (the desktop's badge). */
  onUnsentCount?: ((count: number) => void) | undefined;
  /** Makes the background work (createInstanceWork); tests pass one that counts what the host asks of it. */
  work?: (options: InstanceWorkOptions) => InstanceWork;
}

/** Where requests come in: the HTTP server, the desktop window's `desk:` scheme, the desktop's loopback server. */
export interface Entrance {
  /** Takes no new request, and resolves once those in flight have their answer (and their write). */
  close(): Promise<void>;
}

/** One step of stopping an instance, named for the report when it fails or overruns. */
export interface ShutdownStep {
  name: string;
  run(): Promise<void> | void;
}

export interface Instance {
  db: PublishingDb;
  /** The service with the archive routes, which every entrance serves. */
  service: Service;
  /** True when this start created the owner account: the data folder held no instance yet. */
  created: boolean;
  /** What this start did before opening the store: a staged restore, a backup before an upgrade. */
  startReport: StartReport;
  /**
   * Starts the background work (sync, the search indexer, the backup schedule) once requests can come in
   * through `entrances`, which stopping closes first.
   */
  start(entrances: readonly Entrance[]): void;
  /** Syncs every remote once now (the desktop's Sync Now). */
  syncNow(): Promise<void>;
  /** Stopping, in its one order; `stop()` runs it, the desktop's quit runs it with a time limit on each step. */
  readonly shutdown: readonly ShutdownStep[];
  /** Runs the shutdown to the end, or to the first step that fails; a second call waits for the first. */
  stop(): Promise<void>;
}

/**
 * An instance in a data folder, as both hosts run it (host/start.ts, desktop/instance.ts): the folder opened
 * (locked, a staged restore or a backup before an upgrade applied, the store and the owner account), its
 * backups, its background work, and the service. The host adds its entrances and calls `start`.
 */
export async function openInstance(options: InstanceOptions): Promise<Instance> {
  const clock = options.clock ?? systemClock;
  const databaseName = options.databaseName ?? DATABASE_NAME;
  const paths = backupPaths(options.dataDir);
  let startReport: StartReport = { restore: null, upgradeBackup: null };
  const store = await openStoreFolder({
    dataDir: options.dataDir,
    databaseName,
    token: options.token,
    password: options.password,
    now: clock.now(),
    lock: options.lock,
    prepare: async () => {
      startReport = await prepareStore(paths, {
        databaseName,
        now: new Date(clock.now()),
        log: (text) => options.log.line(text),
      });
    },
  });
  try {
    const { db } = store;
    const backups = createHostBackups({
      paths,
      databaseName,
      clock,
      startReport,
      restart: options.restart,
      log: (text) => options.log.line(text),
      startDelayMs: options.backupStartDelayMs,
    });
    // What changes here, told to the pages that listen (`GET /api/events`): every committed write of the
    // store, and the progress of sync cycles, which lives in memory only.
    const events = createEventHub();
    const unwatch = publishChanges(db, events);
    const work = (options.work ?? createInstanceWork)({
      db,
      box: options.secretBox(),
      now: () => Math.floor(clock.now() / 1000),
      log: (what, error) => options.log.problem(what, error),
      tickMs: options.syncTickMs,
      onNewMentions: options.onNewMentions,
      onUnsentCount: options.onUnsentCount,
      onSyncStatus: (guid) => events.publish({ kind: 'sync', remote_guid: guid }),
    });
    const onUnexpectedError = (error: unknown) => options.log.problem('service error', error);
    const service = createService({
      db,
      clock,
      sync: work.sync,
      activity: work.activity,
      signInCodes: options.signInCodes,
      backups: backups.control,
      events,
      archive: archiveHandlers({
        dataDir: options.dataDir,
        databaseName,
        paths,
        now: () => clock.now(),
        restart: options.restart,
        onUnexpectedError,
      }),
      onUnexpectedError,
    });

    let entrances: readonly Entrance[] = [];
    // The one order in which an instance stops, whichever host runs it.
    const shutdown: readonly ShutdownStep[] = [
      // The event streams stay open for as long as their pages do: they end first, so that closing the
      // entrances waits for answers that end, not for pages to leave. A page then polls until it can reconnect.
      { name: 'the event streams', run: () => events.close() },
      // Then the requests: no new one comes in, and those in flight get their answer and their write, so
      // every answered write is stored. Sync stops beside them: a request may wait for a cycle (a person's
      // Sync Now), which stopping cuts short after a moment, where a remote that does not answer would hold
      // it until its timeout. One may have asked for a backup, which the steps below wait for.
      {
        name: 'the requests in flight, and sync',
        run: () => Promise.all([closeAll(entrances), work.sync.stop()]).then(() => undefined),
      },
      // Then the background work, which may still be writing: the search words of a batch under way are
      // written, and nothing more is scheduled (sync's cycles ended with the step above: a send or a page
      // under way had a moment to finish and be stored, then was cut off, never half stored).
      { name: 'the scheduler and the search indexer', run: () => work.stop() },
      { name: 'backups', run: () => backups.stop() },
      // The store last, when nothing can write any more. Closing it releases the folder's lock, so another
      // program can open the folder only once this one is done with it.
      {
        name: 'the store',
        run: () => {
          unwatch();
          store.close();
        },
      },
    ];
    let stopped: Promise<void> | undefined;
    return {
      db,
      service,
      created: store.created,
      startReport,
      start: (through) => {
        entrances = through;
        work.start();
        backups.start();
      },
      syncNow: () => work.syncNow(),
      shutdown,
      stop: () =>
        (stopped ??= (async () => {
          for (const step of shutdown) await step.run();
        })()),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** Closes every entrance at once, so none takes a new request while another drains; fails if one did. */
async function closeAll(entrances: readonly Entrance[]): Promise<void> {
  const closed = await Promise.allSettled(entrances.map((entrance) => entrance.close()));
  const failed = closed.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
