import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assembleFiles } from './assemble';
import { chunkProblem, storedChunks } from './chunks';
import { integrityOf } from './integrity';
import { CHECKING_PREFIX, chunksDirOf, DAMAGED_FILE } from './layout';
import { readManifest, type BackupManifest } from './manifest';
import { storedSchemaVersion } from '../store/sqlite-files';

export type Checked =
  { good: true; manifest: BackupManifest } | { good: false; problem: string; manifest?: BackupManifest };

/** The SHA-256 of a file, read in chunks without holding up the event loop. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The check made on every listing, cheap enough for that: the manifest reads and no damage was recorded.
 * For a chunked backup, every chunk it names is in the chunks folder (`stored`: read once for a listing of
 * many backups). For full copies, each file is there with its size, and a file written since the backup
 * was made (its modification time moved) still has its hash: a file changed in place keeps its size but not
 * its time, so bytes damaged on disk are caught here too; untouched files are not read.
 */
export async function checkQuickly(folder: string, stored?: ReadonlySet<string>): Promise<Checked> {
  const read = readManifest(folder);
  if ('problem' in read) return { good: false, problem: read.problem };
  const { manifest } = read;
  const damaged = recordedDamage(folder);
  if (damaged !== null) return { good: false, problem: damaged, manifest };
  if (manifest.format === 2) {
    const chunksDir = chunksDirOf(path.dirname(folder));
    const present = stored ?? storedChunks(chunksDir);
    for (const file of manifest.files) {
      for (const hash of file.chunks) {
        if (present.has(hash)) continue;
        const problem = chunkProblem(chunksDir, hash) ?? `chunk ${hash} is missing`;
        return { good: false, problem: `${file.name}: ${problem}`, manifest };
      }
    }
    return { good: true, manifest };
  }
  for (const file of manifest.files) {
    const at = path.join(folder, file.name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(at);
    } catch {
      return { good: false, problem: `${file.name} is missing`, manifest };
    }
    if (stat.size !== file.size)
      return { good: false, problem: `${file.name} has ${stat.size} bytes, not ${file.size}`, manifest };
    if (stat.mtimeMs !== file.mtime_ms && (await sha256Of(at)) !== file.sha256) {
      return { good: false, problem: `${file.name} changed after the backup was made`, manifest };
    }
  }
  return { good: true, manifest };
}

/**
 * The full check, made on a backup about to be staged or restored: the quick check; every file's bytes
 * against their hashes (a chunked backup is put back together for it, every chunk unpacked and hashed);
 * then the files as a store (`checkStore`). A chunked backup is put back together in `into` when given,
 * and left there for a restore to use; otherwise in a folder beside the backups, removed afterwards.
 * Answers, when good, the folder holding the files.
 */
export async function checkFully(
  folder: string,
  databaseName: string,
  options: { into?: string } = {},
): Promise<(Checked & { good: false }) | { good: true; manifest: BackupManifest; filesIn: string }> {
  const quick = await checkQuickly(folder);
  if (!quick.good) return quick;
  const { manifest } = quick;
  if (manifest.format === 1) {
    for (const file of manifest.files) {
      if ((await sha256Of(path.join(folder, file.name))) !== file.sha256)
        return { good: false, problem: `${file.name} changed after the backup was made`, manifest };
    }
    const checked = await checkStore(folder, manifest, databaseName);
    return checked.good ? { ...checked, filesIn: folder } : checked;
  }
  const backupsDir = path.dirname(folder);
  const into = options.into ?? path.join(backupsDir, `${CHECKING_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    try {
      await assembleFiles(manifest, chunksDirOf(backupsDir), into);
    } catch (error) {
      return { good: false, problem: messageOf(error), manifest };
    }
    const checked = await checkStore(into, manifest, databaseName);
    return checked.good ? { ...checked, filesIn: into } : checked;
  } finally {
    if (options.into === undefined) fs.rmSync(into, { recursive: true, force: true });
  }
}

/**
 * The files of a backup in `folder`, whose bytes are known to be those the manifest names, checked as a
 * store: SQLite's integrity check of every file (in a worker thread, integrity.ts), and the store's version
 * read back from them and matching the manifest. Made on every backup as soon as it is made, and by the
 * full check.
 */
export async function checkStore(folder: string, manifest: BackupManifest, databaseName: string): Promise<Checked> {
  for (const file of manifest.files) {
    const integrity = await integrityOf(path.join(folder, file.name));
    if (integrity !== 'ok')
      return { good: false, problem: `${file.name} fails SQLite's integrity check: ${integrity}`, manifest };
  }
  let version: number | null;
  try {
    version = storedSchemaVersion(folder, databaseName);
  } catch (error) {
    return { good: false, problem: `the store's version cannot be read: ${messageOf(error)}`, manifest };
  }
  if (version === null) return { good: false, problem: `the copy holds no database called ${databaseName}`, manifest };
  if (version !== manifest.schema_version)
    return {
      good: false,
      problem: `the copy holds version ${version}, not ${String(manifest.schema_version)}`,
      manifest,
    };
  return { good: true, manifest };
}

/** Folders a full check put a backup back together in, left by a crash; cleared at a start, before any check. */
export function clearChecksCutShort(backupsDir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(backupsDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.startsWith(CHECKING_PREFIX)) fs.rmSync(path.join(backupsDir, entry), { recursive: true, force: true });
  }
}

function recordedDamage(folder: string): string | null {
  try {
    return fs.readFileSync(path.join(folder, DAMAGED_FILE), 'utf8').slice(0, 500).trim() || 'it failed its check';
  } catch {
    return null;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
