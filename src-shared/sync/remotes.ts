import type { RemoteRow } from '../store/sync-rows';
import { newGuid } from '../util/secrets';
import type { Cycles } from './cycle';
import type { SyncEngine, SyncEngineDeps } from './engine';
import { NO_FAILURE } from './backoff';
import { failureOf } from './failure';
import { refreshThread, remoteOfPost } from './refresh';
import { refusalOf, SyncRefusal } from './refusal';
import type { RemoteAccess } from './remote-access';
import { removeRemoteRows } from './remove';
import { remoteStatus } from './status';

/** What a person does with remotes and waits for: adding, listing, changing, syncing now, removing; opening a post. */
export type Remotes = Pick<
  SyncEngine,
  'addRemote' | 'listRemotes' | 'syncRemote' | 'updateRemote' | 'removeRemote' | 'refreshThread'
>;

/**
 * A remote whose token was lost here (a restore never carries one; another desk's keychain sealed it) or that
 * refused its token: sync waits for the person to add it again (sync/failure.ts), which connects it anew.
 */
const waitsForToken = (remote: RemoteRow): boolean =>
  remote.lastErrorKind === 'unreadable-token' || remote.lastErrorKind === 'auth';

export function createRemotes(deps: SyncEngineDeps, access: RemoteAccess, cycles: Cycles): Remotes {
  const { db } = deps;
  const statusOf = (remote: RemoteRow) => remoteStatus(db, remote, cycles);

  return {
    addRemote: async (added) => {
      const baseUrl = normaliseBaseUrl(added.baseUrl);
      const existing = (await db.remotes.toArray()).find((r) => r.baseUrl === baseUrl);
      if (existing && !waitsForToken(existing)) throw new SyncRefusal('remote-exists');
      const { credentials } = added;
      const token = await remoteCall(async () =>
        'token' in credentials ? credentials.token : access.signIn(baseUrl, credentials.name, credentials.password),
      );
      const { server, ...account } = await remoteCall(() =>
        access.connect({ baseUrl, interface: added.interface }, token).account(),
      );
      if (existing) {
        // Connected again, not added: its links, cursors and waiting changes are kept, so the account must be
        // the one they belong to.
        if (account.ref !== existing.accountRef || added.interface !== existing.interface) {
          throw new SyncRefusal('remote-not-linkable', [
            'The remote at this address is linked to another account here: remove it first',
          ]);
        }
        const connected = await access.relink(
          { ...existing, sealedToken: await deps.box.seal(token), ...NO_FAILURE },
          account,
          { ...server, readUnix: deps.now() },
        );
        return statusOf(connected);
      }
      const fresh = {
        guid: newGuid(),
        baseUrl,
        interface: added.interface,
        sealedToken: await deps.box.seal(token),
        accountRef: account.ref,
        pollSeconds: added.pollSeconds,
        createdUnix: deps.now(),
        lastPullUnix: null,
        lastPushUnix: null,
        lastError: null,
        lastErrorUnix: null,
      };
      const remote = await access
        .relink(fresh, account, { ...server, readUnix: deps.now() })
        .catch((error: unknown) => {
          throw new SyncRefusal('remote-not-linkable', [error instanceof Error ? error.message : String(error)]);
        });
      return statusOf(remote);
    },
    listRemotes: async () => Promise.all((await db.remotes.toArray()).map(statusOf)),
    syncRemote: async (guid) => {
      await access.remote(guid);
      await cycles.run(guid.toLowerCase(), true);
      return statusOf(await access.remote(guid));
    },
    updateRemote: async (guid, change) => {
      const remote = await access.remote(guid);
      await db.remotes.update(remote.guid, { pollSeconds: change.pollSeconds });
      return statusOf(await access.remote(guid));
    },
    removeRemote: async (guid) => {
      const remote = await access.remote(guid);
      // What is under way for it has nowhere left to go: cut short, not waited for.
      await cycles.cancel(remote.guid);
      await removeRemoteRows(db, remote);
    },
    refreshThread: async (postGuid) => {
      const remote = await remoteOfPost(db, postGuid);
      const token = await access.openToken(remote);
      if (typeof token !== 'string') throw refusalOf(token);
      return remoteCall(async () => {
        const current = await access.described(remote, token);
        return refreshThread(db, {
          remote: current,
          connection: access.connect(current, token),
          postGuid: postGuid.toLowerCase(),
          now: deps.now(),
        });
      });
    },
  };
}

/** `https://Example.org/blog/` → `https://example.org/blog`; only http(s), no query or fragment. */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SyncRefusal('invalid-remote-url', ['base_url must be a URL such as https://example.org']);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SyncRefusal('invalid-remote-url', ['base_url must be an http(s) URL']);
  }
  if (url.username || url.password)
    throw new SyncRefusal('invalid-remote-url', ['base_url must not carry a user name or password']);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Work with a remote that a person waits for: its failure becomes a refusal they can act on (refusal.ts). */
async function remoteCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SyncRefusal) throw error;
    throw refusalOf(failureOf(error));
  }
}
