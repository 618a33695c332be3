import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { archiveRoutes } from '../../src-shared/api/archive-routes';
import { ErrorText, ServiceError } from '../../src-shared/api/errors';
import type { Ctx } from '../../src-shared/service/context';
import { DATABASE_NAME } from '../../src-shared/store/db';
import { isoOf } from '../../src-shared/util/time';
import type { ExportWorkerData, ExportWorkerMessage } from './export-worker';
import { snapshotStore } from './snapshot';
import { firstAnswer, startTsWorker } from './ts-worker';

/** The worker's module, beside this one (ts-worker.ts says how it is started, and where not). */
const WORKER = new URL('./export-worker.ts', import.meta.url);

const WORKER_HEAP_MB = 128;

export interface ArchiveExportOptions {
  dataDir: string;
  databaseName?: string | undefined;
  now: () => number;
  /** Told why an archive could not be made (the answer says it too); hosts log it. */
  onUnexpectedError?: ((error: unknown) => void) | undefined;
}

/**
 * `GET /api/instance/export` (an extension, docs/api.md): the whole instance as an archive (docs/archive.md),
 * for the owner alone (the route is signed-in), drafts and all. The store is copied through
 * SQLite's online backup (a consistent moment, while the host goes on serving) and the archive made from the
 * copy into a file, in a worker thread, before the answer begins: an archive that cannot be made is an error
 * envelope with the reason and its status, never a download cut short, and one that can is sent with its
 * length.
 */
export function exportArchive(options: ArchiveExportOptions) {
  return {
    whole: (ctx: Ctx): Promise<Response> => archiveResponse(ctx, options),
  };
}

async function archiveResponse(ctx: Ctx, options: ArchiveExportOptions): Promise<Response> {
  const now = Math.floor(options.now() / 1000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-export-'));
  const out = path.join(work, 'archive.zip');
  try {
    await snapshotStore(options.dataDir, path.join(work, 'db'));
    await inWorker({
      folder: path.join(work, 'db'),
      databaseName: options.databaseName ?? DATABASE_NAME,
      out,
      now,
      origin: ctx.origin,
    });
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    options.onUnexpectedError?.(error);
    throw new ServiceError(500, `${ErrorText.exportFailed}: ${(error as Error).message}`);
  }
  // The copy of the store goes now; the archive once it is sent, or the download given up.
  fs.rmSync(path.join(work, 'db'), { recursive: true, force: true });
  const file = fs.createReadStream(out);
  file.once('close', () => fs.rmSync(work, { recursive: true, force: true }));
  return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': archiveRoutes.exportArchive.output.file,
      'content-length': String(fs.statSync(out).size),
      'content-disposition': `attachment; filename="publishing-desk-${isoOf(now).slice(0, 10)}.zip"`,
      'cache-control': 'no-store',
    },
  });
}

/** The archive made by export-worker.ts; rejects with the worker's reason. */
async function inWorker(data: ExportWorkerData): Promise<void> {
  const said = await firstAnswer<ExportWorkerMessage>(
    startTsWorker(WORKER, { workerData: data, heapMb: WORKER_HEAP_MB }),
  );
  if ('error' in said) throw new Error(said.error);
}
