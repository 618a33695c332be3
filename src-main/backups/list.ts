import fs from 'node:fs';
import path from 'node:path';
import { backupReason, type BackupAnswer, type BackupReason } from '../../src-shared/api/backups';
import { isBackupName, type BackupPaths } from './layout';
import { storedChunks } from './chunks';
import { checkQuickly } from './verify';

/**
 * The most backup folders looked at: pruning leaves at most 800 (four kinds of at most 100 good and 100
 * damaged ones each, prune.ts); a folder holding more was not filled by this program.
 */
const MAX_LISTED = 1_000;

/** Every backup in the folder, newest first, each checked quickly (verify.ts checkQuickly). */
export async function listBackups(paths: BackupPaths): Promise<BackupAnswer[]> {
  let entries: string[];
  try {
    entries = fs.readdirSync(paths.backupsDir);
  } catch {
    return [];
  }
  const names = entries.filter(isBackupName).sort().reverse().slice(0, MAX_LISTED);
  const listed: BackupAnswer[] = [];
  // Backups share most of their chunks: the chunks folder is read once for all of them.
  const stored = storedChunks(paths.chunksDir);
  for (const name of names) {
    const folder = path.join(paths.backupsDir, name);
    const checked = await checkQuickly(folder, stored);
    const size = checked.manifest?.files.reduce((sum, file) => sum + file.size, 0) ?? 0;
    listed.push({
      name,
      made_at: checked.manifest?.made_at ?? madeAtOfName(name),
      reason: checked.manifest?.reason ?? reasonOfName(name),
      size,
      schema_version: checked.manifest?.schema_version ?? null,
      ...(checked.good ? { state: 'good' as const } : { state: 'damaged' as const, problem: checked.problem }),
    });
  }
  return listed;
}

/** `20261125T045000123Z-daily` → `2026-11-25T04:50:00.123Z`, for a backup whose manifest is unreadable. */
function madeAtOfName(name: string): string {
  const d = name.slice(0, 18);
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${d.slice(13, 15)}.${d.slice(15, 18)}Z`;
}

function reasonOfName(name: string): BackupReason {
  return backupReason.parse(name.slice(20));
}
