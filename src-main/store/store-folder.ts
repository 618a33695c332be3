import fs from 'node:fs';
import path from 'node:path';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { DATABASE_NAME, openDatabase, type PublishingDb } from '../../src-shared/store/db';
import { lockStore, type HeldLock } from './folder-lock';
import { refuseLegacyStore } from './legacy-store';
import { closeSqliteIdb, sqliteIdb } from './sqlite-idb';

export interface OpenedStore {
  db: PublishingDb;
  /** True when this opening created the owner account: the folder held no instance yet. */
  created: boolean;
  /** Closes the store and releases the folder; a second call does nothing. */
  close: () => void;
}

/**
 * The store of a data folder, as the headless host and the desktop app both lay it out: the folder private
 * (it holds unpublished drafts and token hashes), a lock file so one program at a time uses it, the
 * database in `db/`, and the owner account there. When anything fails on the way the store is closed and
 * the folder released again.
 */
export async function openStoreFolder(options: {
  dataDir: string;
  databaseName?: string | undefined;
  token: string;
  password?: string | undefined;
  /** Unix milliseconds, for the owner account made on first opening. */
  now: number;
  /** Takes the lock; the desktop app words its refusal for a person (default: lockStore). */
  lock?: ((lockPath: string) => HeldLock) | undefined;
  /**
   * Work on the closed store with the folder locked, before it is opened: a staged restore, a backup before
   * a schema upgrade (backups/at-start.ts), and the conversion of a store the release before wrote, which
   * must be done by then.
   */
  prepare?: () => Promise<void>;
}): Promise<OpenedStore> {
  keepPrivate(options.dataDir);
  const lock = (options.lock ?? lockStore)(path.join(options.dataDir, `${options.databaseName ?? DATABASE_NAME}.lock`));
  try {
    await options.prepare?.();
    // A store the release before wrote is converted in `prepare` (backups/convert-first.ts).
    refuseLegacyStore(path.join(options.dataDir, 'db'));
  } catch (error) {
    lock.release();
    throw error;
  }
  const dbDir = path.join(options.dataDir, 'db');
  const db = openDatabase(sqliteIdb(dbDir), options.databaseName);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    db.close();
    // The files too, before the lock: another program that takes the folder next finds each store whole in
    // its file, with no log of this process's writes beside it.
    closeSqliteIdb(dbDir);
    lock.release();
  };
  try {
    await db.open();
    const { created } = await ensureOwner(db, { token: options.token, password: options.password, now: options.now });
    return { db, created, close };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * The data folder and its database folder readable by their owner alone, and the files in them too: they
 * hold private posts, drafts and the password's hash. `mkdir`'s mode only applies to a folder it makes, so
 * a folder made by hand, or by a release before this one, is set right here on every opening.
 */
function keepPrivate(dataDir: string): void {
  const dbDir = path.join(dataDir, 'db');
  for (const folder of [dataDir, dbDir]) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.chmodSync(folder, 0o700);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isFile()) fs.chmodSync(path.join(folder, entry.name), 0o600);
    }
  }
}
