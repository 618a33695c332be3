import type { RestoreOutcome } from '../../src-shared/api/backups';
import { SCHEMA_VERSION } from '../../src-shared/store/db';
import type { BackupPaths } from './layout';
import { makeBackup } from './make';
import { applyStagedRestore } from './restore';
import { storedSchemaVersion } from '../store/sqlite-files';
import { clearChecksCutShort } from './verify';

/** What a start did to the store before opening it. */
export interface StartReport {
  /** The restore staged for this start, applied or not and why; null when none was staged. */
  restore: RestoreOutcome | null;
  /** The backup taken because the store was about to be upgraded. */
  upgradeBackup: { name: string; from: number } | null;
}

/**
 * Runs with the folder locked and before the store is opened (store-folder.ts `prepare`): clears what full
 * checks of backups cut short left (verify.ts), applies a staged restore (restore.ts), then backs the store up if this release is about to upgrade its schema. Reading
 * the version needs no Dexie: indexeddbshim's catalogue says it (sqlite-files.ts).
 *
 * A before-upgrade backup that fails stops the start: the upgrade cannot be undone, and the person is
 * better served by an error they can act on (free some space) than by an upgrade with no way back.
 */
export async function prepareStore(
  paths: BackupPaths,
  options: { databaseName: string; now: Date },
): Promise<StartReport> {
  clearChecksCutShort(paths.backupsDir);
  const restore = await applyStagedRestore(paths, options);
  const stored = storedSchemaVersion(paths.dbDir, options.databaseName);
  if (stored === null || stored >= SCHEMA_VERSION) return { restore, upgradeBackup: null };
  const made = await makeBackup(paths, {
    reason: 'before-upgrade',
    databaseName: options.databaseName,
    now: options.now,
  });
  if (!made.good) {
    throw new Error(
      `The store must be upgraded from version ${stored}, and the backup taken first failed its check (${made.problem}); it was not upgraded.`,
    );
  }
  return { restore, upgradeBackup: { name: made.name, from: stored } };
}
