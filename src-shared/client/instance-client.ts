import {
  draftsAnswer,
  removedDraftAnswer,
  savedDraftAnswer,
  type Draft,
  type DraftsAnswer,
  type RemovedDraftAnswer,
  type SavedDraftAnswer,
} from '../api/draft';
import { markerAnswer, markersAnswer, type MarkerAnswer, type MarkersAnswer } from '../api/markers';
import { POST_TYPES, type PinColour, type PinValue } from '../api/vocabulary';
import {
  guidCheck,
  newPostBody,
  pinValue,
  timelineSearch,
  updateBody,
  type NewPostParams,
  type TimelineQuery,
  type UpdatePostParams,
} from './outgoing';
import type { RemoteError } from './errors';
import { dataAs, failedWith, notOffered, pageOf, postOf, postOrNull, sendable } from './read';
import {
  instancePost,
  remoteAbout,
  remoteChannels,
  remoteDeletion,
  remoteLogin,
  remoteProfile,
  type About,
  type AccountProfile,
  type DeleteResult,
  type LoginResult,
  type RemoteChannel,
} from './lenient-answers';
import type { PostPage, RemotePost } from './remote-post';
import { createTransport, type Answer, type Call, type ClientOptions, type Method } from './transport';

/**
 * The instance interface of a remote Publishing Service (sections 4.2, 4.3), and the extensions of this
 * project that a remote may or may not have (login, channels, `before`). Every function either answers
 * what the remote said, read into one plain shape, or throws a `RemoteError` (see errors.ts for its kinds).
 */
export interface InstanceClient {
  readonly baseUrl: string;
  /** The same remote with another token (after `login`, or null for none). */
  withToken(token: string | null): InstanceClient;
  /** `POST /api/auth/login`; never sends the client's own token. A wrong name or password is `auth`. */
  login(name: string, password: string): Promise<LoginResult>;
  /** `GET /api/account/me`, or `POST` when the remote answers GET with 404 or 405. */
  accountMe(): Promise<AccountProfile>;
  /** `GET /api/account/channels`; null when the remote does not have it (read.ts, `notOffered`). */
  channels(): Promise<RemoteChannel[] | null>;
  /** `GET /api/about`: what the remote is and which of this project's extensions it answers; null when it does not say. */
  about(): Promise<About | null>;
  /** `GET /api/posts/global`; `since` and `until` are inclusive. */
  global(query?: TimelineQuery): Promise<PostPage>;
  /** `GET /api/posts/mentions` (token required). */
  mentions(query?: TimelineQuery): Promise<PostPage>;
  /**
   * `GET /api/account/{persona_guid}/posts`: one Persona's own posts, newest first (the reference's, not in
   * the spec); null when the remote does not have it.
   */
  personaPosts(personaGuid: string, query?: TimelineQuery): Promise<PostPage | null>;
  /** `GET /api/posts/{guid}`; null when the remote says there is no such post it lets us read. */
  post(guid: string): Promise<RemotePost | null>;
  /**
   * `GET /api/posts/{guid}/thread`, in the remote's order; null when there is no such thread we may read.
   * Asks for every kind and the most posts a remote answers whole (the reference gives 75 unless asked).
   */
  thread(guid: string): Promise<PostPage | null>;
  /** `POST /api/posts/write`: creates a post; always sends `post_type`. */
  write(params: NewPostParams): Promise<RemotePost>;
  /** `POST /api/posts/{guid}/write`: what is sent replaces, the rest is kept (`content` is required). */
  update(guid: string, params: UpdatePostParams): Promise<RemotePost>;
  /** `DELETE /api/posts/{guid}`; null when the remote says there is no such post (already gone). */
  deletePost(guid: string): Promise<DeleteResult | null>;
  /** `POST /api/posts/{guid}/star` as `personaGuid` (default: the account's first Persona). */
  star(guid: string, personaGuid?: string): Promise<RemotePost>;
  unstar(guid: string, personaGuid?: string): Promise<RemotePost>;
  /** `POST /api/posts/{guid}/pin` with `value` (`orange` or `pin.orange`; `none` unpins). */
  pin(guid: string, value: PinColour | PinValue | 'none', personaGuid?: string): Promise<RemotePost>;
  unpin(guid: string, personaGuid?: string): Promise<RemotePost>;
  /** `GET /api/markers` (this project's extension): the reading places of these timelines, by timeline. */
  markers(timelines: readonly string[]): Promise<MarkersAnswer>;
  /** `POST /api/markers`: moves one from the `version` read; another move since is refused (409, `rejected`). */
  moveMarker(timeline: string, postGuid: string, version: number): Promise<MarkerAnswer>;
  /** `GET /api/drafts` (this project's extension): the account's drafts; with `since`, what changed after it. */
  drafts(since?: number): Promise<DraftsAnswer>;
  /** `POST /api/drafts`: a draft's next version from `version`, as `writer`; a change made apart is kept beside it. */
  saveDraft(draft: Draft, version: number, writer: string): Promise<SavedDraftAnswer>;
  /** `DELETE /api/drafts/{id}` of `version`; changed since, it is refused (409, `rejected`). */
  removeDraft(id: string, version: number): Promise<RemovedDraftAnswer>;
}

/**
 * The most posts a thread answer asks for: the reference clamps a count above 250 (and the 251 it makes of
 * its own default) to 75. Other remotes ignore the variable.
 */
const THREAD_COUNT = 249;

/** What a remote says about a post or thread that is not there, or not for us to read. */
const NOT_THERE = /^invalid (post|thread) identifier supplied/i;
const isNotThere = (failure: RemoteError | null): boolean =>
  failedWith(failure, [404, 410]) || (failure?.kind === 'rejected' && NOT_THERE.test(failure.remoteText ?? ''));

export function createInstanceClient(options: ClientOptions): InstanceClient {
  const t = createTransport(options);

  const guidPath = (method: Method, guid: string, suffix = ''): string => {
    const path = `/api/posts/${encodeURIComponent(guid)}${suffix}`;
    sendable(t, { method, path }, guidCheck('guid', guid));
    return path;
  };
  const personaBody = (call: Pick<Call, 'method' | 'path'>, personaGuid: string | undefined) =>
    personaGuid === undefined ? {} : { persona_guid: sendable(t, call, guidCheck('persona_guid', personaGuid)) };

  /** A single post, or null when the remote says it is not there. */
  const readOrNull = async <T>(path: string, read: (answer: Answer) => T | null): Promise<T | null> => {
    const answer = await t.send({ method: 'GET', path, auth: true });
    if (isNotThere(t.failureOf(answer))) return null;
    return read(answer);
  };

  const timeline = async (path: string, query: TimelineQuery): Promise<PostPage> => {
    const search = sendable(t, { method: 'GET', path }, timelineSearch(query));
    return pageOf(t, await t.send({ method: 'GET', path, query: search, auth: true }), instancePost);
  };

  const act = async (
    method: Method,
    guid: string,
    suffix: string,
    body: (path: string) => Record<string, unknown>,
  ): Promise<RemotePost> => {
    const path = guidPath(method, guid, suffix);
    return postOf(t, await t.send({ method, path, json: body(path), auth: true }), instancePost);
  };

  return {
    baseUrl: t.baseUrl,

    withToken: (token) => createInstanceClient({ ...options, token }),

    login: async (name, password) => {
      const answer = await t.send({
        method: 'POST',
        path: '/api/auth/login',
        json: { account_name: name, account_pass: password },
        auth: false,
      });
      return dataAs(t, answer, remoteLogin);
    },

    accountMe: async () => {
      let answer = await t.send({ method: 'GET', path: '/api/account/me', auth: true });
      // The spec describes the read as GET but shows POST; a remote that has only POST says 404 or 405.
      if (failedWith(t.failureOf(answer), [404, 405])) {
        answer = await t.send({ method: 'POST', path: '/api/account/me', json: {}, auth: true });
      }
      return dataAs(t, answer, remoteProfile);
    },

    channels: async () => {
      const answer = await t.send({ method: 'GET', path: '/api/account/channels', auth: true });
      if (notOffered(t.failureOf(answer))) return null;
      return dataAs(t, answer, remoteChannels);
    },

    about: async () => {
      const answer = await t.send({ method: 'GET', path: '/api/about', auth: false });
      if (notOffered(t.failureOf(answer))) return null;
      // Another server may answer this path with something else entirely: then it says nothing about itself.
      const read = remoteAbout.safeParse(t.dataOf(answer));
      return read.success ? read.data : null;
    },

    markers: async (timelines) => {
      const query = { timeline: timelines.join(',') };
      return dataAs(t, await t.send({ method: 'GET', path: '/api/markers', query, auth: true }), markersAnswer);
    },
    drafts: async (since) => {
      const query = { since: since === undefined ? undefined : String(since) };
      return dataAs(t, await t.send({ method: 'GET', path: '/api/drafts', query, auth: true }), draftsAnswer);
    },
    saveDraft: async (draft, version, writer) => {
      const json = { ...draft, version, writer };
      return dataAs(t, await t.send({ method: 'POST', path: '/api/drafts', json, auth: true }), savedDraftAnswer);
    },
    removeDraft: async (id, version) => {
      const path = `/api/drafts/${encodeURIComponent(id)}`;
      return dataAs(t, await t.send({ method: 'DELETE', path, json: { version }, auth: true }), removedDraftAnswer);
    },
    moveMarker: async (timeline, postGuid, version) => {
      const json = { timeline, post_guid: postGuid, version };
      return dataAs(t, await t.send({ method: 'POST', path: '/api/markers', json, auth: true }), markerAnswer);
    },

    global: async (query = {}) => timeline('/api/posts/global', query),
    mentions: async (query = {}) => timeline('/api/posts/mentions', query),
    personaPosts: async (personaGuid, query = {}) => {
      const path = `/api/account/${encodeURIComponent(personaGuid)}/posts`;
      sendable(t, { method: 'GET', path: '/api/account/{persona_guid}/posts' }, guidCheck('persona_guid', personaGuid));
      const search = sendable(t, { method: 'GET', path }, timelineSearch(query));
      const answer = await t.send({ method: 'GET', path, query: search, auth: true });
      return notOffered(t.failureOf(answer)) ? null : pageOf(t, answer, instancePost);
    },

    // Async all through: a refusal to send is a rejected promise like any other failure, never a throw.
    post: async (guid) => readOrNull(guidPath('GET', guid), (answer) => postOrNull(t, answer, instancePost)),
    thread: async (guid) => {
      const path = guidPath('GET', guid, '/thread');
      const answer = await t.send({
        method: 'GET',
        path,
        query: { count: String(THREAD_COUNT), types: POST_TYPES.join(',') },
        auth: true,
      });
      return isNotThere(t.failureOf(answer)) ? null : pageOf(t, answer, instancePost);
    },

    write: async (params) => {
      const path = '/api/posts/write';
      const body = sendable(t, { method: 'POST', path }, newPostBody(params));
      return postOf(t, await t.send({ method: 'POST', path, json: body, auth: true }), instancePost);
    },

    update: async (guid, params) =>
      act('POST', guid, '/write', (path) => sendable(t, { method: 'POST', path }, updateBody(params))),

    deletePost: async (guid) => {
      const path = guidPath('DELETE', guid);
      // The GUID also travels in the body, which DELETE /api/posts (without it in the path) reads.
      const answer = await t.send({ method: 'DELETE', path, json: { guid }, auth: true });
      if (isNotThere(t.failureOf(answer))) return null;
      return dataAs(t, answer, remoteDeletion);
    },

    star: async (guid, personaGuid) =>
      act('POST', guid, '/star', (path) => personaBody({ method: 'POST', path }, personaGuid)),
    unstar: async (guid, personaGuid) =>
      act('DELETE', guid, '/star', (path) => personaBody({ method: 'DELETE', path }, personaGuid)),
    pin: async (guid, value, personaGuid) =>
      act('POST', guid, '/pin', (path) => ({
        value: sendable(t, { method: 'POST', path }, pinValue(value)),
        ...personaBody({ method: 'POST', path }, personaGuid),
      })),
    unpin: async (guid, personaGuid) =>
      act('DELETE', guid, '/pin', (path) => personaBody({ method: 'DELETE', path }, personaGuid)),
  };
}
