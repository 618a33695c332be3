import path from 'node:path';
import { BACKUP_NAME, type BackupReason } from '../../src-shared/api/backups';

/**
 * Where backups live in a data folder (docs/backups.md):
 *
 *     <data>/db/                      the store: its SQLite files
 *     <data>/backups/<name>/          one backup: backup.json, naming the chunks of each of those files
 *                                     (or, made before chunks were shared, full copies of them)
 *     <data>/backups/chunks/          the chunks of every backup, each kept once, compressed (chunks.ts)
 *     <data>/backups/.making-<name>/  a backup being made; it becomes <name> only once complete
 *     <data>/backups/.checking-<id>/  a chunked backup put back together to be checked in full
 *     <data>/backups/settings.json    how often, how many to keep
 *     <data>/restore.json             a restore staged for the next start
 *     <data>/restore/upload-<stamp>.zip  an archive uploaded to be restored at the next start
 *     <data>/restoring/db/            the store built from an archive while it is restored
 */
export interface BackupPaths {
  dataDir: string;
  dbDir: string;
  backupsDir: string;
  chunksDir: string;
  settingsFile: string;
  stagingFile: string;
  /** Archives uploaded from the app, until restored or unstaged. */
  uploadsDir: string;
  /** Where a store is built from an archive, before it replaces `db/`. */
  restoringDir: string;
}

export function backupPaths(dataDir: string): BackupPaths {
  const backupsDir = path.join(dataDir, 'backups');
  return {
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    backupsDir,
    chunksDir: chunksDirOf(backupsDir),
    settingsFile: path.join(backupsDir, 'settings.json'),
    stagingFile: path.join(dataDir, 'restore.json'),
    uploadsDir: path.join(dataDir, 'restore'),
    restoringDir: path.join(dataDir, 'restoring'),
  };
}

export const MANIFEST_FILE = 'backup.json';
/** Written into a backup that failed its check, saying why; such a backup is listed as damaged, never restored. */
export const DAMAGED_FILE = 'damaged.txt';
export const MAKING_PREFIX = '.making-';
export const CHECKING_PREFIX = '.checking-';

/** The chunks folder beside the backups of `backupsDir`: a backup folder's own parent is its backups folder. */
export const chunksDirOf = (backupsDir: string): string => path.join(backupsDir, 'chunks');

/** `20261125T045000123Z-daily` for 2026-11-25 04:50:00.123 UTC. */
export function nameFor(madeAt: Date, reason: BackupReason): string {
  const stamp = madeAt.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${reason}`;
}

export const isBackupName = (name: string): boolean => BACKUP_NAME.test(name);
