import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { isCompressible } from './file-types';

/**
 * The content codings the page's text files are sent in, in the order the host prefers them, each kept as
 * a file beside its original (`index-<hash>.js.br`). They are made once, when the page is built
 * (electron.vite.config.ts), so no request ever waits for a compression.
 */
export const CODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type Coding = (typeof CODINGS)[number];

/** Below this a compressed copy saves less than a packet, and its lookup would cost more. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const unbrotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

function compress(coding: Coding, bytes: Uint8Array): Promise<Buffer> {
  if (coding.name === 'gzip') return gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * The bytes a compressed copy stands for, if they are no more than `maxBytes` (its original's size): a
 * copy that would grow past that cannot be its original, and is not decompressed further.
 */
export async function decompressed(coding: Coding, bytes: Uint8Array, maxBytes: number): Promise<Buffer | undefined> {
  const options = { maxOutputLength: Math.max(1, maxBytes) };
  try {
    return await (coding.name === 'gzip' ? gunzip(bytes, options) : unbrotli(bytes, options));
  } catch {
    return undefined;
  }
}

/** What precompressFolder made of one file: its size, and the size of each copy it kept. */
export interface Precompressed {
  file: string;
  bytes: number;
  copies: Partial<Record<Coding['name'], number>>;
}

/**
 * Writes the compressed copies of every text file under `folder` (the built page). A copy is kept only
 * when it is smaller than its original; a copy left from an earlier build that is not is removed.
 */
export async function precompressFolder(folder: string): Promise<Precompressed[]> {
  const made: Precompressed[] = [];
  for (const file of await filesUnder(folder)) {
    if (!isCompressible(file)) continue;
    const bytes = await fs.readFile(file);
    const copies: Precompressed['copies'] = {};
    for (const coding of CODINGS) {
      const copy = bytes.length >= MIN_BYTES ? await compress(coding, bytes) : undefined;
      if (copy !== undefined && copy.length < bytes.length) {
        await fs.writeFile(`${file}${coding.suffix}`, copy);
        copies[coding.name] = copy.length;
      } else {
        await fs.rm(`${file}${coding.suffix}`, { force: true });
      }
    }
    made.push({ file: path.relative(folder, file), bytes: bytes.length, copies });
  }
  return made;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
