import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportArchive } from '../../src-shared/archive/export';
import type { Manifest } from '../../src-shared/archive/archive-schema';
import { DATABASE_NAME, openDatabase } from '../../src-shared/store/db';
import { sqliteIdb } from '../host/sqlite-idb';
import { fileSink } from './file-sink';
import { snapshotStore } from './snapshot';

export interface ExportFileOptions {
  dataDir: string;
  out: string;
  /** Unix seconds. */
  now: number;
  databaseName?: string;
  origin?: string | null;
}

/**
 * The archive of the instance in `dataDir`, written to `out`, while a host may be serving that folder: the
 * store is copied first (snapshot.ts) and the archive read from the copy, in this process, so the export
 * is of one moment and never waits on the host's lock. The archive appears at `out` whole or not at all
 * (written beside it, then renamed). This process keeps its databases in the copy's folder (sqlite-idb.ts):
 * one export per process.
 */
export async function exportDataFolder(options: ExportFileOptions): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-export-'));
  const partial = `${options.out}.partial`;
  try {
    const copy = await snapshotStore(options.dataDir, path.join(work, 'db'));
    const db = openDatabase(sqliteIdb(copy), options.databaseName ?? DATABASE_NAME);
    try {
      await db.open();
      const file = fileSink(partial);
      let manifest: Manifest;
      try {
        manifest = await exportArchive(db, { sink: file.sink, now: options.now, origin: options.origin ?? null });
      } finally {
        await file.close();
      }
      fs.renameSync(partial, options.out);
      return manifest;
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}
