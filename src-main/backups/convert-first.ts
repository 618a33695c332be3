import fs from 'node:fs';
import path from 'node:path';
import { convertLegacyStore } from '../archive/convert-store';
import { CONVERTING_DIR, holdsLegacyStore } from '../store/legacy-store';
import type { CopyProgress } from '../store/legacy-copy';
import { isBackupName, type BackupPaths } from './layout';
import { makeBackup } from './make';
import { checkQuickly } from './verify';

/** Written in the conversion's folder once its backup is made: a conversion resumed needs no second one. */
const BACKUP_NOTE = 'backup-made-first';

/** What converting a store of the release before did. */
export interface Conversion {
  /** The backup of the store as it was, made and checked before anything changed. */
  backup: string;
  databases: string[];
  records: number;
  ms: number;
}

/**
 * Converts the store indexeddbshim wrote (archive/convert-store.ts), with the folder locked and before the
 * store is opened; does nothing to a store of this engine. A verified backup of the old store comes first,
 * as before a schema upgrade (at-start.ts), and a backup that fails its check stops the start: the old
 * files go once the conversion is whole. A conversion cut short resumes at the next start, with the same
 * backup while it is still there and good. Progress is told in tens of percent.
 */
export async function convertWithBackupFirst(
  paths: BackupPaths,
  options: {
    databaseName: string;
    now: Date;
    log?: ((text: string) => void) | undefined;
    /** A backup that already holds this very store (the one a restore put back): none is made. */
    backup?: string | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<Conversion | undefined> {
  if (!holdsLegacyStore(paths.dbDir)) return undefined;
  const started = performance.now();
  const note = path.join(paths.dbDir, CONVERTING_DIR, BACKUP_NOTE);
  let backup = options.backup ?? (await backupStillGood(paths, note));
  if (backup === null) {
    const made = await makeBackup(paths, {
      reason: 'before-upgrade',
      databaseName: options.databaseName,
      now: options.now,
    });
    if (!made.good) {
      throw new Error(
        `The store must be converted to this release's format, and the backup taken first failed its check (${made.problem}); it was not converted.`,
      );
    }
    backup = made.name;
    fs.mkdirSync(path.dirname(note), { recursive: true, mode: 0o700 });
    fs.writeFileSync(note, `${backup}\n`, { mode: 0o600 });
  }
  options.log?.(`Converting the store to this release's format (backed up first as ${backup})`);
  let told = -1;
  const onProgress = ({ copied, total }: CopyProgress) => {
    const percent = total === 0 ? 100 : Math.floor((copied / total) * 100);
    if (Math.floor(percent / 10) === told) return;
    told = Math.floor(percent / 10);
    options.log?.(
      `Converting the store: ${percent}% (${copied.toLocaleString('en')} of ${total.toLocaleString('en')} records)`,
    );
  };
  const converted = await convertLegacyStore(paths.dbDir, { onProgress, signal: options.signal });
  const ms = Math.round(performance.now() - started);
  options.log?.(
    `Converted the store: ${converted.records.toLocaleString('en')} records in ${(ms / 1000).toFixed(1)} s`,
  );
  return { backup, ...converted, ms };
}

/** The backup a conversion cut short made, if it is still listed and passes the quick check. */
async function backupStillGood(paths: BackupPaths, note: string): Promise<string | null> {
  let name: string;
  try {
    name = fs.readFileSync(note, 'utf8').trim();
  } catch {
    return null;
  }
  if (!isBackupName(name)) return null;
  const folder = path.join(paths.backupsDir, name);
  return fs.existsSync(folder) && (await checkQuickly(folder)).good ? name : null;
}
