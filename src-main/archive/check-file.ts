import { ArchiveError } from '../../src-shared/archive/archive-source';
import { checkArchive, type CheckedArchive } from '../../src-shared/archive/archive-check';
import type { BuildWorkerMessage } from './build-worker';
import { firstAnswer, startTsWorker } from './ts-worker';
import { openZipArchive } from './zip-reader';

/** The heap an archive is checked in: enough for the GUIDs of the most rows ARCHIVE_LIMITS allows. */
export const CHECK_HEAP_MB = 256;

/**
 * An archive file checked in full (archive-check.ts) in this thread, closed again whatever the outcome: its
 * manifest, and the file's identity as it was checked.
 */
export async function checkArchiveHere(file: string): Promise<CheckedArchive> {
  const archive = openZipArchive(file);
  try {
    return { manifest: await checkArchive(archive), identity: archive.identity ?? null };
  } finally {
    archive.close();
  }
}

/**
 * An archive file checked in full in a worker thread with a heap of its own: however an archive was made to
 * exhaust memory, only the worker runs out, and the archive is refused; the host that asked goes on.
 */
export async function checkArchiveFile(file: string, options: { heapMb?: number } = {}): Promise<CheckedArchive> {
  const heapMb = options.heapMb ?? CHECK_HEAP_MB;
  let said: BuildWorkerMessage;
  try {
    said = await firstAnswer<BuildWorkerMessage>(
      startTsWorker(new URL('./build-worker.ts', import.meta.url), {
        workerData: { task: 'check', archive: file },
        heapMb,
      }),
    );
  } catch (error) {
    throw new ArchiveError(
      `the archive could not be checked within ${heapMb} MB of memory (${(error as Error).message})`,
      { cause: error },
    );
  }
  if ('error' in said) throw said.archiveError ? new ArchiveError(said.error) : new Error(said.error);
  if (!('checked' in said)) throw new Error('the check gave no manifest');
  return said.checked;
}
