import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupName, type RestoreOutcome } from '../../../src-shared/api/backups';
import { isStoreFile, type BackupPaths } from './layout';
import { makeBackup } from './make';
import { checkFully, messageOf } from './verify';

/**
 * `restore.json`: what to restore at the next start. A backup of this folder now; an export archive later
 * (the archive import plugs in where `archive` is refused below), through the same staging and the same
 * safety backup.
 */
export const stagedRestore = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('backup'), name: backupName }),
  z.object({ kind: z.literal('archive'), file: z.string().min(1).max(4096) }),
]);
export type StagedRestore = z.infer<typeof stagedRestore>;

/** `db/` while a restore replaces it; found at a start, it means the last restore was cut short. */
const ASIDE = 'db.before-restore';
/** The old `db/` once the new one is complete, until it is deleted. */
const REPLACED = 'db.replaced';

export function stageRestore(paths: BackupPaths, staged: StagedRestore): void {
  const temporary = `${paths.stagingFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(stagedRestore.parse(staged))}\n`, { mode: 0o600 });
  fs.renameSync(temporary, paths.stagingFile);
}

export function unstageRestore(paths: BackupPaths): void {
  fs.rmSync(paths.stagingFile, { force: true });
}

/** The staged restore, or null when there is none or the file is not one (applying it reports that). */
export function readStaged(paths: BackupPaths): StagedRestore | null {
  try {
    return stagedRestore.parse(JSON.parse(fs.readFileSync(paths.stagingFile, 'utf8').slice(0, 8192)));
  } catch {
    return null;
  }
}

/**
 * Applies a staged restore, at a start, with the folder locked and before the store is opened:
 *
 * 1. the backup is checked in full (verify.ts checkFully);
 * 2. the store as it is is backed up (reason `before-restore`), so a restore can itself be undone;
 * 3. `db/` is moved aside and the backup's files copied into a new one;
 * 4. the staging file is removed, and the old `db/` with it.
 *
 * Nothing here stops the instance from starting: when a step fails, the old `db/` is put back, the staging
 * file removed (it would fail the same way at every start), and the outcome says why, for the host to print
 * and the Settings to show.
 */
export async function applyStagedRestore(paths: BackupPaths, options: { databaseName: string; now: Date }): Promise<RestoreOutcome | null> {
  const aside = path.join(paths.dataDir, ASIDE);
  const replaced = path.join(paths.dataDir, REPLACED);
  if (fs.existsSync(aside)) putBack(paths, aside);
  fs.rmSync(replaced, { recursive: true, force: true });
  if (!fs.existsSync(paths.stagingFile)) return null;
  const staged = readStaged(paths);
  const at = options.now.toISOString();
  const failed = (backup: string, problem: string): RestoreOutcome => {
    unstageRestore(paths);
    return { backup, applied: false, at, problem };
  };
  if (staged === null) return failed('(unreadable)', `${path.basename(paths.stagingFile)} does not say what to restore`);
  if (staged.kind === 'archive') return failed(staged.file, 'restoring an export archive at start is not supported yet');

  const folder = path.join(paths.backupsDir, staged.name);
  const checked = fs.existsSync(folder) ? await checkFully(folder, options.databaseName) : { good: false as const, problem: 'there is no such backup' };
  if (!checked.good) return failed(staged.name, `the backup cannot be restored: ${checked.problem}`);

  let safety: string | undefined;
  try {
    if (fs.readdirSync(paths.dbDir).some(isStoreFile)) {
      const made = await makeBackup(paths, { reason: 'before-restore', databaseName: options.databaseName, now: options.now });
      if (!made.good) return failed(staged.name, `the store as it is could not be backed up first: ${made.problem}`);
      safety = made.name;
    }
  } catch (error) {
    return failed(staged.name, `the store as it is could not be backed up first: ${messageOf(error)}`);
  }

  try {
    fs.renameSync(paths.dbDir, aside);
    fs.mkdirSync(paths.dbDir, { mode: 0o700 });
    for (const file of checked.manifest.files) {
      const target = path.join(paths.dbDir, file.name);
      fs.copyFileSync(path.join(folder, file.name), target);
      fs.chmodSync(target, 0o600);
    }
    // The new db/ is complete. A crash before the rename below leaves the old one aside and the staging
    // file: the next start puts the old store back and tries again. After it, the next start finds the new
    // store and (until the staging file is gone) restores the same backup again; either way no start sees
    // half a store.
    fs.renameSync(aside, replaced);
    unstageRestore(paths);
    fs.rmSync(replaced, { recursive: true, force: true });
  } catch (error) {
    if (fs.existsSync(aside)) putBack(paths, aside);
    return failed(staged.name, `the backup's files could not be put in place: ${messageOf(error)}`);
  }
  return { backup: staged.name, applied: true, at, ...(safety ? { safety_backup: safety } : {}) };
}

/** The store as it was before a restore that did not finish. */
function putBack(paths: BackupPaths, aside: string): void {
  fs.rmSync(paths.dbDir, { recursive: true, force: true });
  fs.renameSync(aside, paths.dbDir);
}
