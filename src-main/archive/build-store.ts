import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { importArchive, type ImportReport } from '../../src-shared/archive/import';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { openDatabase } from '../../src-shared/store/db';
import { isStoreFile } from '../host/backups/layout';
import { sqliteIdb } from '../host/sqlite-idb';
import type { BuildWorkerData, BuildWorkerMessage } from './build-worker';
import { startTsWorker } from './ts-worker';
import { openZipArchive } from './zip-reader';

export interface BuildOptions {
  /** A folder that is made afresh: whatever is in it is removed first. */
  folder: string;
  archive: string;
  databaseName: string;
  /** The data folder's owner token: the new store's owner account takes it, as a new folder's does. */
  token: string;
  /** Unix milliseconds, for the owner account made first. */
  now: number;
}

/**
 * A new store in `folder` holding what the archive holds: a new folder's owner account first (store/bootstrap.ts),
 * then the archive imported into it (src-shared/archive/import.ts, which moves the owner token to the archive's
 * owner account). Runs in the thread whose indexeddbshim may take `folder` (sqlite-idb.ts): a worker's, in a host.
 */
export async function buildStore(options: BuildOptions): Promise<ImportReport> {
  fs.rmSync(options.folder, { recursive: true, force: true });
  fs.mkdirSync(options.folder, { recursive: true, mode: 0o700 });
  const archive = openZipArchive(options.archive);
  try {
    const db = openDatabase(sqliteIdb(options.folder), options.databaseName);
    try {
      await db.open();
      await ensureOwner(db, { token: options.token, now: options.now });
      return await importArchive(db, archive);
    } finally {
      db.close();
    }
  } finally {
    archive.close();
  }
}

const WORKER = new URL('./build-worker.ts', import.meta.url);
const WORKER_HEAP_MB = 128;

/**
 * buildStore in a worker thread, whose indexeddbshim is its own (the host's keeps `<data>/db`). Once the
 * worker has ended, each file is taken out of WAL mode: the folder then holds one self-contained SQLite
 * file per database, as a backup's does, ready to be put in place.
 */
export async function buildStoreInWorker(options: BuildOptions): Promise<ImportReport> {
  const worker = startTsWorker(WORKER, { workerData: options satisfies BuildWorkerData, heapMb: WORKER_HEAP_MB });
  // Filled in by the worker's events; TypeScript cannot see callbacks assign them, hence one object.
  const heard: { answer: BuildWorkerMessage | null; failure: Error | null } = { answer: null, failure: null };
  worker.on('message', (message: BuildWorkerMessage) => {
    heard.answer = message;
    // Ending the worker closes the connections its indexeddbshim keeps open.
    void worker.terminate();
  });
  worker.on('error', (error: Error) => {
    heard.failure = error;
  });
  await new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const said = heard.answer;
  if (said === null) throw new Error(`the store could not be built: ${heard.failure?.message ?? 'its worker ended without an answer'}`);
  if ('error' in said) throw said.archiveError ? new ArchiveError(said.error) : new Error(said.error);
  leaveWal(options.folder);
  return said.report;
}

function leaveWal(folder: string): void {
  for (const file of fs.readdirSync(folder).filter(isStoreFile)) {
    const connection = new Database(path.join(folder, file), { fileMustExist: true });
    try {
      connection.pragma('journal_mode = DELETE');
    } finally {
      connection.close();
    }
    fs.chmodSync(path.join(folder, file), 0o600);
  }
}
