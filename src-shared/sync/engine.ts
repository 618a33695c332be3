import { ErrorText, ServiceError } from '../api/errors';
import type { AddRemoteInput } from '../api/sync-inputs';
import type { SettleAction } from '../api/vocabulary';
import { createInstanceClient } from '../client/instance-client';
import type { PublishingDb } from '../store/db';
import type { RemoteInterface, RemoteRow, RemoteServer } from '../store/sync-rows';
import { newGuid } from '../util/secrets';
import type { RemoteConnection } from './connection';
import { instanceConnection } from './instance-connection';
import { legacyConnection } from './legacy-connection';
import { createLegacyClient } from '../client/legacy-client';
import { linkRemoteAccount, type RemoteAccount } from './link';
import type { SeenVersions } from './pull';
import { pullRemote } from './pull-remote';
import { drainOutbox } from './push';
import { listConflicts, resolveConflict } from './conflicts';
import { refreshThread, remoteOfPost } from './refresh';
import { removeRemoteRows } from './remove';
import type { SecretBox } from './secret-box';
import { remoteStatus, type RemoteStatus } from './status';
import { isFailing, noteFailedCycle, noteGoodCycle, pollInterval } from './backoff';
import { failureOf, failureWords, type SyncFailure } from './failure';

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

const DEFAULT_TIMEOUT_MS = 15_000;

/** How often a remote's account is read again (its Personas' names and avatars, new Personas, Channels). */
const ACCOUNT_READ_SECONDS = 86_400;

/**
 * A request that got no answer within the timeout may still reach the remote: it is not sent again for four
 * times as long as its answer was waited for (a minute by default), when the look for its copy finds it.
 */
const inFlightSeconds = (deps: Pick<SyncEngineDeps, 'timeoutMs'>): number => Math.ceil((4 * (deps.timeoutMs ?? DEFAULT_TIMEOUT_MS)) / 1000);

/** The sync engine: remotes, and one push-then-pull cycle per remote at a time. */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db } = deps;
  const running = new Map<string, Promise<void>>();
  const lastCycle = new Map<string, number>();
  /** Per remote and timeline, the versions of the last pages stored: an idle poll then writes nothing. */
  const seen = new Map<string, SeenVersions>();
  const seenFor = (guid: string, timeline: string) => {
    const key = `${guid} ${timeline}`;
    const versions: SeenVersions = seen.get(key) ?? new Map();
    seen.set(key, versions);
    return versions;
  };

  const connect = (remote: Pick<RemoteRow, 'baseUrl' | 'interface' | 'server'>, token: string): RemoteConnection => {
    const options = { baseUrl: remote.baseUrl, token, timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, fetch: deps.fetch };
    return remote.interface === 'legacy' ? legacyConnection(createLegacyClient(options)) : instanceConnection(createInstanceClient(options), remote.server);
  };

  /**
   * Once a day (and for a remote added before what it is was recorded) the remote's account is read again
   * before a cycle reads or sends: Personas renamed, given another avatar or added there, and Channels, are
   * linked again, and what the server is and offers is asked again (it may have been upgraded).
   */
  const described = async (remote: RemoteRow, token: string): Promise<RemoteRow> => {
    if (remote.server && deps.now() - (remote.server.readUnix ?? 0) < ACCOUNT_READ_SECONDS) return remote;
    const { server, ...account } = await connect(remote, token).account();
    return relink(remote, account, { ...server, readUnix: deps.now() });
  };

  const relink = async (remote: Omit<RemoteRow, 'defaultChannelGuid' | 'channelsLinked'>, account: RemoteAccount, server: RemoteServer): Promise<RemoteRow> => {
    const owner = await db.accounts.toCollection().first();
    if (!owner) throw new Error('this instance has no owner account');
    return linkRemoteAccount(db, { remote: { ...remote, server }, ownerAccountGuid: owner.guid, account, now: deps.now() });
  };

  const requireRemote = async (guid: string): Promise<RemoteRow> => {
    const remote = await db.remotes.get(guid.toLowerCase());
    if (!remote) throw new ServiceError(404, ErrorText.unknownRemote);
    return remote;
  };

  const statusOf = (remote: RemoteRow) => remoteStatus(db, remote, running.has(remote.guid));

  /** Step 1 pushes (so that what was written here is there before reading back), step 2 pulls. */
  const cycle = async (guid: string, manual: boolean): Promise<void> => {
    const stored = await requireRemote(guid);
    lastCycle.set(guid, deps.now());
    const token = await openToken(stored);
    if (typeof token !== 'string') return;
    let remote: RemoteRow;
    try {
      remote = await described(stored, token);
    } catch (error) {
      return noteFailedCycle(db, guid, failureOf(error), deps.now());
    }
    const connection = connect(remote, token);
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

  /**
   * The remote's token, or the failure to open it. A token sealed elsewhere (the desktop's keychain, read
   * by a headless host) cannot be opened here: that is noted on the remote as a failed cycle.
   */
  const openToken = async (remote: RemoteRow): Promise<string | SyncFailure> => {
    try {
      return await deps.box.open(remote.sealedToken);
    } catch (error) {
      const failure: SyncFailure = { kind: 'unreadable-token', message: failureOf(error).message, timedOut: false };
      await noteFailedCycle(db, remote.guid, failure, deps.now());
      return failure;
    }
  };

  /** A person asking (`manual`) does not wait out the backoff of earlier failures. */
  const runCycle = (guid: string, manual: boolean): Promise<void> => {
    const already = running.get(guid);
    if (already) return already;
    const done = cycle(guid, manual).finally(() => running.delete(guid));
    running.set(guid, done);
    return done;
  };

  return {
    addRemote: async (input) => {
      const baseUrl = normaliseBaseUrl(input.base_url);
      if ((await db.remotes.toArray()).some((r) => r.baseUrl === baseUrl)) throw new ServiceError(409, ErrorText.remoteExists);
      const token = await remoteCall(async () => {
        if (input.token) return input.token;
        const client = createInstanceClient({ baseUrl, timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, fetch: deps.fetch });
        return (await client.login(input.account_name ?? '', input.account_pass ?? '')).token;
      });
      const { server, ...account } = await remoteCall(() => connect({ baseUrl, interface: input.interface }, token).account());
      const fresh = {
        guid: newGuid(),
        baseUrl,
        interface: input.interface as RemoteInterface,
        sealedToken: await deps.box.seal(token),
        accountRef: account.ref,
        pollSeconds: input.poll_seconds,
        createdUnix: deps.now(),
        lastPullUnix: null,
        lastPushUnix: null,
        lastError: null,
        lastErrorUnix: null,
      };
      const remote = await relink(fresh, account, { ...server, readUnix: deps.now() }).catch((error: unknown) => {
        throw new ServiceError(409, ErrorText.invalidParameters, [error instanceof Error ? error.message : String(error)]);
      });
      return statusOf(remote);
    },
    listRemotes: async () => Promise.all((await db.remotes.toArray()).map(statusOf)),
    syncRemote: async (guid) => {
      await requireRemote(guid);
      await runCycle(guid.toLowerCase(), true);
      return statusOf(await requireRemote(guid));
    },
    settleItem: async (seq, action) => {
      await db.transaction('rw', [db.outbox, db.conflicts], async () => {
        const item = await db.outbox.get(seq);
        if (!item || item.state !== 'attention') throw new ServiceError(404, ErrorText.unknownOutboxItem);
        // A conflict is settled by choosing a version (conflicts.ts), not here.
        if (await db.conflicts.get(item.postGuid)) throw new ServiceError(409, ErrorText.settleConflictFirst);
        if (action === 'discard') await db.outbox.delete(seq);
        else await db.outbox.update(seq, { state: 'pending', error: null, nextAttemptUnix: deps.now() });
      });
    },
    updateRemote: async (guid, input) => {
      const remote = await requireRemote(guid);
      await db.remotes.update(remote.guid, { pollSeconds: input.poll_seconds });
      return statusOf(await requireRemote(guid));
    },
    removeRemote: async (guid) => {
      const remote = await requireRemote(guid);
      await running.get(remote.guid);
      await removeRemoteRows(db, remote);
    },
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
    refreshThread: async (postGuid) => {
      const remote = await remoteOfPost(db, postGuid);
      const token = await openToken(remote);
      if (typeof token !== 'string') throw serviceErrorOf(token);
      return remoteCall(async () => {
        const current = await described(remote, token);
        return refreshThread(db, { remote: current, connection: connect(current, token), postGuid: postGuid.toLowerCase(), now: deps.now() });
      });
    },
    listConflicts: () => listConflicts(db),
    resolveConflict: (postGuid, keep) => resolveConflict(db, postGuid, keep, deps.now()),
    runScheduled: (guid) => runCycle(guid, false),
    whenIdle: async () => {
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** `https://Example.org/blog/` → `https://example.org/blog`; only http(s), no query or fragment. */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ServiceError(400, ErrorText.invalidParameters, ['base_url must be a URL such as https://example.org']);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ServiceError(400, ErrorText.invalidParameters, ['base_url must be an http(s) URL']);
  }
  if (url.username || url.password) throw new ServiceError(400, ErrorText.invalidParameters, ['base_url must not carry a user name or password']);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Work with a remote that a person waits for: its failure becomes an answer they can act on. */
async function remoteCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw serviceErrorOf(failureOf(error));
  }
}

/** A failure as the answer to a person waiting for it: what to do about it, and the remote's own words. */
function serviceErrorOf(failure: SyncFailure): ServiceError {
  switch (failure.kind) {
    case 'auth':
      return new ServiceError(401, ErrorText.remoteRefusedSignIn);
    // Refusing a sign-in or the account read is refusing the credentials, whatever code the remote chose.
    case 'rejected':
      return new ServiceError(401, ErrorText.remoteRefusedSignIn, [failure.message]);
    case 'unreadable-token':
      return new ServiceError(409, ErrorText.remoteRefusedSignIn, [failureWords(failure)]);
    case 'protocol':
      return new ServiceError(502, ErrorText.remoteUnusable, [failure.message]);
    case 'offline':
    case 'uncertain':
    case 'server':
      return new ServiceError(502, ErrorText.remoteUnreachable, [failure.message]);
  }
}
