import fs from 'node:fs';
import path from 'node:path';
import { LEGACY_CATALOGUE_FILE } from './sqlite-files';

/**
 * Where a conversion of a store the release before wrote (archive/convert-store.ts) makes this engine's
 * files: inside `db/` but apart from the live ones, so no host opens them, no backup copies them (backups
 * take the `.sqlite` files of `db/` itself), and a restore, which replaces `db/` whole, takes a half-made
 * conversion away with the store it was made from.
 */
export const CONVERTING_DIR = '.converting';

/** Whether `dbDir` holds a store indexeddbshim wrote (its catalogue), still to be converted. */
export const holdsLegacyStore = (dbDir: string): boolean => fs.existsSync(path.join(dbDir, LEGACY_CATALOGUE_FILE));

/** Refuses to open a store the release before wrote: this engine would start an empty one beside it. */
export function refuseLegacyStore(dbDir: string): void {
  if (holdsLegacyStore(dbDir))
    throw new Error(
      `the store in ${dbDir} was written by an earlier release and must be converted before it is opened`,
    );
}
