import fs from 'node:fs';
import path from 'node:path';
import { ErrorText, ServiceError } from '../../src-shared/api/errors';
import {
  backupName,
  type BackupAnswer,
  type BackupReason,
  type BackupSettings,
  type BackupsControl,
  type StagedRestoreAnswer,
} from '../../src-shared/api/backups';
import type { Clock } from '../../src-shared/util/clock';
import type { StartReport } from './at-start';
import type { BackupPaths } from './layout';
import { listBackups } from './list';
import { makeBackup } from './make';
import { backupsToRemove, removeBackups } from './prune';
import { isUpload, readStaged, stageRestore, unstageRestore } from './restore';
import { readBackupSettings, writeBackupSettings } from './settings';
import { checkFully, messageOf } from './verify';

/** After an automatic backup fails, the next try waits this long rather than trying again at once. */
const RETRY_AFTER_FAILURE_MS = 3_600_000;

/**
 * Backups made on request (Back up now) in any hour, at most: each copies and checks the whole store, and
 * they queue one behind another. Each kind is pruned apart (prune.ts), so they cannot push out the daily
 * backups; this keeps them from taking the disk's and the host's time.
 */
const MANUAL_PER_HOUR = 6;
const HOUR_MS = 3_600_000;

/** setTimeout's longest wait; a later time is waited for in turns. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface HostBackupsOptions {
  paths: BackupPaths;
  databaseName: string;
  clock: Clock;
  /** What the start did to the store (at-start.ts), shown with the list. */
  startReport: StartReport;
  /** How a staged restore gets applied: the app restarts itself; a headless host is restarted by its runner. */
  restart: 'app' | 'host';
  /** The first automatic backup waits at least this long after start, leaving the start its resources. */
  startDelayMs?: number | undefined;
  log: (message: string) => void;
}

export interface HostBackups {
  control: BackupsControl;
  /** Starts the schedule: a backup when the newest is older than the interval, then one every interval. */
  start(): void;
  /** Stops the schedule and waits for a backup under way. */
  stop(): Promise<void>;
}

/**
 * A host's backups: the daily schedule, pruning to the last N, and what the routes ask for (BackupsControl).
 * One backup at a time: each waits for the one before it.
 */
export function createHostBackups(options: HostBackupsOptions): HostBackups {
  const { paths, clock } = options;
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let nextAt: number | null = null;
  let running = false;
  let lastFailure: { at: string; problem: string } | null = null;
  /** When each backup on request of the last hour was asked for, oldest first. */
  let manualAsked: number[] = [];

  const prune = async () => {
    const listed = await listBackups(paths);
    removeBackups(paths, backupsToRemove(listed, readBackupSettings(paths).keep));
  };

  /** Makes a backup after those already asked for, then prunes. */
  const make = (reason: BackupReason) => {
    const made = queue.then(async () => {
      const result = await makeBackup(paths, {
        reason,
        databaseName: options.databaseName,
        now: new Date(clock.now()),
      });
      await prune();
      return result;
    });
    queue = made.catch(() => undefined);
    return made;
  };

  const schedule = async (minimumDelayMs: number) => {
    if (!running) return;
    if (timer) clearTimeout(timer);
    const newest = (await listBackups(paths)).find((backup) => backup.state === 'good');
    const intervalMs = readBackupSettings(paths).interval_hours * 3_600_000;
    const due = newest ? Date.parse(newest.made_at) + intervalMs : clock.now();
    nextAt = Math.max(due, clock.now() + minimumDelayMs);
    const wait = Math.min(Math.max(0, nextAt - clock.now()), LONGEST_TIMER_MS);
    timer = setTimeout(
      () => void (nextAt !== null && clock.now() >= nextAt - 1000 ? backUpOnSchedule() : schedule(0)),
      wait,
    );
    timer.unref();
  };

  const backUpOnSchedule = async () => {
    nextAt = null;
    let problem: string | null;
    try {
      const made = await make('daily');
      problem = made.good ? null : `backup ${made.name} is damaged: ${made.problem}`;
    } catch (error) {
      problem = messageOf(error);
    }
    lastFailure = problem === null ? null : { at: new Date(clock.now()).toISOString(), problem };
    if (problem !== null) options.log(`backups: ${problem}`);
    // A failure leaves the newest good backup as old as it was: without a pause the next try would be at once.
    await schedule(problem === null ? 0 : RETRY_AFTER_FAILURE_MS);
  };

  const control: BackupsControl = {
    overview: async () => {
      const staged = readStaged(paths);
      return {
        backups: await listBackups(paths),
        settings: readBackupSettings(paths),
        next_at: nextAt === null ? null : new Date(nextAt).toISOString(),
        staged_restore: staged?.kind === 'backup' ? staged.name : null,
        staged_archive: staged?.kind === 'archive' ? path.basename(staged.file) : null,
        last_restore: options.startReport.restore,
        last_failure: lastFailure,
        restart: options.restart,
      };
    },
    backUpNow: async () => {
      const now = clock.now();
      manualAsked = manualAsked.filter((at) => at > now - HOUR_MS);
      const oldest = manualAsked[0];
      if (oldest !== undefined && manualAsked.length >= MANUAL_PER_HOUR) {
        const next = new Date(oldest + HOUR_MS).toISOString();
        throw new ServiceError(
          429,
          `${ErrorText.tooManyBackups}: ${MANUAL_PER_HOUR} in the last hour; the next can be made from ${next}`,
        );
      }
      manualAsked.push(now);
      let made;
      try {
        made = await make('manual');
      } catch (error) {
        throw new ServiceError(500, `${ErrorText.backupFailed}: ${messageOf(error)}`);
      }
      if (!made.good)
        throw new ServiceError(500, `${ErrorText.backupFailed}: the copy failed its check: ${made.problem}`);
      await schedule(0);
      const listed = (await listBackups(paths)).find((backup) => backup.name === made.name);
      if (!listed) throw new ServiceError(500, `${ErrorText.backupFailed}: it was removed as soon as it was made`);
      return listed satisfies BackupAnswer;
    },
    changeSettings: async (settings: BackupSettings) => {
      writeBackupSettings(paths, settings);
      await (queue = queue
        .then(prune)
        .catch((error: unknown) => options.log(`backups: could not prune: ${messageOf(error)}`)));
      await schedule(0);
      return readBackupSettings(paths);
    },
    stageRestore: async (name: string): Promise<StagedRestoreAnswer> => {
      const folder = backupFolder(paths, name);
      const checked = await checkFully(folder, options.databaseName);
      if (!checked.good)
        // The reason rides in the text: `meta.list` carries only several problems at once.
        throw new ServiceError(409, `${ErrorText.backupDamaged}: ${checked.problem}`);
      stageRestore(paths, { kind: 'backup', name });
      forgetUpload(paths);
      return {
        staged_restore: name,
        staged_archive: null,
        next: `The store will be replaced by backup ${name} at the next start, after a backup of it as it is then. ${restartWords(options.restart)}`,
      };
    },
    unstageRestore: () => {
      forgetUpload(paths);
      unstageRestore(paths);
      return Promise.resolve({
        staged_restore: null,
        staged_archive: null,
        next: 'Nothing will be restored at the next start.',
      });
    },
  };

  return {
    control,
    start: () => {
      running = true;
      void schedule(options.startDelayMs ?? 60_000);
    },
    stop: async () => {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await queue;
    },
  };
}

/** How a staged restore gets applied, in words for the person who staged it. */
export const restartWords = (restart: 'app' | 'host'): string =>
  restart === 'app'
    ? 'Restart the app to restore it.'
    : 'Restart the host to restore it (stop npm run serve and start it again).';

/** Removes the archive uploaded for the staged restore, if one is; what is staged is replaced or removed next. */
export function forgetUpload(paths: BackupPaths): void {
  const staged = readStaged(paths);
  if (staged?.kind === 'archive' && isUpload(paths, staged.file)) fs.rmSync(staged.file, { force: true });
}

/** The folder of a backup named in a request: a name of the list's form that is there, or a 404. */
function backupFolder(paths: BackupPaths, name: string): string {
  if (!backupName.safeParse(name).success) throw new ServiceError(404, ErrorText.unknownBackup);
  const folder = path.join(paths.backupsDir, name);
  if (!fs.existsSync(folder)) throw new ServiceError(404, ErrorText.unknownBackup);
  return folder;
}
