import { useEffect } from 'react';
import { create } from 'zustand';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { isRemoteError } from '../../src-shared/client/errors';
import { POST_TYPE_WORDS, typeInSentence } from '../util/post-type-words';
import { deskBridge } from '../api/bridge';
import { clients, describeFailure } from './session';
import { forgetSent } from './unsent';
import { useTimelines } from './timelines';
import { syncOutcomeWords } from './remote-state';
import { showError, useToasts } from './toasts';
import { useUi } from './ui';

/** The remotes and how their sync stands, read from `GET /api/sync/remotes` as the instance says it changed, or every few seconds. */
interface SyncStore {
  remotes: RemoteStatusAnswer[];
  /** False on a host that runs no sync (503). */
  available: boolean;
  loaded: boolean;
  syncingNow: boolean;
  /** Remotes a sync asked for from this page is running with, shown as "Syncing…" until it answers. */
  syncingHere: string[];
  refresh: () => Promise<void>;
  /** Every remote's Sync now; a press while one runs starts nothing. Ends with what it came to, in a message. */
  syncNow: () => Promise<void>;
  /** One remote's Sync now: its status line says "Syncing…" while it runs, and a message what it came to. */
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
    if (get().syncingNow) return;
    set({ syncingNow: true, syncingHere: get().remotes.map((r) => r.guid) });
    try {
      const bridge = deskBridge();
      if (bridge) await bridge.syncNow();
      else await Promise.all(get().remotes.map(async (r) => get().put(await clients().desk.syncRemote(r.guid))));
      await get().refresh();
      tellOutcome(get().remotes);
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
    if (get().syncingHere.includes(guid)) return;
    set({ syncingHere: [...get().syncingHere, guid] });
    try {
      const synced = await clients().desk.syncRemote(guid);
      get().put(synced);
      forgetSent(get().remotes);
      tellOutcome([synced]);
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

/** What a Sync now came to, remote by remote, in one message: an error's tone when one did not finish. */
function tellOutcome(remotes: readonly RemoteStatusAnswer[]): void {
  const outcomes = remotes.map((r) => syncOutcomeWords(r, remoteName(r)));
  if (outcomes.length === 0) return;
  useToasts.getState().show(outcomes.map((o) => o.words).join('. '), { tone: outcomes.every((o) => o.ok) ? 'info' : 'error' });
}

/** How often the page reads the status: cheap, as the instance answers from its own store. */
const REFRESH_MS = 4000;
/** While a sync runs, often enough for its progress to move on screen. */
const SYNCING_REFRESH_MS = 1000;

/**
 * Reads the status for as long as the shell is on screen, whether or not a status line shows (a phone's
 * menu is closed): every second while a sync runs, every four seconds otherwise; not at all while the
 * instance tells the page of every change (`live`, event-stream.ts), but once when that begins.
 */
export function useSyncPolling(live: boolean): void {
  const refresh = useSync((s) => s.refresh);
  const busy = useSync((s) => s.syncingHere.length > 0 || s.remotes.some((r) => r.syncing));
  useEffect(() => {
    // The first look waits a moment: the first timeline matters more while the page opens.
    const first = setTimeout(() => void refresh(), 700);
    return () => clearTimeout(first);
  }, [refresh]);
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void refresh(), busy ? SYNCING_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, busy, live]);
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
