import fs from 'node:fs';
import path from 'node:path';
import { backupReason, type BackupAnswer } from '../../src-shared/api/backups';
import type { BackupPaths } from './layout';

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
  for (const reason of backupReason.options) {
    const ofKind = listed.filter((backup) => backup.reason === reason);
    const good = ofKind.filter((backup) => backup.state === 'good').slice(0, most);
    const oldestGood = good.at(-1)?.name ?? '';
    const damaged = ofKind.filter((backup) => backup.state === 'damaged').slice(0, most);
    for (const backup of [...good, ...damaged.filter((backup) => backup.name > oldestGood)]) kept.add(backup.name);
  }
  return listed.filter((backup) => !kept.has(backup.name)).map((backup) => backup.name);
}

export function removeBackups(paths: BackupPaths, names: readonly string[]): void {
  for (const name of names) fs.rmSync(path.join(paths.backupsDir, name), { recursive: true, force: true });
}
