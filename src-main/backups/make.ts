import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupReason } from '../../src-shared/api/backups';
import { SOFTWARE } from '../../src-shared/api/software';
import {
  CHUNK_BYTES,
  CHUNK_COMPRESSION,
  chunkWriter,
  removeUnreferencedChunks,
  sha256,
  syncToDisk,
  type ChunkWriter,
} from './chunks';
import { DAMAGED_FILE, MAKING_PREFIX, nameFor, type BackupPaths } from './layout';
import { MAX_CHUNKS, writeManifest, type ChunkedManifest } from './manifest';
import { referencedChunks } from './prune';
import { ensureFreeSpace } from './space';
import { copyOnline, isStoreFile, storedSchemaVersion } from '../store/sqlite-files';
import { checkStore, messageOf } from './verify';

export type Made = { name: string; good: true } | { name: string; good: false; problem: string };

/**
 * Backs up the store in `db/`, whether or not a host has it open:
 *
 * 1. each SQLite file is copied with SQLite's online backup (sqlite-files.ts) into a folder named for now
 *    and `reason` under a temporary name, and the copies checked as a store (verify.ts checkStore);
 * 2. each copy is cut into chunks, and the chunks the chunks folder does not hold yet are added to it,
 *    compressed (chunks.ts): a backup of a store that changed little since the last adds little;
 * 3. the new chunks are flushed to disk, the copies removed, and the manifest naming the chunks written;
 * 4. the folder is renamed to the backup's name: only now is there a backup.
 *
 * A backup cut short (a crash, a full disk) never lists as one; the next backup clears its folder and the
 * chunks no manifest names. A copy that fails its check is kept, renamed all the same and marked damaged
 * with the reason: it lists as damaged, so the failure is seen where backups are looked at and survives a
 * restart, and it is never restored nor counted as one of the backups kept (prune.ts removes it with the
 * good ones older than it).
 */
export async function makeBackup(
  paths: BackupPaths,
  options: { reason: BackupReason; databaseName: string; now: Date },
): Promise<Made> {
  fs.mkdirSync(paths.backupsDir, { recursive: true, mode: 0o700 });
  clearLeftovers(paths);
  const name = nameFor(options.now, options.reason);
  const making = path.join(paths.backupsDir, `${MAKING_PREFIX}${name}`);
  const final = path.join(paths.backupsDir, name);
  if (fs.existsSync(final)) throw new Error(`a backup called ${name} already exists`);
  fs.mkdirSync(making, { mode: 0o700 });
  let writer: ChunkWriter | null = null;
  try {
    const sources = fs.readdirSync(paths.dbDir).filter(isStoreFile).sort();
    if (sources.length === 0) throw new Error(`${paths.dbDir} holds no store to back up`);
    const storeBytes = sources.reduce((sum, file) => sum + fs.statSync(path.join(paths.dbDir, file)).size, 0);
    if (Math.ceil(storeBytes / CHUNK_BYTES) > MAX_CHUNKS)
      throw new Error(`the store is larger than a backup can hold (${MAX_CHUNKS} chunks of ${CHUNK_BYTES} bytes)`);
    // The copy takes the store's size until its chunks are stored, and they at most as much again.
    ensureFreeSpace(paths.backupsDir, 2 * storeBytes, 'to back up the store');
    await copyOnline(
      sources.map((file) => path.join(paths.dbDir, file)),
      making,
    );
    writer = chunkWriter(paths.chunksDir);
    const files: ChunkedManifest['files'] = [];
    for (const file of sources) files.push(await storeInChunks(path.join(making, file), writer));
    if (files.reduce((sum, file) => sum + file.chunks.length, 0) > MAX_CHUNKS)
      throw new Error(`the store grew larger than a backup can hold while it was copied`);
    const manifest: ChunkedManifest = {
      format: 2,
      made_at: options.now.toISOString(),
      reason: options.reason,
      schema_version: storedSchemaVersion(making, options.databaseName),
      app_version: SOFTWARE.version,
      chunk_bytes: CHUNK_BYTES,
      compression: CHUNK_COMPRESSION,
      files,
    };
    // The chunks were read from these copies a moment ago: their bytes are the manifest's.
    const checked = await checkStore(making, manifest, options.databaseName);
    await writer.finish();
    for (const file of sources) fs.rmSync(path.join(making, file));
    writeManifest(making, manifest);
    if (!checked.good) fs.writeFileSync(path.join(making, DAMAGED_FILE), `${checked.problem}\n`, { mode: 0o600 });
    fs.renameSync(making, final);
    syncToDisk(paths.backupsDir);
    return checked.good ? { name, good: true } : { name, good: false, problem: checked.problem };
  } catch (error) {
    writer?.close();
    fs.rmSync(making, { recursive: true, force: true });
    throw new Error(`could not back up the store: ${messageOf(error)}`, { cause: error });
  }
}

/**
 * Chunks cut and stored per turn of the event loop: 256 KB, a few milliseconds of hashing and compressing
 * (zstd, on the host's thread, about 0.3 ms a chunk) between the host's requests.
 */
const CHUNKS_PER_STEP = 4;

/** One file cut into chunks, those not yet stored put to the writer: its entry in the manifest. */
async function storeInChunks(file: string, writer: ChunkWriter): Promise<ChunkedManifest['files'][number]> {
  const whole = createHash('sha256');
  const chunks: string[] = [];
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const fd = fs.openSync(file, 'r');
  let size = 0;
  try {
    for (let done = false; !done;) {
      for (let i = 0; i < CHUNKS_PER_STEP; i++) {
        const bytesRead = fs.readSync(fd, buffer, 0, CHUNK_BYTES, size);
        if (bytesRead === 0) {
          done = true;
          break;
        }
        const bytes = buffer.subarray(0, bytesRead);
        const hash = sha256(bytes);
        whole.update(bytes);
        await writer.put(hash, bytes);
        chunks.push(hash);
        size += bytesRead;
      }
      // The host's requests go between steps.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    fs.closeSync(fd);
  }
  return { name: path.basename(file), size, sha256: whole.digest('hex'), chunks };
}

/**
 * What backups cut short by a crash leave: their folders, and chunks no manifest names (one cut short may
 * have stored some, not all flushed to disk). A backup made after never leans on those.
 */
function clearLeftovers(paths: BackupPaths): void {
  for (const entry of fs.readdirSync(paths.backupsDir)) {
    if (entry.startsWith(MAKING_PREFIX))
      fs.rmSync(path.join(paths.backupsDir, entry), { recursive: true, force: true });
  }
  removeUnreferencedChunks(paths.chunksDir, referencedChunks(paths));
}
