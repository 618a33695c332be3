import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import { decompressed, type Coding } from './precompressed';

/** How many files' tags are remembered at once; a built page has a few dozen files and their copies. */
const MAX_REMEMBERED = 512;

/** One form of a file to send: as it is, or one of its compressed copies (precompressed.ts). */
export interface Representation {
  /** The file whose bytes are sent. */
  file: string;
  /** Undefined for the file as it is. */
  coding: Coding | undefined;
  /** A strong entity tag: the digest of exactly the bytes sent. */
  etag: string;
}

/** Picks the representation of a file: the first of `codings` that has a sound copy, else the file itself. */
export type Representations = (file: string, stat: Stats, codings: readonly Coding[]) => Promise<Representation>;

/**
 * The tag of each file, and whether each compressed copy is sound, are worked out once per version of the
 * files (their size, times and inode) and remembered, so a request only looks at the files. A copy is sound
 * when it decompresses to exactly its original: a copy left from an older build, or that is not the
 * original's at all, is never sent, and the original goes instead.
 */
export function createRepresentations(): Representations {
  const remembered = new Map<string, { stamp: string; etag: string | undefined }>();

  const recall = (key: string, stamp: string) => {
    const known = remembered.get(key);
    if (known?.stamp !== stamp) return undefined;
    // Most recently used last, so the first entry is the one to forget.
    remembered.delete(key);
    remembered.set(key, known);
    return known;
  };
  const remember = (key: string, stamp: string, etag: string | undefined) => {
    remembered.delete(key);
    remembered.set(key, { stamp, etag });
    const oldest = remembered.keys().next();
    if (remembered.size > MAX_REMEMBERED && oldest.done !== true) remembered.delete(oldest.value);
  };

  const soundCopy = async (file: string, stat: Stats, coding: Coding): Promise<Representation | undefined> => {
    const copy = `${file}${coding.suffix}`;
    const copyStat = await fs.stat(copy).catch(() => undefined);
    if (copyStat?.isFile() !== true) return undefined;
    const stamp = `${stampOf(stat)}|${stampOf(copyStat)}`;
    let known = recall(copy, stamp);
    if (known === undefined) {
      const [bytes, original] = await Promise.all([fs.readFile(copy), fs.readFile(file)]);
      const sound = (await decompressed(coding, bytes, original.length))?.equals(original) === true;
      known = { stamp, etag: sound ? tagOf(bytes) : undefined };
      remember(copy, stamp, known.etag);
    }
    return known.etag === undefined ? undefined : { file: copy, coding, etag: known.etag };
  };

  return async (file, stat, codings) => {
    for (const coding of codings) {
      const copy = await soundCopy(file, stat, coding);
      if (copy !== undefined) return copy;
    }
    const stamp = stampOf(stat);
    let etag = recall(file, stamp)?.etag;
    if (etag === undefined) {
      etag = tagOf(await fs.readFile(file));
      remember(file, stamp, etag);
    }
    return { file, coding: undefined, etag };
  };
}

/** A file's version: a rewrite changes its change time even when its size and modification time are kept. */
const stampOf = (stat: Stats) => `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;

const tagOf = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;
