import { z } from 'zod';
import {
  aboutAnswer,
  bioAnswer,
  channelAnswer,
  channelDeletionAnswer,
  loginAnswer,
  logoutAnswer,
  personaAnswer,
  personaPageAnswer,
  postsAnswer,
  profileAnswer,
  type AboutAnswer,
  type BioAnswer,
  type ChannelAnswer,
  type ChannelDeletionAnswer,
  type LoginAnswer,
  type PersonaAnswer,
  type PersonaPageAnswer,
  type ProfileAnswer,
} from '../api/answers';
import { fullLegacyPostAnswer } from '../api/legacy-answers';
import { updateRemoteInput } from '../api/sync-inputs';
import {
  conflictAnswer,
  conflictResolvedAnswer,
  itemSettledAnswer,
  remoteRemovedAnswer,
  remoteStatusAnswer,
  threadRefreshAnswer,
  type ConflictAnswer,
  type RemoteStatusAnswer,
  type ThreadRefreshAnswer,
} from '../api/sync-answers';
import { guidCheck, timelineSearch, type TimelineQuery } from './outgoing';
import { legacyIdCheck } from './legacy-outgoing';
import { dataAs, pageOf, postOf, sendable } from './read';
import { instancePost } from './lenient-answers';
import { legacyPost } from './lenient-legacy-answers';
import type { PostPage, RemotePost } from './remote-post';
import { createTransport, type Answer, type ClientOptions, type Method } from './transport';
import type { Interface, SettleAction } from '../api/vocabulary';
import {
  BACKUP_NAME,
  backupAnswer,
  backupSettingsAnswer,
  backupsAnswer,
  stagedRestoreAnswer,
  type BackupAnswer,
  type BackupSettings,
  type BackupsAnswer,
  type StagedRestoreAnswer,
} from '../api/backups';
import { restoredDraftsAnswer, restoredDraftsClearedAnswer, type Draft } from '../api/draft';

/** The instance timelines, narrowed by this project's `persona_guid` and `channel_guid`. */
export interface DeskTimelineQuery extends TimelineQuery {
  /** On `global`, only this Persona's posts (and its stars and pins); on `mentions`, mentions of it. */
  persona_guid?: string;
  channel_guid?: string;
}

/**
 * `GET /api/posts/search`: posts of every type holding all the words of `q` (and `@handle` for one Persona),
 * carrying `tag` exactly, by `author_guid`: at least one of the three.
 */
export interface DeskSearchQuery {
  q?: string;
  /** One tag, any case. */
  tag?: string;
  /** Only this author's posts (a remote's too). Not `persona_guid`, which is who acts. */
  author_guid?: string;
  /** 1 to 250. */
  count?: number;
  /** Default every type. */
  types?: TimelineQuery['types'];
  /** Continue after this post (exclusive). */
  before?: string;
  /** Whose stars and pins the answer shows; it does not narrow the search. */
  persona_guid?: string;
}

/** The legacy Blurb collections this project answers for its owner, and search. */
export type DeskCollection = 'global' | 'home' | 'mentions' | 'interactions' | 'pins' | 'search';

export interface DeskBlurbsQuery {
  count?: number;
  /** Continue after this post (exclusive). */
  before_id?: number;
  /** Published before this second (exclusive). */
  before_unix?: number;
  /** Whose stars and pins the answer shows. */
  persona_guid?: string;
  /** Required for `search`. */
  filter?: string;
}

export interface ProfileChange {
  display_as: string;
  language: string;
  mail_addr: string;
  timezone: string;
}

export interface AddRemoteParams {
  base_url: string;
  interface?: Interface;
  token?: string;
  account_name?: string;
  account_pass?: string;
}

/**
 * This project's own extension endpoints, which only an instance of this project answers: the renderer's
 * access to its local instance beyond sections 4.2 and 4.3 (Personas, Channels, profile, sync). Answers its
 * routes declare are read with their strict schemas (api/answers.ts, api/sync-answers.ts, and
 * api/legacy-answers.ts for its Blurbs): an answer that strays from them is a `protocol` error, never read
 * around. Failures are `RemoteError`s, as everywhere in the client.
 */
export interface DeskClient {
  timeline(which: 'global' | 'mentions', query?: DeskTimelineQuery): Promise<PostPage>;
  blurbs(collection: DeskCollection, query?: DeskBlurbsQuery): Promise<PostPage>;
  search(query: DeskSearchQuery): Promise<PostPage>;
  /** `GET /api/personas/{handle}`: a Persona's page by handle, `handle@host` or GUID. */
  personaPage(handle: string): Promise<PersonaPageAnswer>;
  /** `GET /api/posts/{guid}/thread` with the acting Persona's stars and pins. */
  thread(guid: string, personaGuid?: string): Promise<PostPage>;
  repost(id: number, personaGuid?: string): Promise<RemotePost>;
  profile(): Promise<ProfileAnswer>;
  setProfile(change: ProfileChange): Promise<ProfileAnswer>;
  personas(): Promise<PersonaAnswer[]>;
  createPersona(params: { handle: string; name?: string; channel_guid?: string }): Promise<PersonaAnswer>;
  updatePersona(guid: string, params: { handle?: string; name?: string }): Promise<PersonaAnswer>;
  channels(): Promise<ChannelAnswer[]>;
  createChannel(params: { name: string; persona_guids?: string[] }): Promise<ChannelAnswer>;
  renameChannel(guid: string, name: string): Promise<ChannelAnswer>;
  /** Deletes a Channel; its posts move to `moveTo`, or to the account's first other Channel without it. */
  deleteChannel(guid: string, moveTo?: string): Promise<ChannelDeletionAnswer>;
  /** Whether a Persona may write to a Channel (`write`) or not (`none`). */
  setChannelAccess(guid: string, personaGuid: string, access: 'write' | 'none'): Promise<ChannelAnswer>;
  bio(personaGuid: string): Promise<BioAnswer>;
  setBio(personaGuid: string, text: string): Promise<BioAnswer>;
  logout(): Promise<void>;
  /** `GET /api/about`, sent without a token: what the instance is and how it can be signed in to. */
  about(): Promise<AboutAnswer>;
  /** `POST /api/auth/code`, sent without a token: a printed sign-in link's one-time code, traded for a token. */
  signInWithCode(code: string): Promise<LoginAnswer>;
  remotes(): Promise<RemoteStatusAnswer[]>;
  addRemote(params: AddRemoteParams): Promise<RemoteStatusAnswer>;
  syncRemote(guid: string): Promise<RemoteStatusAnswer>;
  removeRemote(guid: string): Promise<void>;
  setPollSeconds(guid: string, seconds: number): Promise<RemoteStatusAnswer>;
  /** An outbox item stopped in `attention`: back in line (`retry`), or kept here only (`discard`). */
  settleOutboxItem(seq: number, action: SettleAction): Promise<void>;
  refreshPost(guid: string): Promise<ThreadRefreshAnswer>;
  conflicts(): Promise<ConflictAnswer[]>;
  resolveConflict(postGuid: string, keep: 'local' | 'remote'): Promise<void>;

  /** `GET /api/backups` (extension, docs/backups.md). */
  backups(): Promise<BackupsAnswer>;
  /** `POST /api/backups`: a backup now. */
  backUpNow(): Promise<BackupAnswer>;
  setBackupSettings(settings: BackupSettings): Promise<BackupSettings>;
  /** Stages a backup to replace the store at the next start. */
  stageRestore(name: string): Promise<StagedRestoreAnswer>;
  unstageRestore(): Promise<StagedRestoreAnswer>;

  /** `GET /api/account/restored-drafts` (extension): the drafts a restore brought back for the page. */
  restoredDrafts(): Promise<Draft[]>;
  /** `DELETE /api/account/restored-drafts`: the page has them now. */
  clearRestoredDrafts(): Promise<void>;
}

export function createDeskClient(options: ClientOptions): DeskClient {
  const t = createTransport(options);

  const guidIn = (method: Method, prefix: string, guid: string, suffix = ''): string => {
    const path = `${prefix}/${encodeURIComponent(guid)}${suffix}`;
    sendable(t, { method, path: `${prefix}/{guid}${suffix}` }, guidCheck('guid', guid));
    return path;
  };
  const optionalGuid = (method: Method, path: string, name: string, guid: string | undefined): string | undefined =>
    guid === undefined ? undefined : sendable(t, { method, path }, guidCheck(name, guid));

  const get = async (path: string, query: Record<string, string | undefined> = {}) => t.send({ method: 'GET', path, query, auth: true });
  const post = async (path: string, json: Record<string, unknown> = {}, method: Method = 'POST') => t.send({ method, path, json, auth: true });
  /**
   * This instance's posts: the answer checked with the strict schema (one that strays from it is refused
   * whole), then each post put into the client's one shape of a post, `RemotePost`.
   */
  const ownPage = (answer: Answer): PostPage => {
    dataAs(t, answer, postsAnswer);
    return pageOf(t, answer, instancePost);
  };
  /**
   * The same for this instance's legacy posts (Blurbs, a repost), then read by `legacyPost`. The client never
   * asks for `simple_posts`, so each post is the whole one.
   */
  const ownLegacy = (answer: Answer): Answer => {
    dataAs(t, answer, z.array(fullLegacyPostAnswer));
    return answer;
  };

  return {
    timeline: async (which, query = {}) => {
      const path = `/api/posts/${which}`;
      const { persona_guid, channel_guid, ...standard } = query;
      const search = sendable(t, { method: 'GET', path }, timelineSearch(standard));
      const extra = {
        persona_guid: optionalGuid('GET', path, 'persona_guid', persona_guid),
        channel_guid: optionalGuid('GET', path, 'channel_guid', channel_guid),
      };
      return ownPage(await get(path, { ...search, ...extra }));
    },

    search: async ({ q, tag, author_guid, persona_guid, ...standard }) => {
      const path = '/api/posts/search';
      const words = q?.trim() ? q : undefined;
      const tagged = tag?.trim() ? tag : undefined;
      if (words === undefined && tagged === undefined && author_guid === undefined) throw t.refuse({ method: 'GET', path }, ['q, tag or author_guid is required: words to find']);
      const search = sendable(t, { method: 'GET', path }, timelineSearch(standard));
      const narrowing = { q: words, tag: tagged, author_guid: optionalGuid('GET', path, 'author_guid', author_guid) };
      return ownPage(await get(path, { ...search, ...narrowing, persona_guid: optionalGuid('GET', path, 'persona_guid', persona_guid) }));
    },

    personaPage: async (handle) => {
      const path = '/api/personas';
      if (!handle.trim()) throw t.refuse({ method: 'GET', path: `${path}/{handle}` }, ['a handle is required']);
      return dataAs(t, await get(`${path}/${encodeURIComponent(handle)}`), personaPageAnswer);
    },

    blurbs: async (collection, query = {}) => {
      const path = `/content/blurbs/${collection}`;
      const problems: string[] = [];
      if (query.count !== undefined && (!Number.isInteger(query.count) || query.count < 1 || query.count > 200)) problems.push('count must be a whole number from 1 to 200');
      if (query.before_id !== undefined && !legacyIdCheck('before_id', query.before_id).ok) problems.push('before_id must be a post id');
      if (query.before_unix !== undefined && (!Number.isInteger(query.before_unix) || query.before_unix < 0)) problems.push('before_unix must be whole unix seconds');
      if (problems.length > 0) throw t.refuse({ method: 'GET', path }, problems);
      const search = {
        count: query.count?.toString(),
        before_id: query.before_id?.toString(),
        before_unix: query.before_unix?.toString(),
        persona_guid: optionalGuid('GET', path, 'persona_guid', query.persona_guid),
        filter: query.filter,
      };
      return pageOf(t, ownLegacy(await get(path, search)), legacyPost);
    },

    thread: async (guid, personaGuid) => {
      const path = guidIn('GET', '/api/posts', guid, '/thread');
      return ownPage(await get(path, { persona_guid: optionalGuid('GET', path, 'persona_guid', personaGuid) }));
    },

    repost: async (id, personaGuid) => {
      const path = `/content/repost/${id}`;
      sendable(t, { method: 'POST', path: '/content/repost/{id}' }, legacyIdCheck('id', id));
      const persona = optionalGuid('POST', path, 'persona_guid', personaGuid);
      return postOf(t, ownLegacy(await post(path, persona === undefined ? {} : { persona_guid: persona })), legacyPost);
    },

    profile: async () => dataAs(t, await get('/api/account/me'), profileAnswer),
    setProfile: async (change) => dataAs(t, await post('/api/account/me', { ...change }), profileAnswer),

    personas: async () => dataAs(t, await get('/api/account/personas'), z.array(personaAnswer)),
    createPersona: async (params) => dataAs(t, await post('/api/account/personas', params), personaAnswer),
    updatePersona: async (guid, params) => dataAs(t, await post(guidIn('POST', '/api/account/personas', guid), params), personaAnswer),

    channels: async () => dataAs(t, await get('/api/account/channels'), z.array(channelAnswer)),
    createChannel: async ({ name, persona_guids }) => {
      const body = persona_guids === undefined ? { name } : { name, persona_guids: persona_guids.join(',') };
      return dataAs(t, await post('/api/account/channels', body), channelAnswer);
    },
    renameChannel: async (guid, name) => dataAs(t, await post(guidIn('POST', '/api/account/channels', guid), { name }), channelAnswer),
    deleteChannel: async (guid, moveTo) => {
      const path = guidIn('DELETE', '/api/account/channels', guid);
      const move_to = optionalGuid('DELETE', '/api/account/channels/{guid}', 'move_to', moveTo);
      return dataAs(t, await post(path, move_to === undefined ? {} : { move_to }, 'DELETE'), channelDeletionAnswer);
    },

    setChannelAccess: async (guid, personaGuid, access) => {
      const path = guidIn('POST', '/api/account/channels', guid, '/access');
      sendable(t, { method: 'POST', path: '/api/account/channels/{guid}/access' }, guidCheck('persona_guid', personaGuid));
      return dataAs(t, await post(path, { persona_guid: personaGuid, access }), channelAnswer);
    },

    bio: async (personaGuid) => dataAs(t, await get(guidIn('GET', '/api/account', personaGuid, '/bio')), bioAnswer),
    setBio: async (personaGuid, text) => dataAs(t, await post(guidIn('POST', '/api/account', personaGuid, '/bio'), { bio_text: text }), bioAnswer),

    logout: async () => {
      dataAs(t, await post('/api/auth/logout'), logoutAnswer);
    },
    about: async () => dataAs(t, await t.send({ method: 'GET', path: '/api/about', auth: false }), aboutAnswer),
    signInWithCode: async (code) => dataAs(t, await t.send({ method: 'POST', path: '/api/auth/code', json: { code }, auth: false }), loginAnswer),

    remotes: async () => dataAs(t, await get('/api/sync/remotes'), z.array(remoteStatusAnswer)),
    addRemote: async (params) => dataAs(t, await post('/api/sync/remotes', { ...params }), remoteStatusAnswer),
    syncRemote: async (guid) => dataAs(t, await post(guidIn('POST', '/api/sync/remotes', guid, '/sync')), remoteStatusAnswer),
    removeRemote: async (guid) => {
      dataAs(t, await post(guidIn('DELETE', '/api/sync/remotes', guid), {}, 'DELETE'), remoteRemovedAnswer);
    },
    setPollSeconds: async (guid, seconds) => {
      const path = guidIn('POST', '/api/sync/remotes', guid);
      const checked = updateRemoteInput.shape.poll_seconds.safeParse(seconds);
      if (!checked.success) throw t.refuse({ method: 'POST', path }, checked.error.issues.map((issue) => issue.message));
      return dataAs(t, await post(path, { poll_seconds: seconds }), remoteStatusAnswer);
    },
    settleOutboxItem: async (seq, action) => {
      const path = `/api/sync/outbox/${seq}`;
      if (!Number.isInteger(seq) || seq < 0) throw t.refuse({ method: 'POST', path: '/api/sync/outbox/{seq}' }, ['seq must be an outbox item number']);
      dataAs(t, await post(path, { action }), itemSettledAnswer);
    },
    refreshPost: async (guid) => dataAs(t, await post(guidIn('POST', '/api/sync/posts', guid, '/refresh')), threadRefreshAnswer),
    conflicts: async () => dataAs(t, await get('/api/sync/conflicts'), z.array(conflictAnswer)),
    resolveConflict: async (postGuid, keep) => {
      dataAs(t, await post(guidIn('POST', '/api/sync/conflicts', postGuid), { keep }), conflictResolvedAnswer);
    },

    backups: async () => dataAs(t, await get('/api/backups'), backupsAnswer),
    backUpNow: async () => dataAs(t, await post('/api/backups'), backupAnswer),
    setBackupSettings: async (settings) => dataAs(t, await post('/api/backups/settings', { ...settings }, 'PUT'), backupSettingsAnswer),
    stageRestore: async (name) => {
      if (!BACKUP_NAME.test(name)) throw t.refuse({ method: 'POST', path: '/api/backups/{name}/restore' }, ['name must be the name of a listed backup']);
      return dataAs(t, await post(`/api/backups/${name}/restore`), stagedRestoreAnswer);
    },
    unstageRestore: async () => dataAs(t, await post('/api/backups/restore', {}, 'DELETE'), stagedRestoreAnswer),
    restoredDrafts: async () => dataAs(t, await get('/api/account/restored-drafts'), restoredDraftsAnswer),
    clearRestoredDrafts: async () => {
      dataAs(t, await post('/api/account/restored-drafts', {}, 'DELETE'), restoredDraftsClearedAnswer);
    },
  };
}
