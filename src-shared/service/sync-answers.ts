import type { ConflictAnswer, RemoteStatusAnswer, ThreadRefreshAnswer } from '../api/sync-answers';
import { unixOfDate } from '../util/time';
import type { Conflict, ConflictVersion, RemoteStatus, ThreadRefresh } from '../sync/engine';

/**
 * What sync says in its terms (Dates, null for none), as the wire says it (api/sync-answers.ts): unix
 * seconds, and `false` for none, as the spec's envelope does.
 */

const unixOrFalse = (date: Date | null): number | false => (date === null ? false : unixOfDate(date));

/** A remote's status, as `GET /api/sync/remotes` lists it (docs/sync.md). */
export function remoteStatusAnswer(status: RemoteStatus): RemoteStatusAnswer {
  const { lastError, progress, lastCycle } = status;
  return {
    guid: status.guid,
    base_url: status.baseUrl,
    interface: status.interface,
    server: status.server
      ? { software: status.server.software, kinds: status.server.kinds, extensions: status.server.extensions }
      : false,
    account: status.account,
    personas: status.personas.map((p) => ({ guid: p.guid, as: p.handle, name: p.name })),
    channels: status.channels.map((c) => ({ guid: c.guid, name: c.name, stand_in: c.standIn })),
    poll_seconds: status.pollSeconds,
    syncing: status.syncing,
    last_pull_unix: unixOrFalse(status.lastPull),
    last_push_unix: unixOrFalse(status.lastPush),
    pending: status.pending,
    waiting: status.waiting.map((item) => ({ seq: item.seq, op: item.op, post_guid: item.postGuid })),
    attention: status.attention.map((item) => ({
      seq: item.seq,
      op: item.op,
      post_guid: item.postGuid,
      reason: item.reason,
    })),
    conflicts: status.conflicts.map((c) => ({
      post_guid: c.postGuid,
      remote_updated_unix: unixOfDate(c.remoteUpdated),
      detected_unix: unixOfDate(c.detected),
    })),
    last_error: lastError ? lastError.failure.message : false,
    last_error_unix: unixOrFalse(lastError?.at ?? null),
    last_error_kind: lastError ? lastError.failure.kind : false,
    failing_since_unix: unixOrFalse(status.failingSince),
    next_try_unix: unixOrFalse(status.nextTry),
    progress: progress
      ? {
          started_unix: unixOfDate(progress.started),
          step: progress.step,
          read: progress.read,
          stored: progress.stored,
        }
      : false,
    last_cycle: lastCycle
      ? {
          started_unix: unixOfDate(lastCycle.started),
          finished_unix: unixOfDate(lastCycle.finished),
          sent: lastCycle.sent,
          stored: lastCycle.stored,
          ok: lastCycle.ok,
        }
      : false,
  };
}

const versionAnswer = (version: ConflictVersion): ConflictAnswer['local'] => ({
  title: version.title ?? false,
  text: version.text,
  tags: [...version.tags],
  updated_unix: unixOfDate(version.updated),
});

/** A post edited here and on its remote, as `GET /api/sync/conflicts` lists it. */
export const conflictAnswer = (conflict: Conflict): ConflictAnswer => ({
  post_guid: conflict.postGuid,
  remote_guid: conflict.remoteGuid,
  local: versionAnswer(conflict.local),
  remote: versionAnswer(conflict.remote),
  detected_unix: unixOfDate(conflict.detected),
});

/** A post's conversation read again on its remote. */
export const threadRefreshAnswer = (refresh: ThreadRefresh): ThreadRefreshAnswer => ({
  post_guid: refresh.postGuid,
  gone: refresh.gone,
  stored: refresh.stored,
});
