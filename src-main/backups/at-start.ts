import type { RestoreOutcome } from '../../src-shared/api/backups';
import { SCHEMA_VERSION } from '../../src-shared/store/db';
import { convertWithBackupFirst, type Conversion } from './convert-first';
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
  /** The conversion of a store the release before wrote, with the backup made first; absent when none was needed. */
  conversion?: Conversion | undefined;
}

/**
 * Runs with the folder locked and before the store is opened (store-folder.ts `prepare`): clears what full
 * checks of backups cut short left (verify.ts), converts a store
 * the release before wrote (convert-first.ts, with its backup), applies a staged restore (restore.ts) and
 * converts what it put back if that was a backup of the release before (the backup restored is its copy),
 * then backs the store up if this release is about to upgrade its schema. Reading the version needs no
 * Dexie: the store's files say it (sqlite-files.ts). The conversion comes before the restore because a
 * restore reads the store it replaces (the owner's credentials, restore.ts) with this release's engine.
 *
 * A before-upgrade backup that fails stops the start: the upgrade cannot be undone, and the person is
 * better served by an error they can act on (free some space) than by an upgrade with no way back.
 */
export async function prepareStore(
  paths: BackupPaths,
  options: { databaseName: string; now: Date; log?: ((text: string) => void) | undefined },
): Promise<StartReport> {
  clearChecksCutShort(paths.backupsDir);
  let conversion = await convertWithBackupFirst(paths, options);
  const restore = await applyStagedRestore(paths, options);
  // What a restore put back is a copy of that backup: it is the backup of the store it converts.
  if (restore?.applied)
    conversion = (await convertWithBackupFirst(paths, { ...options, backup: restore.backup })) ?? conversion;
  const stored = storedSchemaVersion(paths.dbDir, options.databaseName);
  if (stored === null || stored >= SCHEMA_VERSION) return { restore, upgradeBackup: null, conversion };
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
  return { restore, upgradeBackup: { name: made.name, from: stored }, conversion };
}
