import type { SettleAction } from '../api/vocabulary';
import type { PublishingDb } from '../store/db';
import type { RemoteInterface } from '../store/sync-rows';
import { listConflicts, resolveConflict } from './conflicts';
import { createCycles } from './cycle';
import { createRemoteAccess } from './remote-access';
import { createRemotes } from './remotes';
import type { SecretBox } from './secret-box';
import { settleItem } from './settle';
import type { ThreadRefresh } from './refresh';
import type { RemoteStatus } from './status';

export { SyncRefusal, type SyncRefusalReason } from './refusal';
export type { Conflict, ConflictVersion } from './conflicts';
export type { ThreadRefresh } from './refresh';
export type { RemoteStatus } from './status';

export interface SyncEngineDeps {
  db: PublishingDb;
  box: SecretBox;
  /** Unix seconds. */
  now: () => number;
  fetch?: typeof globalThis.fetch;
  /** Per request to a remote. */
  timeoutMs?: number;
  /** Told how many posts mentioning a linked Persona a cycle brought (the desktop notifies). */
  onNewMentions?: ((count: number) => void) | undefined;
  /**
   * Told that a remote's status reads differently without its row having changed: a cycle began, moved on
   * (a page read or stored) or ended (the page's event stream passes it on, docs/sync.md).
   */
  onStatus?: ((guid: string) => void) | undefined;
}

/** A remote to add: where it is, the interface it speaks, and how to get its token. */
export interface NewRemote {
  /** As the person gave it; normalised (remotes.ts) before anything is asked there. */
  baseUrl: string;
  interface: RemoteInterface;
  /** A token, or the account's name and password to sign in with (`POST /api/auth/login` there). */
  credentials: { token: string } | { name: string; password: string };
  pollSeconds: number;
}

export interface SyncEngine {
  addRemote(remote: NewRemote): Promise<RemoteStatus>;
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
  updateRemote(guid: string, change: { pollSeconds: number }): Promise<RemoteStatus>;
  /** Remotes whose poll is due, or with outbox items due (see scheduler.ts). */
  dueRemotes(): Promise<string[]>;
  /** Reads a remote post's conversation there now; marks the post gone when the remote no longer has it. */
  refreshThread(postGuid: string): Promise<ThreadRefresh>;
  listConflicts(): ReturnType<typeof listConflicts>;
  resolveConflict(postGuid: string, keep: 'local' | 'remote'): Promise<void>;
  /** A scheduled cycle: it respects the backoff of earlier failures. */
  runScheduled(guid: string): Promise<void>;
  /** Resolves when no cycle is running. */
  whenIdle(): Promise<void>;
  /**
   * Runs no more cycles, and ends those under way: each gets a moment (STOP_GRACE_MS) to end by itself,
   * then its requests are cut off, so stopping never waits out a remote's timeout. What a cut cycle leaves
   * is whole: each page stored with its cursor or not at all, and an item whose request was out is sent
   * again only after a look for the copy it may have made. A second call waits for the first.
   */
  stop(): Promise<void>;
}

/**
 * How long stopping lets the cycles under way end by themselves: a page about to arrive is stored rather
 * than read again at the next start, and a send about to be answered is not left uncertain.
 */
export const STOP_GRACE_MS = 2_000;

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
    stop: () => cycles.stop(STOP_GRACE_MS),
  };
}
