import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { PASS_CACHE_KIB } from '../store/sqlite-files';

/**
 * SQLite's integrity check of a file, off the event loop: it reads every page and index and takes about
 * 2.5 ms per MB (measured: 66 ms for a 28 MB store), which on the host's thread would hold up every request
 * for seconds on a large store. A worker thread runs it on a connection of its own.
 *
 * The worker is plain JavaScript given as text, so it needs no loader (the headless host runs TypeScript
 * through tsx, the desktop app is bundled): it only loads better-sqlite3, found where this module finds it.
 * Where a worker cannot start, the check runs here instead: slower for the host, never skipped.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('cache_size = -' + workerData.cacheKib);
  parentPort.postMessage(String(db.pragma('integrity_check(1)', { simple: true })));
} catch (error) {
  parentPort.postMessage(error instanceof Error ? error.message : String(error));
} finally {
  if (db) db.close();
}
`;

/** "ok", or SQLite's first complaint, or why the file could not be checked. */
export async function integrityOf(file: string): Promise<string> {
  let driver: string;
  try {
    driver = createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return integrityHere(file);
  }
  return new Promise<string>((resolve) => {
    let answered = false;
    // The worker runs one statement: a small heap of its own keeps it from adding much to the host's memory.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file, cacheKib: PASS_CACHE_KIB },
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    worker.once('message', (verdict: unknown) => {
      answered = true;
      resolve(typeof verdict === 'string' ? verdict : 'no answer');
    });
    // A worker that could not load the driver says nothing about the file: the check is made here instead.
    worker.once('error', () => undefined);
    worker.once('exit', () => {
      if (!answered) resolve(integrityHere(file));
    });
  });
}

function integrityHere(file: string): string {
  let connection: Database.Database | null = null;
  try {
    connection = new Database(file, { readonly: true, fileMustExist: true });
    connection.pragma(`cache_size = -${PASS_CACHE_KIB}`);
    const verdict: unknown = connection.pragma('integrity_check(1)', { simple: true });
    return typeof verdict === 'string' ? verdict : 'no answer';
  } catch (error) {
    return messageOf(error);
  } finally {
    connection?.close();
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
