import { DEFAULT_TIMEOUT_MS } from '../client/transport';
import type { RemoteRow } from '../store/sync-rows';
import { isFailing, noteFailedCycle, noteGoodCycle, pollInterval } from './backoff';
import type { SyncEngineDeps } from './engine';
import { failureOf } from './failure';
import type { SeenVersions } from './pull-pages';
import { pullRemote } from './pull-remote';
import { lastSeq } from '../store/drafts';
import { exchangeDrafts } from './drafts-exchange';
import { syncReadingPlaces, type Exchange } from './reading-places';
import { countingReads, createProgressBoard, type CycleOutcome, type CycleProgress } from './progress';
import { drainOutbox } from './push';
import type { RemoteAccess } from './remote-access';

/** One push-then-pull cycle per remote at a time, and which remotes are due for one. */
export interface Cycles {
  /** Runs a cycle of the remote, or joins the one running. A person asking (`manual`) does not wait out the backoff of earlier failures. */
  run: (guid: string, manual: boolean) => Promise<void>;
  /** Remotes whose poll is due, or with outbox items due (see scheduler.ts). */
  dueRemotes: () => Promise<string[]>;
  /** Resolves when no cycle is running. */
  whenIdle: () => Promise<void>;
  /** Cuts the remote's cycle under way short (a removed remote), and resolves once it has ended. */
  cancel: (guid: string) => Promise<void>;
  /**
   * Starts no more cycles. Those under way get `graceMs` to end by themselves (a page on its way is stored,
   * a send answered is not left uncertain), then are cut short; resolves once every one has ended.
   */
  stop: (graceMs: number) => Promise<void>;
  /** What the remote's cycle under way has done so far. */
  progress: (guid: string) => CycleProgress | undefined;
  /** What the remote's last cycle since this engine started came to. */
  lastOutcome: (guid: string) => CycleOutcome | undefined;
  /** When the scheduler next runs a cycle of the remote, give or take a tick: its last cycle and its interval. */
  nextPollUnix: (remote: Pick<RemoteRow, 'guid' | 'pollSeconds' | 'failedCycles'>) => number;
}

/**
 * A request that got no answer within the timeout may still reach the remote: it is not sent again for four
 * times as long as its answer was waited for (a minute by default), when the look for its copy finds it.
 */
/** How soon after the last cycle a draft changed here starts the next one (drafts-exchange.ts). */
export const DRAFTS_EVERY_SECONDS = 15;

const inFlightSeconds = (deps: Pick<SyncEngineDeps, 'timeoutMs'>): number =>
  Math.ceil((4 * (deps.timeoutMs ?? DEFAULT_TIMEOUT_MS)) / 1000);

export function createCycles(deps: SyncEngineDeps, access: RemoteAccess): Cycles {
  const { db } = deps;
  /** Each remote's cycle under way, and what cuts it short. */
  const running = new Map<string, { done: Promise<void>; stop: AbortController }>();
  /** Set once stopping began; a second stop waits for the first. */
  let stopped: Promise<void> | undefined;
  const board = createProgressBoard(deps.onStatus);
  /** When each remote's last cycle began; not kept, so a start tries every remote once at once (backoff.ts). */
  const lastCycle = new Map<string, number>();
  /** When each remote's reading places were last compared with this desk's (reading-places.ts); not kept. */
  const placesExchanged = new Map<string, Exchange>();
  /** When each remote's drafts were last exchanged with this desk's (drafts-exchange.ts); not kept. */
  const draftsExchanged = new Map<string, number>();
  /** Per remote and timeline, the versions of the last pages stored: an idle poll then writes nothing. */
  const seen = new Map<string, SeenVersions>();
  const seenFor = (guid: string, timeline: string) => {
    const key = `${guid} ${timeline}`;
    const versions: SeenVersions = seen.get(key) ?? new Map<string, string>();
    seen.set(key, versions);
    return versions;
  };

  /**
   * Step 1 pushes (so that what was written here is there before reading back), step 2 pulls. What the
   * remote does wrong is noted on its row (backoff.ts); the cycle throws only for a removed remote or the store.
   * Answers how many items it sent and whether it ended without a failure; `progress` follows it as it goes.
   * Cut short by `signal`, it ends with what it stored (whole pages, items sent), and notes no failure: the
   * remote did nothing wrong.
   */
  const cycle = async (
    guid: string,
    manual: boolean,
    progress: CycleProgress,
    signal: AbortSignal,
  ): Promise<{ sent: number; ok: boolean }> => {
    const stored = await access.remote(guid);
    lastCycle.set(guid, deps.now());
    const token = await access.openToken(stored);
    if (typeof token !== 'string') return { sent: 0, ok: false };
    const noteFailure = async (error: unknown) => {
      if (!signal.aborted) await noteFailedCycle(db, guid, failureOf(error), deps.now());
    };
    let remote: RemoteRow;
    try {
      remote = await access.described(stored, token, signal);
    } catch (error) {
      await noteFailure(error);
      return { sent: 0, ok: false };
    }
    const connection = countingReads(access.connect(remote, token, signal), progress);
    const push = await drainOutbox(db, {
      remote,
      connection,
      now: deps.now,
      ignoreBackoff: manual,
      inFlightSeconds: inFlightSeconds(deps),
      signal,
    });
    if (push.sent > 0) await db.remotes.update(guid, { lastPushUnix: deps.now() });
    if (signal.aborted) return { sent: push.sent, ok: false };
    // Unreachable, or refusing the token: pulling would fail the same way.
    if (push.stoppedBy?.kind === 'offline' || push.stoppedBy?.kind === 'auth') {
      await noteFailedCycle(db, guid, push.stoppedBy, deps.now());
      return { sent: push.sent, ok: false };
    }
    progress.step = 'pull';
    try {
      await connection.checkToken();
      const { mentioning } = await pullRemote(db, {
        remote,
        connection,
        now: deps.now,
        seenFor: (timeline) => seenFor(guid, timeline),
        progress,
        signal,
      });
      // The first pull brings the past, not news.
      if (mentioning > 0 && remote.lastPullUnix !== null) deps.onNewMentions?.(mentioning);
      // Reading places last: the posts they name are here and there by now.
      if (connection.markers) {
        const exchange = await syncReadingPlaces(db, {
          remote,
          markers: connection.markers,
          now: deps.now(),
          manual,
          last: placesExchanged.get(guid) ?? null,
        });
        if (exchange) placesExchanged.set(guid, exchange);
      }
      if (connection.drafts) {
        const at = deps.now();
        const last = draftsExchanged.get(guid) ?? null;
        const input = { remote, drafts: connection.drafts, now: at, manual, lastUnix: last };
        if (await exchangeDrafts(db, input)) draftsExchanged.set(guid, at);
      }
      await noteGoodCycle(db, guid, deps.now(), push.stoppedBy);
      return { sent: push.sent, ok: push.stoppedBy === null };
    } catch (error) {
      await noteFailure(error);
      return { sent: push.sent, ok: false };
    }
  };

  /** The cycle with its progress on the board while it runs, and what it came to once it ends (even by throwing). */
  const tracked = async (guid: string, manual: boolean, signal: AbortSignal): Promise<void> => {
    const progress = board.begin(guid, deps.now());
    let outcome = { sent: 0, ok: false };
    try {
      outcome = await cycle(guid, manual, progress, signal);
    } finally {
      board.end(guid, {
        startedUnix: progress.startedUnix,
        finishedUnix: deps.now(),
        stored: progress.stored,
        ...outcome,
      });
    }
  };

  return {
    run: (guid, manual) => {
      const already = running.get(guid);
      if (already) return already.done;
      if (stopped) return Promise.resolve();
      const stop = new AbortController();
      const done = tracked(guid, manual, stop.signal).finally(() => running.delete(guid));
      running.set(guid, { done, stop });
      return done;
    },
    dueRemotes: async () => {
      const now = deps.now();
      const due: string[] = [];
      // The last draft change, read once for every remote.
      const lastDraft = await lastSeq(db);
      for (const remote of await db.remotes.toArray()) {
        if (running.has(remote.guid)) continue;
        const pollDue = (lastCycle.get(remote.guid) ?? 0) + pollInterval(remote) <= now;
        const outboxDue = await db.outbox
          .where('[remoteGuid+seq]')
          .between([remote.guid, -Infinity], [remote.guid, Infinity])
          .filter((item) => item.state === 'pending' && item.nextAttemptUnix <= now)
          .count();
        // Drafts changed here are taken there soon, not at every save: a person typing saves every second.
        const draftsDue =
          remote.server?.extensions.includes('drafts') === true &&
          (lastCycle.get(remote.guid) ?? 0) + DRAFTS_EVERY_SECONDS <= now &&
          lastDraft > ((await db.draftCursors.get(remote.guid))?.hereSeq ?? 0);
        // While a remote is failing, waiting items do not cut its backoff short.
        if (pollDue || ((outboxDue > 0 || draftsDue) && !isFailing(remote))) due.push(remote.guid);
      }
      return due;
    },
    whenIdle: async () => {
      await Promise.allSettled([...running.values()].map((cycle) => cycle.done));
    },
    cancel: async (guid) => {
      const cycle = running.get(guid);
      cycle?.stop.abort();
      await cycle?.done.catch(() => undefined);
    },
    stop: (graceMs) =>
      (stopped ??= (async () => {
        const cycles = [...running.values()];
        const ended = Promise.allSettled(cycles.map((cycle) => cycle.done));
        let timer: ReturnType<typeof setTimeout> | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
        await Promise.race([ended, grace]);
        clearTimeout(timer);
        for (const cycle of cycles) cycle.stop.abort();
        await ended;
      })()),
    progress: (guid) => board.running(guid),
    lastOutcome: (guid) => board.last(guid),
    nextPollUnix: (remote) => (lastCycle.get(remote.guid) ?? deps.now()) + pollInterval(remote),
  };
}
