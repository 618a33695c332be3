/**
 * Builds a store from an archive (build-store.ts buildStore) in a worker thread: a worker has its own
 * modules, so its indexeddbshim keeps the new store's folder while the host's keeps the live one. Its
 * caller ends it once it has answered, which closes the new store's files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportReport } from '../../src-shared/archive/import';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { buildStore, type BuildOptions } from './build-store';

export type BuildWorkerData = BuildOptions;
export type BuildWorkerMessage = { report: ImportReport } | { error: string; archiveError: boolean };

const port = parentPort;
if (!port) throw new Error('build-worker.ts runs as a worker thread');
try {
  const report = await buildStore(workerData as BuildWorkerData);
  port.postMessage({ report } satisfies BuildWorkerMessage);
} catch (error) {
  port.postMessage({ error: (error as Error).message, archiveError: error instanceof ArchiveError } satisfies BuildWorkerMessage);
}
