import fs from 'node:fs';
import path from 'node:path';
import { backupReason, type BackupAnswer } from '../../src-shared/api/backups';
import { removeUnreferencedChunks } from './chunks';
import { isBackupName, type BackupPaths } from './layout';
import { readManifest } from './manifest';

/**
 * Which backups go, given the list newest first. Each kind (why a backup was made: daily, manual,
 * before-upgrade, before-restore) is counted apart, so that however many of one kind are made, none of
 * another is pushed out: backups made on request never take the place of the daily ones, nor of the way
 * back from the last upgrade or restore. Of each kind the newest `keep` good backups stay, and damaged ones
 * are never counted among them: the newest `keep` damaged ones of a kind stay, to show why its backups
 * fail, as long as they are newer than the oldest good one kept of that kind.
 */
export function backupsToRemove(listed: readonly BackupAnswer[], keep: number): string[] {
  const kept = new Set<string>();
  const most = Math.max(1, keep);
  for (const reason of backupReason.unwrap().options) {
    const ofKind = listed.filter((backup) => backup.reason === reason);
    const good = ofKind.filter((backup) => backup.state === 'good').slice(0, most);
    const oldestGood = good.at(-1)?.name ?? '';
    const damaged = ofKind.filter((backup) => backup.state === 'damaged').slice(0, most);
    for (const backup of [...good, ...damaged.filter((backup) => backup.name > oldestGood)]) kept.add(backup.name);
  }
  return listed.filter((backup) => !kept.has(backup.name)).map((backup) => backup.name);
}

/**
 * Removes the backups named, then the chunks no backup left names: a chunk shared by a backup that stays
 * stays with it. Runs between backups, never while one is being made (see removeUnreferencedChunks).
 */
export function removeBackups(paths: BackupPaths, names: readonly string[]): void {
  for (const name of names) fs.rmSync(path.join(paths.backupsDir, name), { recursive: true, force: true });
  removeUnreferencedChunks(paths.chunksDir, referencedChunks(paths));
}

/**
 * Every chunk a backup in the folder names. A backup whose manifest cannot be read names none: it is
 * listed as damaged and can never be restored, so its chunks are kept for no one.
 */
export function referencedChunks(paths: BackupPaths): Set<string> {
  const referenced = new Set<string>();
  let entries: string[];
  try {
    entries = fs.readdirSync(paths.backupsDir);
  } catch {
    return referenced;
  }
  for (const name of entries.filter(isBackupName)) {
    const read = readManifest(path.join(paths.backupsDir, name));
    if ('problem' in read || read.manifest.format !== 2) continue;
    for (const file of read.manifest.files) for (const hash of file.chunks) referenced.add(hash);
  }
  return referenced;
}
