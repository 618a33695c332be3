import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupReason } from '../../src-shared/api/backups';
import { MANIFEST_FILE } from './layout';

/** A file of a backup: a plain name (no folder), as found in `db/`. */
const fileName = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_^.-]+\.sqlite$/, 'not a store file name');

/** `backup.json`: what a backup holds, so it can be checked without trusting anything else in its folder. */
export const backupManifest = z.object({
  format: z.literal(1),
  /** ISO 8601, UTC. */
  made_at: z.iso.datetime(),
  reason: backupReason,
  /** The store's schema version in the copy, read from the copy's catalogue. */
  schema_version: z.number().int().nullable(),
  /** The app that made it. */
  app_version: z.string().max(50),
  files: z
    .array(
      z.object({
        name: fileName,
        size: z.number().int().nonnegative(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        /** When the copy was last written (ms); a later change means the file must be hashed again. */
        mtime_ms: z.number().nonnegative(),
      }),
    )
    .min(1)
    .max(100),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** Bounds what is read: a manifest names a hundred files at most, far below this. */
const MAX_MANIFEST_BYTES = 64 * 1024;

export function writeManifest(folder: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(backupManifest.parse(manifest), null, 2)}\n`, {
    mode: 0o600,
  });
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
