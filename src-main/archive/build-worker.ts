/**
 * Checks an archive (check-file.ts), builds a store from one (build-store.ts buildStore), or reads the owner's
 * credentials of the store it replaces (readOwnerCredentials), in a worker thread: a worker has its own
 * modules, so its engine keeps the new store's folder while the host's keeps the live one. Its
 * caller ends it once it has answered, which closes the new store's files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportReport } from '../../src-shared/archive/import';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import type { CheckedArchive } from '../../src-shared/archive/archive-check';
import { buildStore, readOwnerCredentials, type BuildOptions, type OwnerCredentials } from './build-store';
import { checkArchiveHere } from './check-file';

export type BuildWorkerData =
  | { task: 'check'; archive: string }
  | { task: 'build'; options: BuildOptions }
  | { task: 'credentials'; folder: string; databaseName: string };
export type BuildWorkerMessage =
  | { checked: CheckedArchive }
  | { report: ImportReport }
  | { credentials: OwnerCredentials | null }
  | { error: string; archiveError: boolean };

const port = parentPort;
if (!port) throw new Error('build-worker.ts runs as a worker thread');
const data = workerData as BuildWorkerData;
try {
  if (data.task === 'check')
    port.postMessage({ checked: await checkArchiveHere(data.archive) } satisfies BuildWorkerMessage);
  else if (data.task === 'build')
    port.postMessage({ report: await buildStore(data.options) } satisfies BuildWorkerMessage);
  else
    port.postMessage({
      credentials: await readOwnerCredentials(data.folder, data.databaseName),
    } satisfies BuildWorkerMessage);
} catch (error) {
  port.postMessage({
    error: (error as Error).message,
    archiveError: error instanceof ArchiveError,
  } satisfies BuildWorkerMessage);
}
