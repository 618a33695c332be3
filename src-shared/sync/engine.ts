import type { AddRemoteInput } from '../api/sync-inputs';
import type { SettleAction } from '../api/vocabulary';
import type { PublishingDb } from '../store/db';
import { listConflicts, resolveConflict } from './conflicts';
import { createCycles } from './cycle';
import { createRemoteAccess } from './remote-access';
import { createRemotes } from './remotes';
import type { SecretBox } from './secret-box';
import { settleItem } from './settle';
import type { RemoteStatus } from './status';

export interface SyncEngineDeps {
  db: PublishingDb;
  box: SecretBox;
  /** Unix seconds. */
  now: () => number;
  fetch?: typeof globalThis.fetch;
  /** Per request to a remote. */
  timeoutMs?: number;
  /** Told how many posts mentioning a linked Persona a cycle brought (the desktop notifies). */
  onNewMentions?: (count: number) => void;
  /**
   * Told that a remote's status reads differently without its row having changed: a cycle began, moved on
   * (a page read or stored) or ended (the page's event stream passes it on, docs/sync.md).
   */
  onStatus?: ((guid: string) => void) | undefined;
}

export interface SyncEngine {
  addRemote(input: AddRemoteInput): Promise<RemoteStatus>;
  listRemotes(): Promise<RemoteStatus[]>;
  /** One full push and pull cycle now; answers when it is done (or joins the one running). */
  syncRemote(guid: string): Promise<RemoteStatus>;
  removeRemote(guid: string): Promise<void>;
  /**
   * The person's answer to an item stopped in `attention`: `retry` puts it back in line (after they fixed
   * the post, say), `discard` drops it (the change stays here only).
   */
  settleItem(seq: number, action: SettleAction): Promise<void>;
  /** Changes how often the remote is polled. */
  updateRemote(guid: string, input: { poll_seconds: number }): Promise<RemoteStatus>;
  /** Remotes whose poll is due, or with outbox items due (see scheduler.ts). */
  dueRemotes(): Promise<string[]>;
  /** Reads a remote post's conversation there now; marks the post gone when the remote no longer has it. */
  refreshThread(postGuid: string): Promise<{ post_guid: string; gone: boolean; stored: number }>;
  listConflicts(): ReturnType<typeof listConflicts>;
  resolveConflict(postGuid: string, keep: 'local' | 'remote'): Promise<void>;
  /** A scheduled cycle: it respects the backoff of earlier failures. */
  runScheduled(guid: string): Promise<void>;
  /** Resolves when no cycle is running. */
  whenIdle(): Promise<void>;
}

/**
 * The sync engine: remotes (remotes.ts), one push-then-pull cycle per remote at a time (cycle.ts), and the
 * backoff of remotes that keep failing (backoff.ts), over one way of getting at a remote (remote-access.ts).
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const access = createRemoteAccess(deps);
  const cycles = createCycles(deps, access);
  return {
    ...createRemotes(deps, access, cycles),
    settleItem: (seq, action) => settleItem(deps.db, seq, action, deps.now()),
    dueRemotes: () => cycles.dueRemotes(),
    listConflicts: () => listConflicts(deps.db),
    resolveConflict: (postGuid, keep) => resolveConflict(deps.db, postGuid, keep, deps.now()),
    runScheduled: (guid) => cycles.run(guid, false),
    whenIdle: () => cycles.whenIdle(),
  };
}
