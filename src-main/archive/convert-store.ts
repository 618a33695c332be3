import fs from 'node:fs';
import path from 'node:path';
import type { ConvertWorkerData, ConvertWorkerMessage } from '../store/convert-worker';
import { CONVERTING_DIR } from '../store/legacy-store';
import type { CopyProgress } from '../store/legacy-copy';
import { LEGACY_CATALOGUE_FILE, storeFileOf } from '../store/sqlite-files';
import { startTsWorker } from './ts-worker';

const WORKER = new URL('../store/convert-worker.ts', import.meta.url);
/** The worker holds one batch of records at a time, twice (as read, and as written). */
const WORKER_HEAP_MB = 512;

export interface Converted {
  databases: string[];
  records: number;
}

/**
 * Converts the store indexeddbshim wrote in `dbDir` to this engine's files, with no connection open on it:
 * a data folder's, locked and backed up first (backups/convert-first.ts), or a copy of one (snapshot.ts).
 * It is here, with the other work on stores done in worker threads (build-store.ts, export-route.ts).
 *
 * 1. A worker copies every database into CONVERTING_DIR (legacy-copy.ts), resuming a copy cut short.
 * 2. Each copy, whole, is moved into `db/`. Until then no file of the engine's in `db/` names the database:
 *    storedSchemaVersion and the host see the old store only.
 * 3. The shim's catalogue is removed: from then on the store is the engine's. A crash before this point
 *    converts again at the next start (a copy already moved is made again and moved over itself, the host
 *    having not opened it); a crash after it leaves only files of the shim's that nothing reads.
 * 4. The shim's database files and CONVERTING_DIR are removed. The backup made first keeps the old store.
 *
 * An aborted `signal` ends the worker at once, as a crash would: the next conversion resumes.
 */
export async function convertLegacyStore(
  dbDir: string,
  options: { onProgress?: (progress: CopyProgress) => void; signal?: AbortSignal | undefined } = {},
): Promise<Converted> {
  const targetDir = path.join(dbDir, CONVERTING_DIR);
  fs.mkdirSync(targetDir, { recursive: true, mode: 0o700 });
  const { databases, shimFiles, records } = await copyInWorker({ sourceDir: dbDir, targetDir }, options);
  for (const name of databases) {
    // Companions left beside a file of that name would be taken for the copy's: none is, nothing opens it.
    const suffixes = ['-wal', '-shm', ''];
    for (const suffix of suffixes) fs.rmSync(path.join(dbDir, storeFileOf(name) + suffix), { force: true });
    for (const suffix of suffixes.reverse()) {
      const from = path.join(targetDir, storeFileOf(name) + suffix);
      if (fs.existsSync(from)) fs.renameSync(from, path.join(dbDir, storeFileOf(name) + suffix));
    }
  }
  fs.rmSync(path.join(dbDir, LEGACY_CATALOGUE_FILE));
  for (const file of [LEGACY_CATALOGUE_FILE, ...shimFiles]) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(path.join(dbDir, file + suffix), { force: true });
  }
  fs.rmSync(targetDir, { recursive: true, force: true });
  return { databases, records };
}

async function copyInWorker(
  data: ConvertWorkerData,
  options: { onProgress?: (progress: CopyProgress) => void; signal?: AbortSignal | undefined },
): Promise<{ databases: string[]; shimFiles: string[]; records: number }> {
  options.signal?.throwIfAborted();
  const worker = startTsWorker(WORKER, { workerData: data, heapMb: WORKER_HEAP_MB });
  const heard: { answer: ConvertWorkerMessage | null; failure: Error | null; records: number } = {
    answer: null,
    failure: null,
    records: 0,
  };
  const stop = () => {
    heard.failure = new Error('the conversion was stopped');
    void worker.terminate();
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  worker.on('message', (message: ConvertWorkerMessage) => {
    if ('progress' in message) {
      heard.records = message.progress.copied;
      options.onProgress?.(message.progress);
      return;
    }
    heard.answer ??= message;
    void worker.terminate();
  });
  worker.on('error', (error: Error) => {
    heard.failure ??= error;
  });
  try {
    await new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  const { answer } = heard;
  if (answer && 'done' in answer) return { ...answer.done, records: heard.records };
  const reason = answer && 'error' in answer ? answer.error : (heard.failure?.message ?? 'its worker ended early');
  throw new Error(`the store could not be converted: ${reason}`);
}
