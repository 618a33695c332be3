import type { Service } from '../../src-shared/service/index';
import type { BackupPaths } from '../host/backups/layout';
import { withArchiveExport } from './export-route';
import { withArchiveRestore } from './restore-route';

/**
 * The service with the archive's two routes, as both hosts serve it: `GET`/`POST /api/instance/export` and
 * `POST /api/instance/restore` (the `export` and `restore_archive` extensions; the service it wraps is made
 * with `exportsArchive: true`, so that `/api/about` names them).
 */
export function withArchiveRoutes(
  service: Service,
  options: { dataDir: string; databaseName?: string; paths: BackupPaths; now: () => number; restart: 'app' | 'host'; onUnexpectedError?: (error: unknown) => void },
): Service {
  const exporting = withArchiveExport(service, {
    dataDir: options.dataDir,
    now: options.now,
    ...(options.databaseName ? { databaseName: options.databaseName } : {}),
    ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {}),
  });
  return withArchiveRestore(exporting, {
    paths: options.paths,
    now: options.now,
    restart: options.restart,
    ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {}),
  });
}
