import { ErrorText, ServiceError } from '../api/errors';
import { SyncRefusal, type SyncRefusalReason } from '../sync/engine';

/**
 * What the service answers for each refusal of sync (sync/refusal.ts): its code and its words; the
 * refusal's details become `meta.list`. A remote's refusal is answered 422, never 401: a 401 from this
 * instance means that its own token was refused, and a page that reads it so signs out (and loses what the
 * person typed) over a remote's password.
 */
const ANSWERS: Readonly<Record<SyncRefusalReason, { code: number; text: string }>> = {
  'unknown-remote': { code: 404, text: ErrorText.unknownRemote },
  'remote-exists': { code: 409, text: ErrorText.remoteExists },
  'invalid-remote-url': { code: 400, text: ErrorText.invalidParameters },
  'remote-not-linkable': { code: 409, text: ErrorText.invalidParameters },
  'remote-refused-sign-in': { code: 422, text: ErrorText.remoteRefusedSignIn },
  'unreadable-token': { code: 409, text: ErrorText.remoteRefusedSignIn },
  'remote-unreachable': { code: 502, text: ErrorText.remoteUnreachable },
  'remote-unusable': { code: 502, text: ErrorText.remoteUnusable },
  'unknown-conflict': { code: 404, text: ErrorText.unknownConflict },
  'unknown-outbox-item': { code: 404, text: ErrorText.unknownOutboxItem },
  'settle-conflict-first': { code: 409, text: ErrorText.settleConflictFirst },
  'not-synced-post': { code: 400, text: ErrorText.notSyncedPost },
};

/** The error a refusal of sync is answered with; any other error as it is. */
export function inServiceTerms(error: unknown): unknown {
  if (!(error instanceof SyncRefusal)) return error;
  const { code, text } = ANSWERS[error.reason];
  return new ServiceError(code, text, error.details);
}
