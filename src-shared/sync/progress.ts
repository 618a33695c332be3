import type { RemoteConnection, RemoteTimeline } from './connection';
import type { TimelineReader } from './pull';
import type { WalkReader } from './pull-walk';
import type { PulledPost } from './pulled-post';

/**
 * What a cycle under way has done so far, for the status a person watches while a long first pull runs.
 * No remote says how many posts it holds, so there is no total: only what was read and stored.
 */
export interface CycleProgress {
  readonly startedUnix: number;
  /** Step 1 sends what waits in the outbox (`pending` counts it down), step 2 reads the remote. */
  step: 'send' | 'pull';
  /** Posts on the pages read so far (a page read again across a cursor's overlap counts again). */
  read: number;
  /** Of those, new or changed here; counted as each page is stored. */
  stored: number;
}

/** What the last cycle came to; kept in memory only, so a restart forgets it until the next one. */
export interface CycleOutcome {
  readonly startedUnix: number;
  readonly finishedUnix: number;
  readonly sent: number;
  readonly stored: number;
  /** It ended without a failure (a push stopped for a passing reason still counts as a failure). */
  readonly ok: boolean;
}

/** The progress of each remote's cycle under way and the outcome of its last, by remote GUID. */
export interface ProgressBoard {
  begin(guid: string, now: number): CycleProgress;
  end(guid: string, outcome: CycleOutcome): void;
  running(guid: string): CycleProgress | undefined;
  last(guid: string): CycleOutcome | undefined;
}

/** `changed` is told the remote's GUID whenever its cycle begins, ends, or its progress moves on. */
export function createProgressBoard(changed: (guid: string) => void = () => undefined): ProgressBoard {
  const running = new Map<string, CycleProgress>();
  const last = new Map<string, CycleOutcome>();
  return {
    begin: (guid, now) => {
      // Every step of a cycle moves its progress on by setting a field: each is told as it is set.
      const progress = new Proxy<CycleProgress>(
        { startedUnix: now, step: 'send', read: 0, stored: 0 },
        { set: (target, field, value) => Reflect.set(target, field, value) && (changed(guid), true) },
      );
      running.set(guid, progress);
      changed(guid);
      return progress;
    },
    end: (guid, outcome) => {
      running.delete(guid);
      last.set(guid, outcome);
      changed(guid);
    },
    running: (guid) => running.get(guid),
    last: (guid) => last.get(guid),
  };
}

/** The connection with every page its timelines read counted into `progress.read` as it arrives. */
export function countingReads(connection: RemoteConnection, progress: CycleProgress): RemoteConnection {
  const counted = <T extends readonly PulledPost[]>(page: T): T => {
    progress.read += page.length;
    return page;
  };
  const timeline = (t: RemoteTimeline): RemoteTimeline => {
    switch (t.paging) {
      case 'forward':
        return { ...t, readAfter: async (since) => counted(await t.readAfter(since)) };
      case 'walk': {
        const read: WalkReader = async (query) => counted(await t.read(query));
        return { ...t, read };
      }
      case 'backward': {
        const read: TimelineReader = async (query) => counted(await t.read(query));
        return { ...t, read };
      }
    }
  };
  return {
    ...connection,
    timelines: connection.timelines.map(timeline),
    personaHistory: (guid) => {
      const history = connection.personaHistory(guid);
      return history && timeline(history);
    },
  };
}
