import { createInstanceClient } from '../client/instance-client';
import { createLegacyClient } from '../client/legacy-client';
import { DEFAULT_TIMEOUT_MS } from '../client/transport';
import type { RemoteRow, RemoteServer } from '../store/sync-rows';
import { noteFailedCycle } from './backoff';
import type { RemoteConnection } from './connection';
import type { SyncEngineDeps } from './engine';
import { failureOf, type SyncFailure } from './failure';
import { instanceConnection } from './instance-connection';
import { legacyConnection } from './legacy-connection';
import { linkRemoteAccount, type RemoteAccount } from './link';
import { SyncRefusal } from './refusal';
import { ownerAccount } from '../store/bootstrap';

/** How often a remote's account is read again (its Personas' names and avatars, new Personas, Channels). */
const ACCOUNT_READ_SECONDS = 86_400;

/** How the engine gets at a remote: its row, its token, a connection in its interface, its account. */
export interface RemoteAccess {
  /** The remote's row; a GUID that names none is refused (`unknown-remote`). */
  remote(guid: string): Promise<RemoteRow>;
  /** Signs in with the instance interface's `POST /api/auth/login`; answers the token. */
  signIn(baseUrl: string, name: string, pass: string): Promise<string>;
  /** `signal`: the work the connection is for was stopped; its request under way fails at once, and no other is made. */
  connect(
    remote: Pick<RemoteRow, 'baseUrl' | 'interface' | 'server'>,
    token: string,
    signal?: AbortSignal,
  ): RemoteConnection;
  /**
   * The remote's token, or the failure to open it. A token sealed elsewhere (the desktop's keychain, read
   * by a headless host) cannot be opened here: that is noted on the remote as a failed cycle.
   */
  openToken(remote: RemoteRow): Promise<string | SyncFailure>;
  /**
   * Once a day (and for a remote added before what it is was recorded) the remote's account is read again
   * before anything is read or sent: Personas renamed, given another avatar or added there, and Channels,
   * are linked again, and what the server is and offers is asked again (it may have been upgraded).
   */
  described(remote: RemoteRow, token: string, signal?: AbortSignal): Promise<RemoteRow>;
  /** Links the account's Personas and Channels here, owned by this instance's owner (link.ts). */
  relink(
    remote: Omit<RemoteRow, 'defaultChannelGuid' | 'channelsLinked'>,
    account: RemoteAccount,
    server: RemoteServer,
  ): Promise<RemoteRow>;
}

export function createRemoteAccess(deps: SyncEngineDeps): RemoteAccess {
  const { db } = deps;
  const clientOptions = (baseUrl: string, token?: string, signal?: AbortSignal) => ({
    baseUrl,
    token,
    timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: deps.fetch,
    signal,
  });

  const connect: RemoteAccess['connect'] = (remote, token, signal) =>
    remote.interface === 'legacy'
      ? legacyConnection(createLegacyClient(clientOptions(remote.baseUrl, token, signal)))
      : instanceConnection(createInstanceClient(clientOptions(remote.baseUrl, token, signal)), remote.server);

  const relink: RemoteAccess['relink'] = async (remote, account, server) => {
    const owner = await ownerAccount(db);
    if (!owner) throw new Error('this instance has no owner account');
    return linkRemoteAccount(db, {
      remote: { ...remote, server },
      ownerAccountGuid: owner.guid,
      account,
      now: deps.now(),
    });
  };

  return {
    remote: async (guid) => {
      const remote = await db.remotes.get(guid.toLowerCase());
      if (!remote) throw new SyncRefusal('unknown-remote');
      return remote;
    },
    signIn: async (baseUrl, name, pass) => (await createInstanceClient(clientOptions(baseUrl)).login(name, pass)).token,
    connect,
    openToken: async (remote) => {
      try {
        return await deps.box.open(remote.sealedToken);
      } catch (error) {
        const failure: SyncFailure = { kind: 'unreadable-token', message: failureOf(error).message, timedOut: false };
        await noteFailedCycle(db, remote.guid, failure, deps.now());
        return failure;
      }
    },
    described: async (remote, token, signal) => {
      if (remote.server && deps.now() - (remote.server.readUnix ?? 0) < ACCOUNT_READ_SECONDS) return remote;
      const { server, ...account } = await connect(remote, token, signal).account();
      return relink(remote, account, { ...server, readUnix: deps.now() });
    },
    relink,
  };
}
