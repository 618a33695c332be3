import { stagedRestoreAnswer } from './backups';
import { route, signedIn, type OwnBody } from './route-contract';

/**
 * An archive uploaded to be restored: written to a file as it arrives, never held by the host. At most
 * 2 GiB, ten times the archive of the benchmark's 100,000 posts.
 */
export const restoreBody = {
  type: 'application/zip',
  maxBytes: 2 * 1024 ** 3,
  streamed: true,
} as const satisfies OwnBody;

const zip = { file: 'application/zip' } as const;

/**
 * The archive (extension, docs/archive.md): the whole instance as one zip, and one uploaded to replace it.
 * Their handlers are the hosts' (src-main/archive), which run them in worker threads and files of the data
 * folder: a service without them does not offer these routes, and `/api/about` does not name them.
 */
export const archiveRoutes = {
  exportArchive: route({
    method: 'GET',
    pattern: '/api/instance/export',
    access: signedIn,
    output: zip,
    extension: 'export',
  }),
  restoreArchive: route({
    method: 'POST',
    pattern: '/api/instance/restore',
    access: signedIn,
    body: restoreBody,
    output: stagedRestoreAnswer,
    extension: 'restore_archive',
  }),
} as const;
