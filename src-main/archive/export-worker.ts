/**
 * Makes an archive (src-shared/archive/export.ts) in a worker thread, from a copy of the store: a worker has
 * its own modules, so its indexeddbshim keeps its databases in the copy's folder while the host's keeps the
 * live one (sqlite-idb.ts allows one folder per module instance). Each chunk is posted to the host, which
 * answers `next` once it has sent it on: the worker never runs ahead of the download.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Draft } from '../../src-shared/api/draft';
import { exportArchive } from '../../src-shared/archive/export';
import { openDatabase } from '../../src-shared/store/db';
import { sqliteIdb } from '../host/sqlite-idb';

export interface ExportWorkerData {
  folder: string;
  databaseName: string;
  now: number;
  origin: string | null;
  /** The page's drafts, sent with the request; none for an archive of the store alone. */
  drafts?: Draft[];
}

export type ExportWorkerMessage = { chunk: Uint8Array } | { done: true } | { error: string };

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');
const data = workerData as ExportWorkerData;
const next = () => new Promise<void>((resolve) => port.once('message', () => resolve()));

const db = openDatabase(sqliteIdb(data.folder), data.databaseName);
try {
  await db.open();
  await exportArchive(db, {
    now: data.now,
    origin: data.origin,
    ...(data.drafts ? { drafts: data.drafts } : {}),
    sink: async (chunk) => {
      port.postMessage({ chunk } satisfies ExportWorkerMessage, [chunk.buffer as ArrayBuffer]);
      await next();
    },
  });
  port.postMessage({ done: true } satisfies ExportWorkerMessage);
} catch (error) {
  port.postMessage({ error: (error as Error).message } satisfies ExportWorkerMessage);
} finally {
  db.close();
}
