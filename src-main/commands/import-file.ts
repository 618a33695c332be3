import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { heldBeyondNew, type ImportReport } from '../../src-shared/archive/import';
import { DATABASE_NAME, openDatabase } from '../../src-shared/store/db';
import { convertWithBackupFirst } from '../backups/convert-first';
import { backupPaths } from '../backups/layout';
import { isStoreFile } from '../store/sqlite-files';
import { restoreArchiveNow } from '../backups/restore';
import { lockStore } from '../store/folder-lock';
import { resolveOwnerToken } from '../store/owner-token';
import { sqliteIdb } from '../store/sqlite-idb';
import { checkArchiveFile } from '../archive/check-file';
import { snapshotStore } from '../archive/snapshot';
import { holdsLegacyStore } from '../store/legacy-store';

export interface ImportFileOptions {
  dataDir: string;
  archive: string;
  dryRun?: boolean;
  /** Restore over an instance that is not empty, after backing it up. */
  replace?: boolean;
  /** Unix milliseconds, for the owner account of a new folder and the name of the safety backup. */
  now: number;
  databaseName?: string;
}

export interface ImportFileReport extends ImportReport {
  /** The backup of the instance as it was, taken before it was replaced. */
  safetyBackup?: string;
}

/**
 * Restores an archive into the instance of `dataDir`, holding the folder's lock meanwhile: a host running on
 * the folder makes it refuse. An instance that is not new or empty is refused, naming what it holds, unless
 * `replace` is given. The archive is built into a new store beside `db/` and put in its place only once
 * complete, after a backup of what was there (backups/restore.ts): a failure or a killed process
 * leaves the instance as it was. A dry run checks all the same and changes nothing (nor makes a folder that
 * does not exist yet).
 */
export async function importDataFolder(options: ImportFileOptions): Promise<ImportFileReport> {
  const databaseName = options.databaseName ?? DATABASE_NAME;
  // A bad archive is refused before anything, the folder included, is made.
  const checked = await checkArchiveFile(options.archive);
  const { manifest } = checked;
  if (options.dryRun && !fs.existsSync(options.dataDir))
    return { manifest, counts: { ...manifest.counts }, dryRun: true };
  // Makes the folder and its owner token when new: the new store's owner takes the kept token (build-store.ts).
  resolveOwnerToken(options.dataDir);
  const lock = lockStore(path.join(options.dataDir, `${databaseName}.lock`));
  try {
    const paths = backupPaths(options.dataDir);
    // A store the release before wrote is read with this release's engine, so converted first (backed up).
    if (!options.dryRun) await convertWithBackupFirst(paths, { databaseName, now: new Date(options.now) });
    const held = await heldIn(paths.dbDir, databaseName);
    if (held.length > 0 && !options.replace) {
      throw new ArchiveError(
        `the instance is not empty: it holds ${held.join(', ')}. Give --replace to restore the archive over it after backing it up, or restore into a new data folder`,
      );
    }
    if (options.dryRun) return { manifest, counts: { ...manifest.counts }, dryRun: true };
    // The build reads the archive once more to write it, without a second check if it is unchanged.
    const outcome = await restoreArchiveNow(paths, options.archive, {
      databaseName,
      now: new Date(options.now),
      checked,
    });
    if (!outcome.applied)
      throw new Error(`${outcome.problem ?? 'the archive was not restored'}; the instance is as it was`);
    return {
      manifest,
      counts: { ...manifest.counts },
      dryRun: false,
      ...(outcome.safety_backup ? { safetyBackup: outcome.safety_backup } : {}),
    };
  } finally {
    lock.release();
  }
}

/** What the store in `dbDir` holds beyond a new one's; nothing when there is no store yet. */
async function heldIn(dbDir: string, databaseName: string): Promise<string[]> {
  if (!fs.existsSync(dbDir) || !fs.readdirSync(dbDir).some(isStoreFile)) return [];
  // Only a dry run leaves a store of the release before as it is: a converted copy of it is read instead.
  if (holdsLegacyStore(dbDir)) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-import-'));
    try {
      return await heldIn(await snapshotStore(path.dirname(dbDir), path.join(scratch, 'db')), databaseName);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  const db = openDatabase(sqliteIdb(dbDir), databaseName);
  try {
    await db.open();
    return await heldBeyondNew(db);
  } finally {
    db.close();
  }
}
