import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CheckedArchive } from '../../src-shared/archive/archive-check';
import { importArchive, type ImportReport } from '../../src-shared/archive/import';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { Dexie } from 'dexie';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import type { AccountRow, TokenRow } from '../../src-shared/store/rows';
import { openDatabase } from '../../src-shared/store/db';
import { isStoreFile } from '../store/sqlite-files';
import { sqliteIdb } from '../store/sqlite-idb';
import type { BuildWorkerData, BuildWorkerMessage } from './build-worker';
import { CHECK_HEAP_MB } from './check-file';
import { firstAnswer, startTsWorker } from './ts-worker';
import { tryStart } from './trial-start';
import { openZipArchive } from './zip-reader';
import { rendererBeside } from './render-beside';

export interface BuildOptions {
  /** A folder that is made afresh: whatever is in it is removed first. */
  folder: string;
  archive: string;
  databaseName: string;
  /** The data folder's owner token: the new store's owner account takes it, as a new folder's does. */
  token: string;
  /** Unix milliseconds, for the owner account made first. */
  now: number;
  /** The password and tokens of the store being replaced (readOwnerCredentials), carried to the new owner. */
  owner?: OwnerCredentials | null;
  /** The archive's check just made (check-file.ts): not made again when the file is unchanged (import.ts). */
  checked?: CheckedArchive | undefined;
}

/** What signs in to a store's owner account: its password's hash and its tokens (hashes too). */
export interface OwnerCredentials {
  passHash: string | null;
  tokens: TokenRow[];
}

/**
 * A new store in `folder` holding what the archive holds: a new folder's owner account first (store/bootstrap.ts),
 * then the archive imported into it (src-shared/archive/import.ts, which moves the owner token to the archive's
 * owner account), then started once as a host would start it (trial-start.ts). Runs in a worker thread in a host, beside the live store.
 */
export async function buildStore(options: BuildOptions): Promise<ImportReport> {
  fs.rmSync(options.folder, { recursive: true, force: true });
  fs.mkdirSync(options.folder, { recursive: true, mode: 0o700 });
  const archive = openZipArchive(options.archive);
  let report: ImportReport;
  try {
    // The store is of no use until it is complete and put in place, and a failed or killed build is
    // thrown away (backups/restore.ts): its transactions need not wait for the disk.
    const db = openDatabase(sqliteIdb(options.folder, { durable: false }), options.databaseName);
    try {
      await db.open();
      const { accountGuid } = await ensureOwner(db, { token: options.token, now: options.now });
      const owner = options.owner;
      // As a folder's own password and tokens stay when an archive is imported into it (import.ts adoptOwner).
      if (owner) {
        await db.transaction('rw', [db.accounts, db.tokens], async () => {
          await db.accounts.update(accountGuid, { passHash: owner.passHash });
          await db.tokens.bulkPut(owner.tokens.map((token) => ({ ...token, accountGuid })));
        });
      }
      // Posts are rendered in a thread beside this one while the batch before is written.
      const renderer = rendererBeside();
      try {
        report = await importArchive(db, archive, { checked: options.checked, render: renderer.render });
      } finally {
        await renderer.close();
      }
    } finally {
      db.close();
    }
  } finally {
    archive.close();
  }
  await tryStart(options.folder, { databaseName: options.databaseName, now: options.now });
  return report;
}

/**
 * The owner's password and tokens in the store in `folder`, read as they are stored (Dexie without a schema:
 * an older store is read, not upgraded); null when the folder holds no such store. In the worker too.
 */
export async function readOwnerCredentials(folder: string, databaseName: string): Promise<OwnerCredentials | null> {
  if (!holdsStore(folder)) return null;
  const { indexedDB, IDBKeyRange } = sqliteIdb(folder);
  const db = new Dexie(databaseName, { indexedDB, IDBKeyRange });
  try {
    try {
      await db.open();
    } catch (error) {
      if ((error as Error).name === Dexie.errnames.NoSuchDatabase) return null;
      throw error;
    }
    const owner = (await db.table('accounts').orderBy('name').first()) as AccountRow | undefined;
    if (!owner) return null;
    const tokens = (await db.table('tokens').where('accountGuid').equals(owner.guid).toArray()) as TokenRow[];
    return { passHash: owner.passHash, tokens };
  } finally {
    db.close();
  }
}

const WORKER = new URL('./build-worker.ts', import.meta.url);

/**
 * buildStore in a worker thread, whose engine is its own (the host's keeps `<data>/db`). Once the
 * worker has ended, each file is taken out of WAL mode: the folder then holds one self-contained SQLite
 * file per database, as a backup's does, ready to be put in place.
 */
export async function buildStoreInWorker(options: BuildOptions): Promise<ImportReport> {
  const answer = await inWorker({ task: 'build', options });
  if (!('report' in answer)) throw new Error('the worker gave no report');
  leaveWal(options.folder);
  return answer.report;
}

const holdsStore = (folder: string): boolean => fs.existsSync(folder) && fs.readdirSync(folder).some(isStoreFile);

/**
 * readOwnerCredentials in a worker thread, whose engine is its own; none without one when the folder holds
 * no store (an import into a new folder), which is all the worker would find.
 */
export async function readOwnerCredentialsInWorker(
  folder: string,
  databaseName: string,
): Promise<OwnerCredentials | null> {
  if (!holdsStore(folder)) return null;
  const answer = await inWorker({ task: 'credentials', folder, databaseName });
  if (!('credentials' in answer)) throw new Error('the worker gave no credentials');
  return answer.credentials;
}

async function inWorker(data: BuildWorkerData): Promise<Exclude<BuildWorkerMessage, { error: string }>> {
  let said: BuildWorkerMessage;
  try {
    // A build checks the archive before it writes (import.ts), in this heap too.
    said = await firstAnswer<BuildWorkerMessage>(startTsWorker(WORKER, { workerData: data, heapMb: CHECK_HEAP_MB }));
  } catch (error) {
    throw new Error(`the store could not be built: ${(error as Error).message}`, { cause: error });
  }
  if ('error' in said) throw said.archiveError ? new ArchiveError(said.error) : new Error(said.error);
  return said;
}

function leaveWal(folder: string): void {
  for (const file of fs.readdirSync(folder).filter(isStoreFile)) {
    const connection = new Database(path.join(folder, file), { fileMustExist: true });
    try {
      connection.pragma('journal_mode = DELETE');
    } finally {
      connection.close();
    }
  }
}
