import { checkArchive } from '../../src-shared/archive/archive-check';
import type { Manifest } from '../../src-shared/archive/archive-schema';
import { openZipArchive } from './zip-reader';

/** An archive file checked in full (archive-check.ts), closed again whatever the outcome: its manifest. */
export async function checkArchiveFile(file: string): Promise<Manifest> {
  const archive = openZipArchive(file);
  try {
    return await checkArchive(archive);
  } finally {
    archive.close();
  }
}
