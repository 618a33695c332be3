import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupReason } from '../../src-shared/api/backups';
import { CHUNK_COMPRESSION, CHUNK_HASH } from './chunks';
import { MANIFEST_FILE } from './layout';

/** A file of a backup: a plain name (no folder), as found in `db/`. */
const fileName = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_^.-]+\.sqlite$/, 'not a store file name');

const sha256Hex = z.string().regex(CHUNK_HASH);

/**
 * Chunks one backup may name in all: 16 GiB of store at 64 KiB a chunk, and a manifest of about 18 MB.
 * A store larger than that is refused a backup (make.ts) rather than given one no listing could read.
 */
export const MAX_CHUNKS = 262_144;

/** What both formats say about the backup as a whole. */
const about = {
  /** ISO 8601, UTC. */
  made_at: z.iso.datetime(),
  reason: backupReason,
  /** The store's schema version in the copy, read from the copy's catalogue. */
  schema_version: z.number().int().nullable(),
  /** The app that made it. */
  app_version: z.string().max(50),
};

/** Format 1, made before backups shared chunks: the backup's folder holds a full copy of each file. */
const fullCopies = z.object({
  format: z.literal(1),
  ...about,
  files: z
    .array(
      z.object({
        name: fileName,
        size: z.number().int().nonnegative(),
        sha256: sha256Hex,
        /** When the copy was last written (ms); a later change means the file must be hashed again. */
        mtime_ms: z.number().nonnegative(),
      }),
    )
    .min(1)
    .max(100),
});

/**
 * Format 2: each file is the chunks named, in order, from the shared chunks folder (chunks.ts); every
 * chunk but a file's last holds `chunk_bytes` bytes, so a file of `size` bytes has exactly that many.
 */
const chunked = z
  .object({
    format: z.literal(2),
    ...about,
    chunk_bytes: z
      .number()
      .int()
      .min(512)
      .max(1024 * 1024),
    compression: z.literal(CHUNK_COMPRESSION),
    files: z
      .array(
        z.object({
          name: fileName,
          size: z.number().int().nonnegative(),
          /** The whole file's hash, checked once it is put back together. */
          sha256: sha256Hex,
          chunks: z.array(sha256Hex).max(MAX_CHUNKS),
        }),
      )
      .min(1)
      .max(100),
  })
  .superRefine((manifest, ctx) => {
    let total = 0;
    for (const file of manifest.files) {
      total += file.chunks.length;
      if (file.chunks.length !== Math.ceil(file.size / manifest.chunk_bytes))
        ctx.addIssue({ code: 'custom', message: `${file.name} has as many chunks as its size says` });
    }
    if (total > MAX_CHUNKS) ctx.addIssue({ code: 'custom', message: `more than ${MAX_CHUNKS} chunks` });
  });

/** `backup.json`: what a backup holds, so it can be checked without trusting anything else in its folder. */
export const backupManifest = z.discriminatedUnion('format', [fullCopies, chunked]);
export type BackupManifest = z.infer<typeof backupManifest>;
export type ChunkedManifest = z.infer<typeof chunked>;

/** Bounds what is read: MAX_CHUNKS hashes of 67 bytes each in JSON, with room for the rest. */
const MAX_MANIFEST_BYTES = 20 * 1024 * 1024;

/**
 * Written to a temporary name, flushed and renamed: the manifest is what makes a backup, so it is either
 * whole or not there. Compact JSON: a large store's manifest names thousands of chunks.
 */
export function writeManifest(folder: string, manifest: BackupManifest): void {
  const file = path.join(folder, MANIFEST_FILE);
  const temporary = `${file}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(backupManifest.parse(manifest))}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
}

/** The manifest of a backup folder, or why it cannot be read. */
export function readManifest(folder: string): { manifest: BackupManifest } | { problem: string } {
  const file = path.join(folder, MANIFEST_FILE);
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_MANIFEST_BYTES) return { problem: `${MANIFEST_FILE} is too large` };
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { problem: `${MANIFEST_FILE} is missing` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `${MANIFEST_FILE} is not valid JSON` };
  }
  const parsed = backupManifest.safeParse(value);
  return parsed.success ? { manifest: parsed.data } : { problem: `${MANIFEST_FILE} does not describe a backup` };
}
