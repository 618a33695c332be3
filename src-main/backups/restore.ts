import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupName, type RestoreOutcome } from '../../src-shared/api/backups';
import type { CheckedArchive } from '../../src-shared/archive/archive-check';
import { buildStoreInWorker, readOwnerCredentialsInWorker } from '../archive/build-store';
import { resolveOwnerToken } from '../store/owner-token';
import { isStoreFile } from '../store/sqlite-files';
import { syncToDisk } from './chunks';
import type { BackupPaths } from './layout';
import { makeBackup } from './make';
import { checkFully, messageOf } from './verify';

/**
 * `restore.json`: what to restore at the next start: a backup of this folder, or an export archive
 * (docs/archive.md), through the same checks, the same safety backup and the same swap.
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
 * 1. what is to be restored is checked in full: a backup by verify.ts checkFully (a chunked one is put
 *    back together in `restoring/db/` for it, and taken from there); an archive by
 *    archive-check.ts as it is built into a new store in `restoring/db/`, which is then started once as a
 *    host would start it (src-main/archive/build-store.ts, trial-start.ts);
 * 2. the store as it is is backed up (reason `before-restore`), so a restore can itself be undone;
 * 3. `db/` is moved aside and the new store's files copied into a new one;
 * 4. the staging file is removed, and the old `db/` with it (and an uploaded archive, and `restoring/`).
 *
 * Nothing here stops the instance from starting: when a step fails, the old `db/` is put back, the staging
 * file removed (it would fail the same way at every start), and the outcome says why, for the host to print
 * and the Settings to show.
 */
export async function applyStagedRestore(
  paths: BackupPaths,
  options: { databaseName: string; now: Date },
): Promise<RestoreOutcome | null> {
  recoverCutShort(paths);
  const staged = readStaged(paths);
  clearStrayUploads(paths, staged);
  if (!fs.existsSync(paths.stagingFile)) return null;
  const at = options.now.toISOString();
  if (staged === null) {
    unstageRestore(paths);
    return {
      backup: '(unreadable)',
      applied: false,
      at,
      problem: `${path.basename(paths.stagingFile)} does not say what to restore`,
    };
  }
  try {
    const source =
      staged.kind === 'backup'
        ? await backupToRestore(paths, staged.name, options.databaseName)
        : await archiveToRestore(paths, staged.file, options);
    return await replaceStore(paths, source, { ...options, staged: true });
  } finally {
    fs.rmSync(paths.restoringDir, { recursive: true, force: true });
    if (staged.kind === 'archive' && isUpload(paths, staged.file)) fs.rmSync(staged.file, { force: true });
  }
}

/**
 * Restores an archive now, not at a start (`npm run import`), with the folder locked: the same build, safety
 * backup and swap as a staged archive, and what is staged left as it is.
 */
export async function restoreArchiveNow(
  paths: BackupPaths,
  file: string,
  options: { databaseName: string; now: Date; checked?: CheckedArchive | undefined },
): Promise<RestoreOutcome> {
  recoverCutShort(paths);
  try {
    return await replaceStore(paths, await archiveToRestore(paths, file, options), { ...options, staged: false });
  } finally {
    fs.rmSync(paths.restoringDir, { recursive: true, force: true });
  }
}

/** What a restore cut short leaves: the old store aside (put back), the one it replaced, a store half built. */
function recoverCutShort(paths: BackupPaths): void {
  const aside = path.join(paths.dataDir, ASIDE);
  if (fs.existsSync(aside)) putBack(paths, aside);
  fs.rmSync(path.join(paths.dataDir, REPLACED), { recursive: true, force: true });
  fs.rmSync(paths.restoringDir, { recursive: true, force: true });
}

/** A folder of SQLite files to become `db/`, or why there is none; `label` names it in the outcome. */
type ToRestore = { label: string; folder: string; files: string[] } | { label: string; problem: string };

async function backupToRestore(paths: BackupPaths, name: string, databaseName: string): Promise<ToRestore> {
  const folder = path.join(paths.backupsDir, name);
  // A chunked backup is put back together in restoring/db/, checked there, and its files taken from there.
  const checked = fs.existsSync(folder)
    ? await checkFully(folder, databaseName, { into: path.join(paths.restoringDir, 'db') })
    : { good: false as const, problem: 'there is no such backup' };
  if (!checked.good) return { label: name, problem: `the backup cannot be restored: ${checked.problem}` };
  return { label: name, folder: checked.filesIn, files: checked.manifest.files.map((file) => file.name) };
}

async function archiveToRestore(
  paths: BackupPaths,
  file: string,
  options: { databaseName: string; now: Date; checked?: CheckedArchive | undefined },
): Promise<ToRestore> {
  const label = path.basename(file);
  try {
    // The build checks the archive in full before it writes a row (src-shared/archive/import.ts), unless it
    // was checked just before and is unchanged since.
    const folder = path.join(paths.restoringDir, 'db');
    const { token } = resolveOwnerToken(paths.dataDir);
    // The instance keeps its password and tokens, as an import into it would (src-shared/archive/import.ts).
    const owner = await readOwnerCredentialsInWorker(paths.dbDir, options.databaseName);
    await buildStoreInWorker({
      folder,
      archive: file,
      databaseName: options.databaseName,
      token,
      now: options.now.getTime(),
      owner,
      checked: options.checked,
    });
    return { label, folder, files: fs.readdirSync(folder).filter(isStoreFile) };
  } catch (error) {
    return { label, problem: `the archive cannot be restored: ${messageOf(error)}` };
  }
}

/** Uploads cut short by a crash (`.part`), or no longer staged: nothing will ever restore them. */
function clearStrayUploads(paths: BackupPaths, staged: StagedRestore | null): void {
  if (!fs.existsSync(paths.uploadsDir)) return;
  const keep = staged?.kind === 'archive' ? path.resolve(staged.file) : null;
  for (const name of fs.readdirSync(paths.uploadsDir)) {
    const file = path.join(paths.uploadsDir, name);
    if (path.resolve(file) !== keep) fs.rmSync(file, { recursive: true, force: true });
  }
}

/** An archive the app uploaded (host-backups.ts): removed once restored or given up; one given by hand never is. */
export function isUpload(paths: BackupPaths, file: string): boolean {
  return path.dirname(path.resolve(file)) === path.resolve(paths.uploadsDir);
}

/** Steps 2 to 4 above, the same for a backup and an archive. */
async function replaceStore(
  paths: BackupPaths,
  source: ToRestore,
  options: { databaseName: string; now: Date; staged: boolean },
): Promise<RestoreOutcome> {
  const aside = path.join(paths.dataDir, ASIDE);
  const at = options.now.toISOString();
  const unstage = () => {
    if (options.staged) unstageRestore(paths);
  };
  const failed = (problem: string): RestoreOutcome => {
    unstage();
    return { backup: source.label, applied: false, at, problem };
  };
  if ('problem' in source) return failed(source.problem);

  let safety: string | undefined;
  try {
    if (fs.existsSync(paths.dbDir) && fs.readdirSync(paths.dbDir).some(isStoreFile)) {
      const made = await makeBackup(paths, {
        reason: 'before-restore',
        databaseName: options.databaseName,
        now: options.now,
      });
      if (!made.good) return failed(`the store as it is could not be backed up first: ${made.problem}`);
      safety = made.name;
    }
  } catch (error) {
    return failed(`the store as it is could not be backed up first: ${messageOf(error)}`);
  }

  try {
    fs.mkdirSync(paths.dbDir, { recursive: true, mode: 0o700 });
    fs.renameSync(paths.dbDir, aside);
    fs.mkdirSync(paths.dbDir, { mode: 0o700 });
    for (const file of source.files) {
      const target = path.join(paths.dbDir, file);
      fs.copyFileSync(path.join(source.folder, file), target);
      fs.chmodSync(target, 0o600);
      // On the disk, not only in its cache, before the old store is let go of: a power cut must not leave
      // a db/ of files half written and nothing aside.
      syncToDisk(target);
    }
    syncToDisk(paths.dbDir);
    // The new db/ is complete. A crash before the rename below leaves the old one aside and the staging
    // file: the next start puts the old store back and tries again. After it, the next start finds the new
    // store and (until the staging file is gone) restores the same source again; either way no start sees
    // half a store.
    const replaced = path.join(paths.dataDir, REPLACED);
    fs.renameSync(aside, replaced);
    syncToDisk(paths.dataDir);
    unstage();
    fs.rmSync(replaced, { recursive: true, force: true });
  } catch (error) {
    if (fs.existsSync(aside)) putBack(paths, aside);
    return failed(`the new store's files could not be put in place: ${messageOf(error)}`);
  }
  return { backup: source.label, applied: true, at, ...(safety ? { safety_backup: safety } : {}) };
}

/** The store as it was before a restore that did not finish. */
function putBack(paths: BackupPaths, aside: string): void {
  fs.rmSync(paths.dbDir, { recursive: true, force: true });
  fs.renameSync(aside, paths.dbDir);
}
