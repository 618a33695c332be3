import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Service } from '../../src-shared/service/index';
import { DATABASE_NAME } from '../../src-shared/store/db';
import { isoOf } from '../../src-shared/util/time';
import { DraftsRefused, exportDrafts } from './export-drafts';
import type { ExportWorkerData, ExportWorkerMessage } from './export-worker';
import type { Draft } from '../../src-shared/api/draft';
import { snapshotStore } from './snapshot';
import { startTsWorker } from './ts-worker';

export const EXPORT_PATH = '/api/instance/export';

/** The worker's module, beside this one (ts-worker.ts says how it is started, and where not). */
const WORKER = new URL('./export-worker.ts', import.meta.url);

const WORKER_HEAP_MB = 128;

export interface ArchiveExportOptions {
  dataDir: string;
  databaseName?: string;
  now: () => number;
}

/**
 * The service, with `GET /api/instance/export` (an extension, docs/api.md): the whole instance as an archive
 * (docs/archive.md), streamed as it is made, for the owner alone. `POST` with {"drafts": [...]} (the page's,
 * which are not in the store: export-drafts.ts) makes the same archive with those drafts in it. The store is copied through SQLite's
 * online backup (a consistent moment, while the host goes on serving) and the archive made from the copy in
 * a worker thread, so the host's own thread only passes the chunks on. Signed in is asked of the service
 * itself (`GET /api/account/me` with the same credentials): one place decides who the owner is.
 */
export function withArchiveExport(service: Service, options: ArchiveExportOptions): Service {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== EXPORT_PATH) return service(request);
    if (request.method !== 'GET' && request.method !== 'POST') return service(request);
    const me = await service(new Request(new URL('/api/account/me', url), { headers: request.headers }));
    if (me.status !== 200) return me;
    let drafts: Draft[] | undefined;
    if (request.method === 'POST') {
      try {
        drafts = await exportDrafts(request);
      } catch (error) {
        if (error instanceof DraftsRefused) return error.response();
        throw error;
      }
    }
    const now = Math.floor(options.now() / 1000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-export-'));
    try {
      await snapshotStore(options.dataDir, path.join(work, 'db'));
    } catch (error) {
      fs.rmSync(work, { recursive: true, force: true });
      throw error;
    }
    const data: ExportWorkerData = { folder: path.join(work, 'db'), databaseName: options.databaseName ?? DATABASE_NAME, now, origin: url.origin, ...(drafts ? { drafts } : {}) };
    // Pages of 500 rows fit in the worker's heap.
    const worker = startTsWorker(WORKER, { workerData: data, heapMb: WORKER_HEAP_MB });
    const finished = () => {
      void worker.terminate().finally(() => fs.rmSync(work, { recursive: true, force: true }));
    };
    // The worker waits after each chunk until told `next`: told at once while the download wants more, and
    // otherwise when it next asks (pull).
    let waiting = false;
    const next = () => {
      if (!waiting) return;
      waiting = false;
      worker.postMessage('next');
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          worker.on('message', (message: ExportWorkerMessage) => {
            if ('chunk' in message) {
              controller.enqueue(message.chunk);
              waiting = true;
              if ((controller.desiredSize ?? 0) > 0) next();
            } else if ('done' in message) {
              controller.close();
              finished();
            } else {
              controller.error(new Error(message.error));
              finished();
            }
          });
          worker.on('error', (error) => {
            controller.error(error);
            finished();
          });
        },
        pull: next,
        cancel: finished,
      },
      { highWaterMark: 1 },
    );
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="publishing-desk-${isoOf(now).slice(0, 10)}.zip"`,
        'cache-control': 'no-store',
      },
    });
  };
}
