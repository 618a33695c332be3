import type { PublishingDb } from '../store/db';
import type { RemoteRow } from '../store/sync-rows';
import { failureWords, type SyncFailure } from './failure';

/**
 * How a remote that keeps failing (offline, token refused, server errors) is polled less often: each cycle
 * in a row that failed doubles its poll interval, up to an hour, and a good cycle ends it. The count is kept
 * on the remote's row, so a restart does not start hammering a remote that was failing; the time of the
 * last cycle is not, so an app that starts tries every remote at once.
 */
export const MAX_POLL_BACKOFF_SECONDS = 3600;

/** Seconds between two polls of this remote now. */
export const pollInterval = (remote: Pick<RemoteRow, 'pollSeconds' | 'failedCycles'>): number =>
  Math.min(MAX_POLL_BACKOFF_SECONDS, remote.pollSeconds * 2 ** (remote.failedCycles ?? 0));

/** While a remote is failing, items waiting to be sent do not cut its backoff short. */
export const isFailing = (remote: Pick<RemoteRow, 'failedCycles'>): boolean => (remote.failedCycles ?? 0) > 0;

/**
 * A cycle that failed: the reason and its kind are kept for the person, with when the failing began (the
 * first failed cycle of this row of them), and the next poll waits twice as long.
 */
export async function noteFailedCycle(
  db: PublishingDb,
  guid: string,
  failure: SyncFailure,
  now: number,
): Promise<void> {
  const reason = failureWords(failure);
  await db.remotes
    .where('guid')
    .equals(guid)
    .modify((remote) => {
      remote.failingSinceUnix = (remote.failedCycles ?? 0) > 0 ? (remote.failingSinceUnix ?? now) : now;
      remote.failedCycles = (remote.failedCycles ?? 0) + 1;
      remote.lastError = reason;
      remote.lastErrorKind = failure.kind;
      remote.lastErrorUnix = now;
    });
}

/**
 * A cycle that went well (its pull did): the remote is polled at its own interval again. A push that
 * stopped for a passing reason (a 500, an unanswered request) is still the news, even when pulling went well.
 */
export async function noteGoodCycle(
  db: PublishingDb,
  guid: string,
  now: number,
  pushStoppedBy: SyncFailure | null,
): Promise<void> {
  const news = pushStoppedBy
    ? { lastError: failureWords(pushStoppedBy), lastErrorKind: pushStoppedBy.kind, lastErrorUnix: now }
    : {};
  await db.remotes.update(guid, { lastPullUnix: now, ...NO_FAILURE, ...news });
}

/** A remote's row after it answered well: no failure shown, and polled at its own interval again. */
export const NO_FAILURE = {
  lastError: null,
  lastErrorKind: null,
  lastErrorUnix: null,
  failedCycles: 0,
  failingSinceUnix: null,
} satisfies Partial<RemoteRow>;
