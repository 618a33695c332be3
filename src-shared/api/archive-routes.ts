import { z } from 'zod';
import { stagedRestoreAnswer } from './backups';
import { DRAFT_LIMITS, draftSchema } from './draft';
import { route, signedIn, type OwnBody } from './route-contract';

/** What `POST /api/instance/export` takes: the page's drafts (which are not in the store), and nothing else. */
export const exportDraftsBody = z.lazy(() => z.strictObject({ drafts: z.array(draftSchema).max(DRAFT_LIMITS.count) }));

/** The drafts sent with an export: their JSON and little else, held whole by the host before the route reads it. */
export const exportBody = {
  type: 'application/json',
  maxBytes: DRAFT_LIMITS.bytes,
  streamed: false,
  schema: exportDraftsBody,
} as const satisfies OwnBody;

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
  exportArchiveWithDrafts: route({
    method: 'POST',
    pattern: '/api/instance/export',
    access: signedIn,
    body: exportBody,
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
