import fs from 'node:fs';
import { checkArchive } from '../../src-shared/archive/archive-check';
import { importArchive, type ImportReport } from '../../src-shared/archive/import';
import { openStoreFolder } from '../host/store-folder';
import { resolveOwnerToken } from '../host/owner-token';
import { openZipArchive } from './zip-reader';

export interface ImportFileOptions {
  dataDir: string;
  archive: string;
  dryRun?: boolean;
  /** Unix milliseconds, for the owner account of a new folder. */
  now: number;
  databaseName?: string;
}

/**
 * Restores an archive into the instance of `dataDir`, new or empty, holding the folder's lock meanwhile: a
 * host running on the folder makes it refuse. A dry run on a folder that does not exist yet only checks the
 * archive, and makes no folder.
 */
export async function importDataFolder(options: ImportFileOptions): Promise<ImportReport> {
  const archive = openZipArchive(options.archive);
  try {
    if (options.dryRun && !fs.existsSync(options.dataDir)) {
      const manifest = await checkArchive(archive);
      return { manifest, counts: { ...manifest.counts }, dryRun: true };
    }
    const { token } = resolveOwnerToken(options.dataDir);
    const store = await openStoreFolder({ dataDir: options.dataDir, token, now: options.now, ...(options.databaseName ? { databaseName: options.databaseName } : {}) });
    try {
      return await importArchive(store.db, archive, { dryRun: options.dryRun === true });
    } finally {
      store.close();
    }
  } finally {
    archive.close();
  }
}
