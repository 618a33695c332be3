import type { PublishingDb } from '../store/db';
import type { RemoteRow } from '../store/sync-rows';
import { isLinkedPersona } from './identity';
import type { RemoteStatusAnswer } from '../api/sync-answers';
import type { Cycles } from './cycle';

/** Pending outbox items listed by `waiting`; `pending` counts them all. */
const WAITING_LISTED = 250;

/** What `GET /api/sync/remotes` shows of one remote (docs/sync.md). The token is never part of it. */
export async function remoteStatus(
  db: PublishingDb,
  remote: RemoteRow,
  cycles: Pick<Cycles, 'progress' | 'lastOutcome' | 'nextPollUnix'>,
): Promise<RemoteStatusAnswer> {
  const progress = cycles.progress(remote.guid);
  const last = cycles.lastOutcome(remote.guid);
  const personas = (await db.personas.toArray()).filter((p) => isLinkedPersona(p) && p.remoteGuid === remote.guid);
  const channels = (await db.channels.toArray()).filter((c) => c.remoteGuid === remote.guid);
  // Every stored item has its number (only a row not yet added lacks one).
  const items = (await db.outbox.where('[remoteGuid+seq]').between([remote.guid, -Infinity], [remote.guid, Infinity]).toArray()).flatMap(
    (item) => (item.seq === undefined ? [] : [{ ...item, seq: item.seq }]),
  );
  const conflicts = await db.conflicts.where('remoteGuid').equals(remote.guid).toArray();
  return {
    guid: remote.guid,
    base_url: remote.baseUrl,
    interface: remote.interface,
    // What the remote is and what it takes: false until a remote added before this was recorded is asked.
    server: remote.server ? { software: remote.server.software, kinds: remote.server.kinds, extensions: remote.server.extensions } : false,
    account: remote.accountRef,
    personas: personas.map((p) => ({ guid: p.guid, as: p.handle, name: p.name })),
    channels: channels.map((c) => ({ guid: c.guid, name: c.name, stand_in: !remote.channelsLinked })),
    poll_seconds: remote.pollSeconds,
    syncing: progress !== undefined,
    last_pull_unix: remote.lastPullUnix ?? false,
    last_push_unix: remote.lastPushUnix ?? false,
    pending: items.filter((item) => item.state === 'pending').length,
    // Which posts still wait, in the order they will go: a post can say so, whatever the change.
    waiting: items
      .filter((item) => item.state === 'pending')
      .slice(0, WAITING_LISTED)
      .map((item) => ({ seq: item.seq, op: item.op, post_guid: item.postGuid })),
    attention: items
      .filter((item) => item.state === 'attention')
      .map((item) => ({ seq: item.seq, op: item.op, post_guid: item.postGuid, reason: item.error ?? '' })),
    conflicts: conflicts.map((c) => ({ post_guid: c.postGuid, remote_updated_unix: c.remote.updatedUnix, detected_unix: c.detectedUnix })),
    last_error: remote.lastError ?? false,
    last_error_unix: remote.lastErrorUnix ?? false,
    // A row kept before the kind was recorded has words and no kind: `protocol`, tried again like it.
    last_error_kind: remote.lastError ? (remote.lastErrorKind ?? 'protocol') : false,
    failing_since_unix: (remote.failedCycles ?? 0) > 0 ? (remote.failingSinceUnix ?? remote.lastErrorUnix ?? false) : false,
    next_try_unix: progress ? false : cycles.nextPollUnix(remote),
    progress: progress ? { started_unix: progress.startedUnix, step: progress.step, read: progress.read, stored: progress.stored } : false,
    last_cycle: last
      ? { started_unix: last.startedUnix, finished_unix: last.finishedUnix, sent: last.sent, stored: last.stored, ok: last.ok }
      : false,
  };
}

export type RemoteStatus = RemoteStatusAnswer;
