import { create } from 'zustand';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { isRemoteError } from '../../src-shared/client/errors';
import { POST_TYPE_WORDS, typeInSentence } from '../util/post-type-words';
import { deskBridge } from '../api/bridge';
import { clients, describeFailure } from './session';
import { forgetSent } from './unsent';
import { useTimelines } from './timelines';
import { showError } from './toasts';
import { useUi } from './ui';

/** The remotes and how their sync stands, read from `GET /api/sync/remotes` every few seconds. */
interface SyncStore {
  remotes: RemoteStatusAnswer[];
  /** False on a host that runs no sync (503). */
  available: boolean;
  loaded: boolean;
  syncingNow: boolean;
  /** Remotes a sync asked for from this page is running with, shown as "Syncing…" until it answers. */
  syncingHere: string[];
  refresh: () => Promise<void>;
  syncNow: () => Promise<void>;
  /** One remote's Sync now: its status line says "Syncing…" while it runs. */
  syncOne: (guid: string) => Promise<void>;
  put: (remote: RemoteStatusAnswer) => void;
  drop: (guid: string) => void;
}

export const useSync = create<SyncStore>((set, get) => ({
  remotes: [],
  available: true,
  loaded: false,
  syncingNow: false,
  syncingHere: [],

  refresh: async () => {
    try {
      const remotes = await clients().desk.remotes();
      set({ remotes, available: true, loaded: true });
      forgetSent(remotes);
    } catch (error) {
      if (isRemoteError(error) && error.status === 503) set({ available: false, loaded: true });
      // Otherwise the instance itself did not answer; the last known state stays on screen.
    }
  },

  syncNow: async () => {
    set({ syncingNow: true, syncingHere: get().remotes.map((r) => r.guid) });
    try {
      const bridge = deskBridge();
      if (bridge) await bridge.syncNow();
      else await Promise.all(get().remotes.map(async (r) => get().put(await clients().desk.syncRemote(r.guid))));
      await get().refresh();
      // Posts sent just now may have taken their remote's GUIDs: the timeline on screen reads its top again.
      const active = useUi.getState().activeTimeline;
      if (active !== null) await useTimelines.getState().poll(active, true);
    } catch (error) {
      showError(`Sync did not finish: ${describeFailure(error)}`);
    } finally {
      set({ syncingNow: false, syncingHere: [] });
    }
  },

  syncOne: async (guid) => {
    set({ syncingHere: [...get().syncingHere, guid] });
    try {
      get().put(await clients().desk.syncRemote(guid));
      forgetSent(get().remotes);
    } finally {
      set({ syncingHere: get().syncingHere.filter((g) => g !== guid) });
    }
  },

  put: (remote) => {
    const remotes = get().remotes;
    set({ remotes: remotes.some((r) => r.guid === remote.guid) ? remotes.map((r) => (r.guid === remote.guid ? remote : r)) : [...remotes, remote] });
  },
  drop: (guid) => set({ remotes: get().remotes.filter((r) => r.guid !== guid) }),
}));

export type SyncHealth = 'synced' | 'syncing' | 'offline' | 'waiting' | 'attention' | 'never';

/** Connection failures as the sync engine words them (docs/sync.md); anything else needs the person. */
const UNREACHABLE = /cannot be reached|could not connect|did not answer|no answer|broke before|broke off|unreachable|could not reach|ECONN|timed? ?out/i;

/**
 * One remote's state in words: the status line of issue item 7. While a sync runs, the count of what waits
 * to be sent is its progress: the line is read again every second and the count goes down.
 */
export function describeRemote(remote: RemoteStatusAnswer, now = Date.now() / 1000, syncingHere = false): { health: SyncHealth; text: string } {
  const waiting = remote.pending > 0 ? `${remote.pending} waiting to send` : '';
  const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  if (remote.syncing || syncingHere) return { health: 'syncing', text: join('Syncing…', waiting) };
  // `false` when the last sync went without an error.
  if (remote.last_error) {
    if (UNREACHABLE.test(remote.last_error)) return { health: 'offline', text: join('Offline', waiting) };
    return { health: 'attention', text: join(`Needs attention: ${remote.last_error}`, waiting) };
  }
  const stopped = remote.attention[0];
  if (stopped) return { health: 'attention', text: join(`Needs attention: ${stopped.reason}`, waiting) };
  if (remote.conflicts.length > 0) return { health: 'attention', text: join(`${remote.conflicts.length} edited on both sides: choose a version`, waiting) };
  if (waiting) return { health: 'waiting', text: waiting };
  if (remote.last_pull_unix === false) return { health: 'never', text: 'Not synced yet' };
  return { health: 'synced', text: `Synced ${agoText(now - remote.last_pull_unix)}` };
}

function agoText(seconds: number): string {
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} days ago`;
}

/**
 * What the remote is and what it takes, in words: "10Centuries (matigo/streams) · instance interface ·
 * takes notes, articles, bookmarks and quotations". Until a remote added before this was recorded is asked
 * (its next sync), only the interface is known.
 */
export function describeServer(remote: RemoteStatusAnswer): string {
  const api = `${remote.interface} interface`;
  const { server } = remote;
  if (server === false) return api;
  const known: readonly string[] = Object.keys(POST_TYPE_WORDS);
  const offered: readonly string[] = server.kinds;
  const kinds = [...known.filter((k) => offered.includes(k)), ...offered.filter((k) => !known.includes(k))].map(typeInSentence);
  const takes = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1) ?? ''}` : (kinds[0] ?? 'no posts');
  return [server.software, api, `takes ${takes}`].filter(Boolean).join(' · ');
}

export const remoteName = (remote: RemoteStatusAnswer): string => {
  try {
    return new URL(remote.base_url).host;
  } catch {
    return remote.base_url;
  }
};
