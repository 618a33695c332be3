import { stagedRestoreAnswer, type StagedRestoreAnswer } from '../../../src-shared/api/backups';
import { loadSession } from '../../api/saved-session';

/** Where the host takes an archive to restore (src-main/archive/restore-route.ts, docs/api.md). */
const RESTORE_PATH = '/api/instance/restore';

/**
 * Sends the file as the request's body, with the session's token, and answers what was staged. The host's
 * refusal (a bad or oversized archive) is thrown in its own words.
 */
export async function uploadArchive(file: File): Promise<StagedRestoreAnswer> {
  const token = loadSession()?.token;
  const response = await fetch(RESTORE_PATH, { method: 'POST', headers: { 'content-type': 'application/zip', ...(token ? { authorization: token } : {}) }, body: file });
  const envelope = (await response.json().catch(() => null)) as { meta?: { text?: unknown }; data?: unknown } | null;
  if (!response.ok) {
    const text = typeof envelope?.meta?.text === 'string' ? envelope.meta.text : `The instance did not take the archive (${response.status}).`;
    throw new Error(text);
  }
  return stagedRestoreAnswer.parse(envelope?.data);
}
