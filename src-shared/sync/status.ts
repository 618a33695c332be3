import type { PublishingDb } from '../store/db';
import type { OutboxOp, RemoteInterface, RemoteRow, RemoteServer } from '../store/sync-rows';
import { dateOfUnix } from '../util/time';
import { isLinkedPersona } from './identity';
import type { Cycles } from './cycle';
import type { SyncFailure } from './failure';
import type { CycleProgress } from './progress';

/** Pending outbox items listed by `waiting`; `pending` counts them all. */
const WAITING_LISTED = 250;

/** An item of the outbox as a person sees it: which change of which post. */
export interface OutboxEntry {
  seq: number;
  op: OutboxOp;
  postGuid: string;
}

/**
 * What a person sees of one remote (docs/sync.md), in sync's terms: times are Dates, and what there is none
 * of is null. The token is never part of it. The service says it on the wire (service/sync-answers.ts).
 */
export interface RemoteStatus {
  guid: string;
  baseUrl: string;
  interface: RemoteInterface;
  /** What the remote is and what it takes; null for a remote added before this was recorded, until it is asked. */
  server: Pick<RemoteServer, 'software' | 'kinds' | 'extensions'> | null;
  account: string;
  /** Linked Personas, `handle` as they are known here. */
  personas: { guid: string; handle: string; name: string }[];
  /** `standIn`: the remote lists no Channels, and this local one stands in for its default. */
  channels: { guid: string; name: string; standIn: boolean }[];
  pollSeconds: number;
  syncing: boolean;
  lastPull: Date | null;
  lastPush: Date | null;
  /** Items waiting to be sent; `waiting` lists the first of them, in the order they will go. */
  pending: number;
  waiting: OutboxEntry[];
  /** Items stopped for a reason retrying cannot fix. */
  attention: (OutboxEntry & { reason: string })[];
  conflicts: { postGuid: string; remoteUpdated: Date; detected: Date }[];
  /** The last failure, in the words a person reads (failureWords), and when it was; null after a success. */
  lastError: { failure: Pick<SyncFailure, 'kind' | 'message'>; at: Date | null } | null;
  /** When the cycles that keep failing began to; null while the last one went well. */
  failingSince: Date | null;
  /** When the scheduler runs the next cycle, give or take its tick; null while one runs. */
  nextTry: Date | null;
  /** What the cycle under way has done so far; null while none runs. */
  progress: { started: Date; step: CycleProgress['step']; read: number; stored: number } | null;
  /** What the last cycle since this engine started came to; null until one ran. */
  lastCycle: { started: Date; finished: Date; sent: number; stored: number; ok: boolean } | null;
}

const dateOrNull = (unix: number | null | undefined): Date | null => (unix == null ? null : dateOfUnix(unix));

/** The status of one remote, from its row, its outbox and conflicts, and the cycles of this engine. */
export async function remoteStatus(
  db: PublishingDb,
  remote: RemoteRow,
  cycles: Pick<Cycles, 'progress' | 'lastOutcome' | 'nextPollUnix'>,
): Promise<RemoteStatus> {
  const progress = cycles.progress(remote.guid);
  const last = cycles.lastOutcome(remote.guid);
  const personas = (await db.personas.toArray()).filter((p) => isLinkedPersona(p) && p.remoteGuid === remote.guid);
  const channels = (await db.channels.toArray()).filter((c) => c.remoteGuid === remote.guid);
  // Every stored item has its number (only a row not yet added lacks one).
  const items = (
    await db.outbox.where('[remoteGuid+seq]').between([remote.guid, -Infinity], [remote.guid, Infinity]).toArray()
  ).flatMap((item) => (item.seq === undefined ? [] : [{ ...item, seq: item.seq }]));
  const conflicts = await db.conflicts.where('remoteGuid').equals(remote.guid).toArray();
  return {
    guid: remote.guid,
    baseUrl: remote.baseUrl,
    interface: remote.interface,
    server: remote.server
      ? { software: remote.server.software, kinds: remote.server.kinds, extensions: remote.server.extensions }
      : null,
    account: remote.accountRef,
    personas: personas.map((p) => ({ guid: p.guid, handle: p.handle, name: p.name })),
    channels: channels.map((c) => ({ guid: c.guid, name: c.name, standIn: !remote.channelsLinked })),
    pollSeconds: remote.pollSeconds,
    syncing: progress !== undefined,
    lastPull: dateOrNull(remote.lastPullUnix),
    lastPush: dateOrNull(remote.lastPushUnix),
    pending: items.filter((item) => item.state === 'pending').length,
    // Which posts still wait, in the order they will go: a post can say so, whatever the change.
    waiting: items
      .filter((item) => item.state === 'pending')
      .slice(0, WAITING_LISTED)
      .map((item) => ({ seq: item.seq, op: item.op, postGuid: item.postGuid })),
    attention: items
      .filter((item) => item.state === 'attention')
      .map((item) => ({ seq: item.seq, op: item.op, postGuid: item.postGuid, reason: item.error ?? '' })),
    conflicts: conflicts.map((c) => ({
      postGuid: c.postGuid,
      remoteUpdated: dateOfUnix(c.remote.updatedUnix),
      detected: dateOfUnix(c.detectedUnix),
    })),
    // A row kept before the kind was recorded has words and no kind: `protocol`, tried again like it.
    lastError: remote.lastError
      ? {
          failure: { kind: remote.lastErrorKind ?? 'protocol', message: remote.lastError },
          at: dateOrNull(remote.lastErrorUnix),
        }
      : null,
    failingSince: (remote.failedCycles ?? 0) > 0 ? dateOrNull(remote.failingSinceUnix ?? remote.lastErrorUnix) : null,
    nextTry: progress ? null : dateOfUnix(cycles.nextPollUnix(remote)),
    progress: progress
      ? { started: dateOfUnix(progress.startedUnix), step: progress.step, read: progress.read, stored: progress.stored }
      : null,
    lastCycle: last
      ? {
          started: dateOfUnix(last.startedUnix),
          finished: dateOfUnix(last.finishedUnix),
          sent: last.sent,
          stored: last.stored,
          ok: last.ok,
        }
      : null,
  };
}
