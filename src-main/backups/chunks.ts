import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { frameCompressor } from './frame-compressor';

/**
 * The backups' shared store of chunks (docs/backups.md): every backup's files cut into pieces of
 * CHUNK_BYTES, each kept once, compressed, in a file named by the SHA-256 of its bytes, under
 * `<data>/backups/chunks/<first two hex digits>/`. A backup is then a manifest naming its chunks
 * (manifest.ts), and a backup of a store that changed little adds only the chunks that changed.
 *
 * 64 KiB is SQLite's largest page size and a multiple of every smaller one, so a chunk holds whole pages
 * and a page changed since the last backup changes one chunk. Smaller chunks share more between backups
 * but make more files, each rounded up to a block of the file system: on the benchmark's week of daily
 * backups (docs/backups.md), 16 KiB chunks took 100 MB on disk against 114 MB, in four times the files.
 */
export const CHUNK_BYTES = 64 * 1024;

/**
 * zstd at its default level, which both the project's Node and Electron's have (node:zlib). On 64 MB of the
 * benchmark store's pages it made 7.9 MB in 0.32 s; brotli at quality 4 made 6.9 MB in 2.2 s.
 */
export const CHUNK_COMPRESSION = 'zstd';
const decompress = promisify(zlib.zstdDecompress);

export const CHUNK_HASH = /^[0-9a-f]{64}$/;

/** A chunk's file: two hex digits of folder keep any one folder to a few thousand files. */
export function chunkFile(chunksDir: string, hash: string): string {
  return path.join(chunksDir, hash.slice(0, 2), hash);
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Chunks flushed to disk or renamed at once: each is a wait on the disk, and one after another they leave it idle. */
const FLUSHES_AT_ONCE = 16;

/**
 * Adds chunks to the chunks folder for one backup, in two steps that keep the host's event loop free:
 * `put` compresses and writes a chunk to a temporary name at once (into the page cache, a fraction of a
 * millisecond), and `finish` flushes them all to disk off the event loop, then names each and flushes the
 * folders that hold the new names. A chunk is never under its own name before its bytes are on disk, so a
 * chunk file under its name is whole whatever cuts a backup short; temporary files a backup cut short
 * leaves are removed with the chunks no manifest names (removeUnreferencedChunks).
 */
export interface ChunkWriter {
  /**
   * Keeps `bytes` under `hash` unless a chunk of that hash is there already, or was put by this writer. One
   * put at a time: each is awaited before the next.
   */
  put(hash: string, bytes: Uint8Array): Promise<void>;
  /** Once every chunk is put: after this, each is on disk under its name. */
  finish(): Promise<void>;
  /** Lets go of the compressor, for a backup given up part way (`finish` does it too). */
  close(): void;
}

export function chunkWriter(chunksDir: string): ChunkWriter {
  /** Folders known to exist. */
  const made = new Set<string>();
  /** Chunks put, by hash: their temporary files until `finish` names them. */
  const written = new Map<string, string>();
  const compressor = frameCompressor();
  return {
    put: async (hash, bytes) => {
      if (written.has(hash)) return;
      const file = chunkFile(chunksDir, hash);
      if (fs.existsSync(file)) return;
      const folder = path.dirname(file);
      if (!made.has(folder)) {
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
        made.add(folder);
      }
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, await compressor.frame(bytes), { mode: 0o600 });
      written.set(hash, temporary);
    },
    close: () => compressor.close(),
    finish: async () => {
      compressor.close();
      const temporaries = [...written.values()];
      for (let i = 0; i < temporaries.length; i += FLUSHES_AT_ONCE)
        await Promise.all(temporaries.slice(i, i + FLUSHES_AT_ONCE).map(flush));
      const named = [...written];
      for (let i = 0; i < named.length; i += FLUSHES_AT_ONCE)
        await Promise.all(
          named
            .slice(i, i + FLUSHES_AT_ONCE)
            .map(([hash, temporary]) => fs.promises.rename(temporary, chunkFile(chunksDir, hash))),
        );
      const folders = [...new Set([...written.keys()].map((hash) => path.dirname(chunkFile(chunksDir, hash))))];
      for (let i = 0; i < folders.length; i += FLUSHES_AT_ONCE)
        await Promise.all(folders.slice(i, i + FLUSHES_AT_ONCE).map(flush));
      await flush(chunksDir);
      written.clear();
    },
  };
}

/** A file's or a folder's bytes and names on disk, waited for off the event loop. */
async function flush(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file's bytes, or a folder's names, on disk before this returns. */
export function syncToDisk(fileOrFolder: string): void {
  const fd = fs.openSync(fileOrFolder, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Beside a chunk's name, a chunk found damaged: backups naming it list as damaged until one stores it again. */
const DAMAGED_SUFFIX = '.damaged';

/**
 * A chunk's bytes, checked against its name: never more than `maxBytes` are unpacked, so a damaged or
 * hostile chunk file cannot fill memory. Throws, saying what is wrong, when the chunk is missing, does not
 * unpack or does not hash to its name.
 *
 * A chunk that does not unpack or hash to its name is set aside (renamed with DAMAGED_SUFFIX): every backup
 * naming it then lists as damaged (`chunkProblem`), not only the one whose full check found it, and the next
 * backup of a store still holding those bytes stores them anew, which makes those backups whole again.
 */
export async function readChunk(chunksDir: string, hash: string, maxBytes: number): Promise<Buffer> {
  const file = chunkFile(chunksDir, hash);
  let packed: Buffer;
  try {
    // A chunk that does not compress is barely larger than its bytes; a file far larger is not a chunk.
    if ((await fs.promises.stat(file)).size > maxBytes + 4096) throw new Error('too large');
    packed = await fs.promises.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(chunkProblem(chunksDir, hash) ?? `chunk ${hash} is missing`, { cause: error });
    setAside(file);
    throw new Error(`chunk ${hash} is unreadable`, { cause: error });
  }
  let bytes: Buffer;
  try {
    bytes = await decompress(packed, { maxOutputLength: maxBytes });
  } catch (error) {
    setAside(file);
    throw new Error(`chunk ${hash} does not unpack`, { cause: error });
  }
  if (sha256(bytes) !== hash) {
    setAside(file);
    throw new Error(`chunk ${hash} changed after the backup was made`);
  }
  return bytes;
}

function setAside(file: string): void {
  try {
    fs.renameSync(file, `${file}${DAMAGED_SUFFIX}`);
  } catch {
    // Left where it is: the next full check finds it damaged again.
  }
}

/** The hashes of every chunk in the folder: a folder read each, far cheaper than looking for each chunk. */
export function storedChunks(chunksDir: string): Set<string> {
  const stored = new Set<string>();
  let folders: string[];
  try {
    folders = fs.readdirSync(chunksDir);
  } catch {
    return stored;
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(chunksDir, folder));
    } catch {
      continue;
    }
    for (const name of names) if (CHUNK_HASH.test(name) && name.startsWith(folder)) stored.add(name);
  }
  return stored;
}

/** What the quick check says of a chunk that is not there to be read: found damaged, or missing; null when there. */
export function chunkProblem(chunksDir: string, hash: string): string | null {
  const file = chunkFile(chunksDir, hash);
  if (fs.existsSync(file)) return null;
  return fs.existsSync(`${file}${DAMAGED_SUFFIX}`) ? `chunk ${hash} was found damaged` : `chunk ${hash} is missing`;
}

/**
 * Removes every file of the chunks folder that is not a chunk in `referenced`: chunks no backup names any
 * more, and what a backup cut short left (temporary files, chunks written before its manifest). Run only
 * between backups (host-backups.ts queues it behind them), never while one is being made, whose chunks no
 * manifest names yet. Answers how many files it removed.
 */
export function removeUnreferencedChunks(chunksDir: string, referenced: ReadonlySet<string>): number {
  let folders: string[];
  try {
    folders = fs.readdirSync(chunksDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const folder of folders) {
    const at = path.join(chunksDir, folder);
    if (!/^[0-9a-f]{2}$/.test(folder) || !fs.statSync(at).isDirectory()) {
      fs.rmSync(at, { recursive: true, force: true });
      removed++;
      continue;
    }
    for (const name of fs.readdirSync(at)) {
      // A chunk set aside as damaged stays while a backup names it, to say why that backup is damaged.
      const hash = name.endsWith(DAMAGED_SUFFIX) ? name.slice(0, -DAMAGED_SUFFIX.length) : name;
      if (referenced.has(hash) && hash.startsWith(folder)) continue;
      fs.rmSync(path.join(at, name), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
