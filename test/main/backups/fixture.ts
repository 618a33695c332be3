import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import type { BackupReason } from '../../../src-shared/api/backups';
import { SOFTWARE } from '../../../src-shared/api/software';
import { assembleFiles } from '../../../src-main/backups/assemble';
import { chunkFile, storedChunks } from '../../../src-main/backups/chunks';
import { chunksDirOf, nameFor, type BackupPaths } from '../../../src-main/backups/layout';
import { readManifest, writeManifest } from '../../../src-main/backups/manifest';
import { sha256Of } from '../../../src-main/backups/verify';
import { copyOnline, isStoreFile, storedSchemaVersion } from '../../../src-main/store/sqlite-files';
import { createService } from '../../../src-shared/service';
import { decodeValue } from '../../../src-main/store/indexeddb/value-codec';
import { dictionariesIn } from '../../../src-main/store/indexeddb/value-dictionaries';
import { storeFileOf } from '../../../src-main/store/sqlite-files';
import { openStoreFolder } from '../../../src-main/store/store-folder';
import { tempDir } from '../host-helpers';

export const TOKEN = 'backup-test-owner-token-0123456789';

/**
 * A data folder holding a real store (the SQLite backend) with `posts` notes, written once per test file:
 * tests copy it with `copyOf` and work on the copies, which are closed stores like any a host has not opened
 * yet.
 */
let template: { dataDir: string; guids: string[] } | null = null;

export async function storeWithPosts(posts: number): Promise<{ dataDir: string; guids: string[] }> {
  if (template) return template;
  const dataDir = tempDir('backups-template');
  template = { dataDir, guids: await writeNotes(dataDir, posts) };
  return template;
}

/** Writes `count` notes through the service into the store of `dataDir` (made if need be), then closes it. */
export async function writeNotes(dataDir: string, count: number): Promise<string[]> {
  const store = await openStoreFolder({ dataDir, token: TOKEN, now: Date.now() });
  const service = createService({ db: store.db });
  const guids: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const response = await service(
        new Request('http://desk.test/api/posts/write', {
          method: 'POST',
          headers: { authorization: TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `Note ${i}`, post_type: 'post.note' }),
        }),
      );
      const body = (await response.json()) as { data: Array<{ guid: string }> };
      guids.push(body.data[0]?.guid ?? '');
    }
  } finally {
    store.close();
  }
  return guids;
}

/** A data folder of its own holding a copy of `dataDir`'s closed store. */
export function copyOf(dataDir: string): string {
  const copy = tempDir('backups');
  fs.cpSync(path.join(dataDir, 'db'), path.join(copy, 'db'), { recursive: true });
  return copy;
}

/** The file of the store's database in a data folder's db/ and in a backup. */
export const STORE_FILE = storeFileOf('publishing');

/** A table's id in the engine's catalogue, which keeps names as JSON strings (sqlite-file.ts). */
const TABLE_ID = '(SELECT id FROM object_stores WHERE name = ?)';
const tableName = (table: string) => JSON.stringify(table);

/** How many posts a store's database file holds, read straight from SQLite. */
export function postsIn(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare(`SELECT count(*) AS n FROM records WHERE store = ${TABLE_ID}`).get(tableName('posts')) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

/** The rows of a table of a store's database file, read straight from SQLite. */
export function rowsIn(file: string, table: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const values = db
      .prepare(`SELECT value FROM records WHERE store = ${TABLE_ID}`)
      .pluck()
      .all(tableName(table)) as Buffer[];
    const dictionaries = dictionariesIn(db);
    return values.map((value) => decodeValue(value, dictionaries) as Record<string, unknown>);
  } finally {
    db.close();
  }
}

/** Overwrites bytes in the middle of a file, keeping its size: damage a size check cannot see. */
export function damageBytes(file: string): void {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size / 2));
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes all but the first `left` posts of a closed store, straight in SQLite: a store that changed since a backup. */
export function keepFirstPosts(dataDir: string, left: number): void {
  const db = new Database(path.join(dataDir, 'db', STORE_FILE), { fileMustExist: true });
  try {
    db.prepare(
      `DELETE FROM records WHERE store = ${TABLE_ID} AND key NOT IN ` +
        `(SELECT key FROM records WHERE store = ${TABLE_ID} ORDER BY key LIMIT ?)`,
    ).run(tableName('posts'), tableName('posts'), left);
  } finally {
    db.close();
  }
}

/**
 * A backup made as releases before chunked backups made them (manifest format 1): a full copy of each
 * SQLite file in the backup's folder, beside a manifest of their sizes and hashes.
 */
export async function makeFullCopyBackup(
  paths: BackupPaths,
  options: { reason: BackupReason; databaseName: string; now: Date },
): Promise<string> {
  const name = nameFor(options.now, options.reason);
  const folder = path.join(paths.backupsDir, name);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const sources = fs.readdirSync(paths.dbDir).filter(isStoreFile).sort();
  await copyOnline(
    sources.map((file) => path.join(paths.dbDir, file)),
    folder,
  );
  const files = [];
  for (const file of sources) {
    const stat = fs.statSync(path.join(folder, file));
    files.push({
      name: file,
      size: stat.size,
      sha256: await sha256Of(path.join(folder, file)),
      mtime_ms: stat.mtimeMs,
    });
  }
  writeManifest(folder, {
    format: 1,
    made_at: options.now.toISOString(),
    reason: options.reason,
    schema_version: storedSchemaVersion(folder, options.databaseName),
    app_version: SOFTWARE.version,
    files,
  });
  return name;
}

/** The manifest of a backup, which the test expects to read. */
function manifestOf(backupsDir: string, name: string) {
  const read = readManifest(path.join(backupsDir, name));
  if ('problem' in read) throw new Error(read.problem);
  return read.manifest;
}

/** One file of a backup as a restore would have it: a chunked backup's put back together in a folder of its own. */
export async function fileOfBackup(backupsDir: string, name: string, file: string): Promise<string> {
  const manifest = manifestOf(backupsDir, name);
  if (manifest.format === 1) return path.join(backupsDir, name, file);
  const into = tempDir('backup-files');
  await assembleFiles(manifest, chunksDirOf(backupsDir), into);
  return path.join(into, file);
}

/** The chunks a chunked backup names for one of its files, in order. */
export function chunksOf(backupsDir: string, name: string, file: string): string[] {
  const manifest = manifestOf(backupsDir, name);
  if (manifest.format !== 2) throw new Error(`${name} is not a chunked backup`);
  return manifest.files.find((entry) => entry.name === file)?.chunks ?? [];
}

/**
 * Changes bytes of the middle chunk of a file of a chunked backup and stores it compressed again: a chunk
 * that unpacks well but no longer holds what its name says. Answers the chunk's hash.
 */
export function damageChunk(backupsDir: string, name: string, file: string): string {
  const chunks = chunksOf(backupsDir, name, file);
  const hash = chunks[Math.floor(chunks.length / 2)] ?? '';
  const at = chunkFile(chunksDirOf(backupsDir), hash);
  const bytes = zlib.zstdDecompressSync(fs.readFileSync(at));
  bytes.fill(0x5a, 0, Math.min(4096, bytes.length));
  fs.writeFileSync(at, zlib.zstdCompressSync(bytes));
  return hash;
}

/** Every chunk stored in a backups folder, by hash. */
export const chunksIn = (backupsDir: string): string[] => [...storedChunks(chunksDirOf(backupsDir))];
