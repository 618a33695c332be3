import type { BackupPaths } from '../backups/layout';
import type { ArchiveHandlers } from '../../src-shared/service/index';
import { outsideTransaction } from '../../src-shared/service/router';
import { exportArchive } from '../archive/export-route';
import { restoreArchive } from '../backups/restore-route';

export interface ArchiveRoutesOptions {
  dataDir: string;
  databaseName?: string | undefined;
  paths: BackupPaths;
  now: () => number;
  restart: 'app' | 'host';
  /** Told why an archive could not be made (the answer says it too); hosts log it. */
  onUnexpectedError?: ((error: unknown) => void) | undefined;
  /** The largest upload, below the route's own bound; tests lower it. */
  uploadLimitBytes?: number | undefined;
}

/**
 * The handlers of the archive's routes (api/archive-routes.ts), as both hosts serve them: `GET`/`POST
 * /api/instance/export` and `POST /api/instance/restore`. They copy the store, run worker threads and write
 * files of the data folder, so they hold no store transaction.
 */
export function archiveHandlers(options: ArchiveRoutesOptions): ArchiveHandlers {
  const exporting = exportArchive({
    dataDir: options.dataDir,
    now: options.now,
    databaseName: options.databaseName,
    onUnexpectedError: options.onUnexpectedError,
  });
  const restoring = restoreArchive({
    paths: options.paths,
    now: options.now,
    restart: options.restart,
    limitBytes: options.uploadLimitBytes,
  });
  return {
    exportArchive: outsideTransaction(exporting.whole),
    restoreArchive: outsideTransaction(restoring),
  };
}
