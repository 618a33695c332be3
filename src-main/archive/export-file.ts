import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportArchive } from '../../src-shared/archive/export';
import type { Manifest } from '../../src-shared/archive/archive-schema';
import { DATABASE_NAME, openDatabase } from '../../src-shared/store/db';
import { sqliteIdb } from '../store/sqlite-idb';
import { fileSink } from './file-sink';
import { zipCodec } from './zip-codec';
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
 * is of one moment and never waits on the host's lock. This process keeps its databases in the copy's
 * folder (sqlite-idb.ts): one export per process.
 */
export async function exportDataFolder(options: ExportFileOptions): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-export-'));
  try {
    const copy = await snapshotStore(options.dataDir, path.join(work, 'db'));
    return await writeArchiveFile(copy, options.out, {
      databaseName: options.databaseName ?? DATABASE_NAME,
      now: options.now,
      origin: options.origin ?? null,
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The archive of the store copied into `folder`, written to `out`: it appears there whole or not at all
 * (written beside it, then renamed), so a failure part way leaves no file that looks like an archive.
 */
export async function writeArchiveFile(
  folder: string,
  out: string,
  options: { databaseName: string; now: number; origin: string | null },
): Promise<Manifest> {
  const partial = `${out}.partial`;
  const db = openDatabase(sqliteIdb(folder), options.databaseName);
  try {
    await db.open();
    const file = fileSink(partial);
    let manifest: Manifest;
    try {
      manifest = await exportArchive(db, {
        sink: file.sink,
        codec: zipCodec,
        now: options.now,
        origin: options.origin,
      });
    } finally {
      await file.close();
    }
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    db.close();
    fs.rmSync(partial, { force: true });
  }
}
