/**
 * Copies a store indexeddbshim wrote into this engine's files (legacy-copy.ts) in a worker thread: a worker
 * has its own modules, so its indexeddbshim keeps the old folder whatever the host's modules hold.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { copyLegacyDatabases, type CopyProgress } from './legacy-copy';

export interface ConvertWorkerData {
  /** The folder of indexeddbshim's files. */
  sourceDir: string;
  /** Where the engine's files are made, apart from the live ones until the copy is whole. */
  targetDir: string;
}

export type ConvertWorkerMessage =
  { progress: CopyProgress } | { done: { databases: string[]; shimFiles: string[] } } | { error: string };

const port = parentPort;
if (!port) throw new Error('convert-worker.ts runs as a worker thread');
const data = workerData as ConvertWorkerData;
try {
  const copied = await copyLegacyDatabases(data.sourceDir, data.targetDir, (progress) =>
    port.postMessage({ progress } satisfies ConvertWorkerMessage),
  );
  port.postMessage({ done: copied } satisfies ConvertWorkerMessage);
} catch (error) {
  port.postMessage({ error: (error as Error).message } satisfies ConvertWorkerMessage);
}
