import { archiveRoutes } from '../../../src-shared/api/archive-routes';
import type { StagedRestoreAnswer } from '../../../src-shared/api/backups';
import { loadSession } from '../../api/saved-session';

/** Where the host takes an archive to restore (api/archive-routes.ts, docs/api.md): a body it reads as it arrives. */
const { restoreArchive } = archiveRoutes;

/**
 * Sends the file as the request's body, with the session's token, and answers what was staged. The host's
 * refusal (a bad or oversized archive) is thrown in its own words.
 */
export async function uploadArchive(file: File): Promise<StagedRestoreAnswer> {
  const token = loadSession()?.token;
  const response = await fetch(restoreArchive.pattern, {
    method: restoreArchive.method,
    headers: { 'content-type': restoreArchive.body.type, ...(token ? { authorization: token } : {}) },
    body: file,
  });
  const envelope = (await response.json().catch(() => null)) as { meta?: { text?: unknown }; data?: unknown } | null;
  if (!response.ok) {
    const text =
      typeof envelope?.meta?.text === 'string'
        ? envelope.meta.text
        : `The instance did not take the archive (${response.status}).`;
    throw new Error(text);
  }
  return restoreArchive.output.parse(envelope?.data);
}
