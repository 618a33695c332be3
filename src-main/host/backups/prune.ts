import fs from 'node:fs';
import path from 'node:path';
import type { BackupAnswer } from '../../../src-shared/api/backups';
import type { BackupPaths } from './layout';

/**
 * Which backups go, given the list newest first: good ones beyond the newest `keep`, except the newest
 * `before-upgrade` one (the way back from the last upgrade stays until a later upgrade replaces it), and
 * damaged ones older than the oldest of the newest `keep` good ones. With no good backup, nothing goes: the damaged ones
 * are all there is to look at.
 */
export function backupsToRemove(listed: readonly BackupAnswer[], keep: number): string[] {
  const good = listed.filter((backup) => backup.state === 'good');
  if (good.length === 0) return [];
  const newest = good.slice(0, Math.max(1, keep));
  const kept = new Set(newest.map((backup) => backup.name));
  const lastUpgrade = good.find((backup) => backup.reason === 'before-upgrade');
  if (lastUpgrade) kept.add(lastUpgrade.name);
  const oldestKept = newest.at(-1)?.name ?? '';
  return listed
    .filter((backup) => (backup.state === 'good' ? !kept.has(backup.name) : backup.name < oldestKept))
    .map((backup) => backup.name);
}

export function removeBackups(paths: BackupPaths, names: readonly string[]): void {
  for (const name of names) fs.rmSync(path.join(paths.backupsDir, name), { recursive: true, force: true });
}
