import { afterAll, beforeAll } from 'vitest';
import { startDesktop, type DesktopInstance } from '../../support/sync-instances';
import type { Called } from '../../support/instance';
import { peerUnavailable, startPeer, type Peer, type PeerAccount } from './peer';

/** Why these suites cannot run here (printed once), or null. */
export const unavailable = peerUnavailable();
if (unavailable) console.warn(`streams interop suites skipped: ${unavailable}`);

/** setup.sh installs PHP and MariaDB when they are missing: the first build on a machine takes minutes. */
const PEER_START_MS = 600_000;

/**
 * A real streams server for the calling `describe`, built before its first test and stopped after its last.
 * Read `peer` inside tests and hooks only.
 */
export function usePeer(): { readonly peer: Peer } {
  let peer: Peer | undefined;
  beforeAll(async () => {
    peer = await startPeer();
  }, PEER_START_MS);
  afterAll(async () => {
    await peer?.stop();
  }, 60_000);
  return {
    get peer(): Peer {
      if (!peer) throw new Error('the peer is made in beforeAll');
      return peer;
    },
  };
}

/** Its functions use no `this`: they can be taken apart with the rest. */
export interface SyncedDesk {
  desk: DesktopInstance;
  remoteGuid: string;
  /** One cycle now, as "Sync now" does; answers the remote's status. */
  sync: () => Promise<Called['json']>;
  /** Moves the desk's clock ahead of the real one: time passes for its backoffs, not for the peer. */
  passTime: (seconds: number) => void;
  /** Posts as the desk's own API shows them: every kind, newest first, up to `count`. */
  timeline: (path?: string, count?: number) => Promise<Called['json'][]>;
  close: () => Promise<void>;
}

/** A desk (the real SQLite store, the real sync engine, a clock at the real time) with the peer added as a remote. */
export async function deskWith(
  peer: Peer,
  account: PeerAccount,
  options: { fetch?: typeof globalThis.fetch; baseUrl?: string; onNewMentions?: (count: number) => void } = {},
): Promise<SyncedDesk> {
  const desk = await startDesktop('sqlite', options.fetch, options.onNewMentions);
  desk.clock.set(Math.floor(Date.now() / 1000));
  const added = await desk.call('POST', '/api/sync/remotes', {
    params: { base_url: options.baseUrl ?? peer.base, token: account.token },
  });
  if (added.status !== 200) throw new Error(`adding the peer failed: ${JSON.stringify(added.json)}`);
  const remoteGuid = added.json.data.guid as string;
  let ahead = 0;
  return {
    desk,
    remoteGuid,
    passTime: (seconds) => void (ahead += seconds),
    sync: async () => {
      desk.clock.set(Math.floor(Date.now() / 1000) + ahead);
      const answer = await desk.call('POST', `/api/sync/remotes/${remoteGuid}/sync`);
      if (answer.status !== 200) throw new Error(`sync failed: ${JSON.stringify(answer.json)}`);
      return answer.json.data;
    },
    timeline: async (path = '/api/posts/global', count = 250) => {
      const types = 'post.note,post.article,post.bookmark,post.quotation';
      const answer = await desk.call('GET', `${path}${path.includes('?') ? '&' : '?'}count=${count}&types=${types}`);
      return answer.json.data;
    },
    close: () => desk.close(),
  };
}
