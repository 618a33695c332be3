import { create } from 'zustand';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { POST_TYPE_WORDS, typeInSentence } from '../util/post-type-words';

/**
 * The remotes and how their sync stands, read from `GET /api/sync/remotes` as the instance says it changed,
 * or every few seconds. Reading it and a Sync now are in sync-actions.ts.
 */
interface SyncStore {
  remotes: RemoteStatusAnswer[];
  /** False on a host that runs no sync (503). */
  available: boolean;
  loaded: boolean;
  syncingNow: boolean;
  /** Remotes a sync asked for from this page is running with, shown as "Syncing…" until it answers. */
  syncingHere: string[];
  /** The status of every remote, as read. */
  read: (remotes: RemoteStatusAnswer[]) => void;
  /** The host runs no sync. */
  unavailable: () => void;
  /** Every remote's Sync now begins: false when one runs already (a press then starts nothing). */
  startAll: () => boolean;
  endAll: () => void;
  /** One remote's Sync now begins: false when it runs already. */
  startOne: (guid: string) => boolean;
  endOne: (guid: string) => void;
  put: (remote: RemoteStatusAnswer) => void;
  drop: (guid: string) => void;
}

export const useSync = create<SyncStore>((set, get) => ({
  remotes: [],
  available: true,
  loaded: false,
  syncingNow: false,
  syncingHere: [],

  read: (remotes) => set({ remotes, available: true, loaded: true }),
  unavailable: () => set({ available: false, loaded: true }),

  startAll: () => {
    if (get().syncingNow) return false;
    set({ syncingNow: true, syncingHere: get().remotes.map((r) => r.guid) });
    return true;
  },
  endAll: () => set({ syncingNow: false, syncingHere: [] }),

  startOne: (guid) => {
    if (get().syncingHere.includes(guid)) return false;
    set({ syncingHere: [...get().syncingHere, guid] });
    return true;
  },
  endOne: (guid) => set({ syncingHere: get().syncingHere.filter((g) => g !== guid) }),

  put: (remote) => {
    const remotes = get().remotes;
    set({
      remotes: remotes.some((r) => r.guid === remote.guid)
        ? remotes.map((r) => (r.guid === remote.guid ? remote : r))
        : [...remotes, remote],
    });
  },
  drop: (guid) => set({ remotes: get().remotes.filter((r) => r.guid !== guid) }),
}));

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
  const kinds = [...known.filter((k) => offered.includes(k)), ...offered.filter((k) => !known.includes(k))].map(
    typeInSentence,
  );
  const takes =
    kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1) ?? ''}` : (kinds[0] ?? 'no posts');
  return [server.software, api, `takes ${takes}`].filter(Boolean).join(' · ');
}

/**
 * Whether the person's drafts and reading places reach their other desks through this remote: only one of
 * this project keeps them; to any other server they are never sent (not even as the reference's draft posts).
 */
export function describeFollowing(remote: RemoteStatusAnswer): string {
  const extensions: readonly string[] = remote.server === false ? [] : remote.server.extensions;
  const kept = [extensions.includes('drafts') && 'drafts', extensions.includes('markers') && 'reading places'].filter(
    (what): what is string => typeof what === 'string',
  );
  if (kept.length === 2) return 'Your drafts and reading places follow you to your other desks through it.';
  if (kept.length === 1) return `Your ${kept[0] ?? ''} follow you to your other desks through it.`;
  return 'Your drafts and reading places stay on this desk: this server does not keep them, and they are never sent to it.';
}

export const remoteName = (remote: RemoteStatusAnswer): string => {
  try {
    return new URL(remote.base_url).host;
  } catch {
    return remote.base_url;
  }
};
