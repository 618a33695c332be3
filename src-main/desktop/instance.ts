import fs from 'node:fs';
import { createService, type Service, type ServiceDeps } from '../../src-shared/service/index';
import type { PublishingDb } from '../../src-shared/store/db';
import { systemClock, type Clock } from '../../src-shared/util/clock';
import { lockStore, type HeldLock } from '../host/folder-lock';
import { resolveOwnerToken } from '../host/owner-token';
import { openStoreFolder } from '../host/store-folder';
import { prepareStore, type StartReport } from '../host/backups/at-start';
import { createHostBackups, type HostBackups } from '../host/backups/host-backups';
import { backupPaths } from '../host/backups/layout';
import { DATABASE_NAME } from '../../src-shared/store/db';
import { withArchiveRoutes } from '../archive/archive-routes';

export interface LocalInstance {
  db: PublishingDb;
  service: Service;
  /** The owner's API token; it stays in the main process (see app-handler.ts). */
  ownerToken: string;
  /** True when this start created the owner account. */
  created: boolean;
  /** What this start did before opening the store: a staged restore, a backup before an upgrade. */
  startReport: StartReport;
  /** The folder's backups; their schedule runs from `backups.start()`. */
  backups: HostBackups;
  /** Closes the store and releases the folder. Call it only when nothing writes any more. */
  close(): void;
}

export interface InstanceOptions {
  /** The app's user-data folder. */
  dataDir: string;
  clock?: Clock;
  onUnexpectedError?: (error: unknown) => void;
  /** More of the service's dependencies, made once the store is open (the sync engine, when there is one). */
  serviceDeps?: ServiceDepsFactory;
}

/** Dependencies the service takes besides the store, its clock and its error log. */
export type ServiceDepsFactory = (db: PublishingDb) => Omit<ServiceDeps, 'db' | 'clock' | 'onUnexpectedError'>;

/**
 * The local instance, laid out in the user-data folder exactly as the headless host lays out its --data
 * folder (`db/`, `owner-token`, the lock file), so `npm run serve -- --data <that folder>` can serve the
 * same store while the app is closed, and refuses to while it is open.
 */
export async function openLocalInstance(options: InstanceOptions): Promise<LocalInstance> {
  const clock = options.clock ?? systemClock;
  // Private, and there before the owner token is kept in it.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const { token } = resolveOwnerToken(options.dataDir);
  const paths = backupPaths(options.dataDir);
  let startReport: StartReport = { restore: null, upgradeBackup: null };
  const { db, created, close } = await openStoreFolder({
    dataDir: options.dataDir,
    token,
    now: clock.now(),
    lock: (lockPath) => lockFolder(options.dataDir, lockPath),
    // As the headless host does (host/start.ts): a staged restore, a backup before an upgrade.
    prepare: async () => {
      startReport = await prepareStore(paths, { databaseName: DATABASE_NAME, now: new Date(clock.now()) });
    },
  });
  try {
    const backups = createHostBackups({
      paths,
      databaseName: DATABASE_NAME,
      clock,
      startReport,
      restart: 'app',
      log: (message) => console.error(message),
    });
    const onUnexpectedError = options.onUnexpectedError ?? ((error: unknown) => console.error('service error:', error));
    const service = withArchiveRoutes(
      createService({ ...options.serviceDeps?.(db), db, clock, backups: backups.control, exportsArchive: true, onUnexpectedError }),
      { dataDir: options.dataDir, paths, now: () => clock.now(), restart: 'app', onUnexpectedError },
    );
    return { db, service, ownerToken: token, created, startReport, backups, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** The headless host's lock, with a message for a person who started the app rather than a host. */
function lockFolder(dataDir: string, lockPath: string): HeldLock {
  try {
    return lockStore(lockPath);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Another program is using the data in ${dataDir}, probably a headless instance started with ` +
        `npm run serve -- --data on that folder. Stop it, then start Publishing Desk again. (${reason})`,
      { cause: error },
    );
  }
}
