import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { integrityOf } from './integrity';
import { DAMAGED_FILE } from './layout';
import { readManifest, type BackupManifest } from './manifest';
import { LEGACY_CATALOGUE_FILE, storeFileOf, storedSchemaVersion } from '../store/sqlite-files';

export type Checked =
  { good: true; manifest: BackupManifest } | { good: false; problem: string; manifest?: BackupManifest };

/** The SHA-256 of a file, read in chunks without holding up the event loop. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The check made on every listing, cheap enough for that: the manifest reads, no damage was recorded, each
 * file is there with its size, and a file written since the backup was made (its modification time moved)
 * still has its hash. A file changed in place keeps its size but not its time, so bytes damaged on disk
 * are caught here too; untouched files are not read at all.
 */
export async function checkQuickly(folder: string): Promise<Checked> {
  const read = readManifest(folder);
  if ('problem' in read) return { good: false, problem: read.problem };
  const { manifest } = read;
  const damaged = recordedDamage(folder);
  if (damaged !== null) return { good: false, problem: damaged, manifest };
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
 * The full check, made on a backup just made and on one about to be restored: the quick check, every
 * file's hash, SQLite's integrity check of every file, and the store's version read back from the copy's
 * catalogue and matching the manifest.
 */
export async function checkFully(
  folder: string,
  databaseName: string,
  options: { justHashed?: boolean } = {},
): Promise<Checked> {
  const quick = await checkQuickly(folder);
  if (!quick.good) return quick;
  const { manifest } = quick;
  for (const file of manifest.files) {
    // A copy just made was hashed a moment ago, from the same bytes: reading it all again proves nothing.
    if (!options.justHashed && (await sha256Of(path.join(folder, file.name))) !== file.sha256) {
      return { good: false, problem: `${file.name} changed after the backup was made`, manifest };
    }
    const integrity = await integrityOf(path.join(folder, file.name));
    if (integrity !== 'ok')
      return { good: false, problem: `${file.name} fails SQLite's integrity check: ${integrity}`, manifest };
  }
  const databaseFiles = [storeFileOf(databaseName), LEGACY_CATALOGUE_FILE];
  if (!manifest.files.some((file) => databaseFiles.includes(file.name)))
    return { good: false, problem: `the copy holds no database called ${databaseName}`, manifest };
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
