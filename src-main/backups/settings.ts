import fs from 'node:fs';
import { backupSettings, type BackupSettings } from '../../src-shared/api/backups';
import { readJsonFile, writeJsonFile } from '../store/json-file';
import type { BackupPaths } from './layout';

/** Daily, and a week of them. */
export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { interval_hours: 24, keep: 7 };

/**
 * Kept in the backups folder rather than in the store's `settings` table: they must be read before the
 * store is opened, and restoring a backup must not bring back how many backups to keep.
 */
export function readBackupSettings(paths: BackupPaths): BackupSettings {
  return readJsonFile(paths.settingsFile, backupSettings) ?? DEFAULT_BACKUP_SETTINGS;
}

export function writeBackupSettings(paths: BackupPaths, settings: BackupSettings): void {
  // Before the first backup there is no folder yet.
  fs.mkdirSync(paths.backupsDir, { recursive: true, mode: 0o700 });
  writeJsonFile(paths.settingsFile, backupSettings.parse(settings));
}
