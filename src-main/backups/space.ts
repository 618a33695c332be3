import fs from 'node:fs';

/** Left free beyond what a backup or a restore writes: a disk filled to its last block fails everything else. */
const MARGIN_BYTES = 64 * 1024 * 1024;

/**
 * Refuses, before anything is written, work that would need more than the free space of the disk holding
 * `folder`: a copy of the store, or a backup put back together. A disk that cannot say is not refused.
 */
export function ensureFreeSpace(folder: string, bytes: number, what: string): void {
  let free: number;
  try {
    const stats = fs.statfsSync(folder);
    free = stats.bavail * stats.bsize;
  } catch {
    return;
  }
  if (free < bytes + MARGIN_BYTES)
    throw new Error(
      `not enough free space ${what}: ${megabytes(bytes + MARGIN_BYTES)} MB needed, ${megabytes(free)} MB free`,
    );
}

const megabytes = (bytes: number) => Math.ceil(bytes / 1e6);
