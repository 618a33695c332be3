import { DEFAULT_TIMEOUT_MS } from '../client/transport';
import type { RemoteRow } from '../store/sync-rows';
import { isFailing, noteFailedCycle, noteGoodCycle, pollInterval } from './backoff';
import type { SyncEngineDeps } from './engine';
import { failureOf } from './failure';
import type { SeenVersions } from './pull';
import { pullRemote } from './pull-remote';
import { drainOutbox } from './push';
import type { RemoteAccess } from './remote-access';

/** One push-then-pull cycle per remote at a time, and which remotes are due for one. */
export interface Cycles {
  /** Runs a cycle of the remote, or joins the one running. A person asking (`manual`) does not wait out the backoff of earlier failures. */
  run: (guid: string, manual: boolean) => Promise<void>;
  /** The remote's cycle under way, if one is. */
  underWay: (guid: string) => Promise<void> | undefined;
  /** Remotes whose poll is due, or with outbox items due (see scheduler.ts). */
  dueRemotes: () => Promise<string[]>;
  /** Resolves when no cycle is running. */
  whenIdle: () => Promise<void>;
}

/**
 * A request that got no answer within the timeout may still reach the remote: it is not sent again for four
 * times as long as its answer was waited for (a minute by default), when the look for its copy finds it.
 */
const inFlightSeconds = (deps: Pick<SyncEngineDeps, 'timeoutMs'>): number => Math.ceil((4 * (deps.timeoutMs ?? DEFAULT_TIMEOUT_MS)) / 1000);

export function createCycles(deps: SyncEngineDeps, access: RemoteAccess): Cycles {
  const { db } = deps;
  const running = new Map<string, Promise<void>>();
  /** When each remote's last cycle began; not kept, so a start tries every remote once at once (backoff.ts). */
  const lastCycle = new Map<string, number>();
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
   */
  const cycle = async (guid: string, manual: boolean): Promise<void> => {
    const stored = await access.remote(guid);
    lastCycle.set(guid, deps.now());
    const token = await access.openToken(stored);
    if (typeof token !== 'string') return;
    let remote: RemoteRow;
    try {
      remote = await access.described(stored, token);
    } catch (error) {
      return noteFailedCycle(db, guid, failureOf(error), deps.now());
    }
    const connection = access.connect(remote, token);
    const push = await drainOutbox(db, { remote, connection, now: deps.now, ignoreBackoff: manual, inFlightSeconds: inFlightSeconds(deps) });
    if (push.sent > 0) await db.remotes.update(guid, { lastPushUnix: deps.now() });
    // Unreachable, or refusing the token: pulling would fail the same way.
    if (push.stoppedBy?.kind === 'offline' || push.stoppedBy?.kind === 'auth') return noteFailedCycle(db, guid, push.stoppedBy, deps.now());
    try {
      await connection.checkToken();
      const { mentioning } = await pullRemote(db, { remote, connection, now: deps.now, seenFor: (timeline) => seenFor(guid, timeline) });
      // The first pull brings the past, not news.
      if (mentioning > 0 && remote.lastPullUnix !== null) deps.onNewMentions?.(mentioning);
      await noteGoodCycle(db, guid, deps.now(), push.stoppedBy);
    } catch (error) {
      await noteFailedCycle(db, guid, failureOf(error), deps.now());
    }
  };

  return {
    run: (guid, manual) => {
      const already = running.get(guid);
      if (already) return already;
      const done = cycle(guid, manual).finally(() => running.delete(guid));
      running.set(guid, done);
      return done;
    },
    underWay: (guid) => running.get(guid),
    dueRemotes: async () => {
      const now = deps.now();
      const due: string[] = [];
      for (const remote of await db.remotes.toArray()) {
        if (running.has(remote.guid)) continue;
        const pollDue = (lastCycle.get(remote.guid) ?? 0) + pollInterval(remote) <= now;
        const outboxDue = await db.outbox
          .where('[remoteGuid+seq]')
          .between([remote.guid, -Infinity], [remote.guid, Infinity])
          .filter((item) => item.state === 'pending' && item.nextAttemptUnix <= now)
          .count();
        // While a remote is failing, waiting items do not cut its backoff short.
        if (pollDue || (outboxDue > 0 && !isFailing(remote))) due.push(remote.guid);
      }
      return due;
    },
    whenIdle: async () => {
      await Promise.allSettled([...running.values()]);
    },
  };
}
