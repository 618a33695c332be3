import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readChunk } from './chunks';
import type { ChunkedManifest } from './manifest';
import { ensureFreeSpace } from './space';

/**
 * Puts a chunked backup's files back together in `into` (made if need be), each chunk unpacked and
 * checked against its hash as it is read, and each whole file against its size and hash. Throws, naming
 * the file and the chunk, at the first that is missing or damaged; what was written stays for the caller
 * to remove.
 */
export async function assembleFiles(manifest: ChunkedManifest, chunksDir: string, into: string): Promise<void> {
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  ensureFreeSpace(
    into,
    manifest.files.reduce((sum, file) => sum + file.size, 0),
    'to put the backup back together',
  );
  for (const file of manifest.files) {
    const whole = createHash('sha256');
    const handle = await fs.promises.open(path.join(into, file.name), 'w', 0o600);
    try {
      for (const [i, hash] of file.chunks.entries()) {
        const expected = Math.min(manifest.chunk_bytes, file.size - i * manifest.chunk_bytes);
        let bytes: Buffer;
        try {
          bytes = await readChunk(chunksDir, hash, manifest.chunk_bytes);
        } catch (error) {
          throw new Error(`${file.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        if (bytes.byteLength !== expected)
          throw new Error(`${file.name}: chunk ${hash} holds ${bytes.byteLength} bytes, not ${expected}`);
        whole.update(bytes);
        await handle.write(bytes);
      }
    } finally {
      await handle.close();
    }
    if (whole.digest('hex') !== file.sha256) throw new Error(`${file.name} changed after the backup was made`);
  }
}
