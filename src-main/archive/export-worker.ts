/**
 * Makes an archive (src-shared/archive/export.ts) in a worker thread, from a copy of the store, into a file:
 * a worker has its own modules and its own engine, which keeps its databases in the copy's folder while the
 * host's keeps the live one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeArchiveFile } from './export-file';

export interface ExportWorkerData {
  /** The copy of the store (snapshot.ts). */
  folder: string;
  databaseName: string;
  /** Where the archive goes, whole or not at all. */
  out: string;
  now: number;
  origin: string | null;
}

export type ExportWorkerMessage = { done: true } | { error: string };

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');
const data = workerData as ExportWorkerData;
try {
  await writeArchiveFile(data.folder, data.out, {
    databaseName: data.databaseName,
    now: data.now,
    origin: data.origin,
  });
  port.postMessage({ done: true } satisfies ExportWorkerMessage);
} catch (error) {
  port.postMessage({ error: (error as Error).message } satisfies ExportWorkerMessage);
}
