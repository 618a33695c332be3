import fs from 'node:fs';
import path from 'node:path';
import { isDatabaseFile } from '../store/indexeddb/database-shelf';
import { holdsLegacyStore } from '../store/legacy-store';
import { LEGACY_CATALOGUE_FILE, copyOnline, isStoreFile } from '../store/sqlite-files';
import { convertLegacyStore } from './convert-store';

/**
 * A consistent copy of a data folder's store while a host may be writing to it: each SQLite file of
 * `<data>/db/` (one per database, or indexeddbshim's files and catalogue) through SQLite's online backup API,
 * which copies a committed state even with a writer at work and its WAL not yet folded in. A plain file
 * copy could catch a database half way through a checkpoint. A store the release before wrote (indexeddbshim's
 * files) is converted in the copy (convert-store.ts), which is read with this release's engine; the folder
 * itself is left as it is. Answers the folder holding the copies.
 */
export async function snapshotStore(dataDir: string, into: string): Promise<string> {
  const source = path.join(dataDir, 'db');
  const files = fs.existsSync(source) ? fs.readdirSync(source).filter(isStoreFile) : [];
  if (!files.some((name) => isDatabaseFile(name) || name === LEGACY_CATALOGUE_FILE))
    throw new Error(`${dataDir} holds no instance (no database in ${source})`);
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  // The backups' online copy: one read transaction over every file, so the databases are of one moment, and steps of bounded size, so a host writing meanwhile is neither stalled nor restarts it.
  await copyOnline(
    files.map((name) => path.join(source, name)),
    into,
  );
  if (holdsLegacyStore(into)) await convertLegacyStore(into);
  return into;
}
