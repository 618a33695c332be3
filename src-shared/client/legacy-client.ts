import {
  blurbsSearch,
  legacyColourCheck,
  legacyIdCheck,
  legacyWriteBody,
  type BlurbCollection,
  type BlurbsQuery,
  type LegacyWriteParams,
} from './legacy-outgoing';
import type { LegacyPinColour } from '../api/vocabulary';
import { isBlank } from './lenient';
import { dataAs, failedWith, pageOf, postOf, sendable } from './read';
import { legacyDeletion, legacyMe, legacyPost, type LegacyDeleteResult, type LegacyMe } from './lenient-legacy-answers';
import type { PostPage, RemotePost } from './remote-post';
import { createTransport, type ClientOptions, type Method } from './transport';

/**
 * A remote that speaks only the legacy interface (section 4.1 and `/users`). Posts come back as the same
 * `RemotePost` as from the instance interface, with their numeric `id`. Failures are `RemoteError`s.
 */
export interface LegacyClient {
  readonly baseUrl: string;
  withToken(token: string | null): LegacyClient;
  /** `GET /users/me`: the account, its Personas (`accounts`) and Channels. */
  me(): Promise<LegacyMe>;
  /** `GET /content/blurbs/{collection}`, newest first. */
  blurbs(collection: BlurbCollection, query?: BlurbsQuery): Promise<PostPage>;
  /** `GET /content/{id}`; null when the remote says it does not exist (or is not ours to read). */
  post(id: number): Promise<RemotePost | null>;
  /** `POST /content`: creates, or with `post_id` updates, a post. */
  write(params: LegacyWriteParams): Promise<RemotePost>;
  /** `DELETE /content/{id}`; null when the remote says there is no such post (already gone). */
  deletePost(id: number): Promise<LegacyDeleteResult | null>;
  /** `POST /content/star/{id}`: a toggle; the answer's `starred` says which way it went. */
  star(id: number): Promise<RemotePost>;
  /**
   * `POST /content/pin` with one of the six colours. On this project, sending the colour the post already
   * has removes the pin. The spec does not show the answer: null when the remote answers no post.
   */
  pin(id: number, colour: LegacyPinColour): Promise<RemotePost | null>;
}

export function createLegacyClient(options: ClientOptions): LegacyClient {
  const t = createTransport(options);

  const idPath = (method: Method, prefix: string, id: number): string => {
    const path = `${prefix}/${id}`;
    sendable(t, { method, path: `${prefix}/{id}` }, legacyIdCheck('id', id));
    return path;
  };

  return {
    baseUrl: t.baseUrl,

    withToken: (token) => createLegacyClient({ ...options, token }),

    me: async () => dataAs(t, await t.send({ method: 'GET', path: '/users/me', auth: true }), legacyMe),

    blurbs: async (collection, query = {}) => {
      const path = `/content/blurbs/${collection}`;
      const search = sendable(t, { method: 'GET', path }, blurbsSearch(query));
      return pageOf(t, await t.send({ method: 'GET', path, query: search, auth: true }), legacyPost);
    },

    post: async (id) => {
      const answer = await t.send({ method: 'GET', path: idPath('GET', '/content', id), auth: true });
      if (failedWith(t.failureOf(answer), [404, 410])) return null;
      return postOf(t, answer, legacyPost);
    },

    write: async (params) => {
      const path = '/content';
      const body = sendable(t, { method: 'POST', path }, legacyWriteBody(params));
      return postOf(t, await t.send({ method: 'POST', path, json: body, auth: true }), legacyPost);
    },

    deletePost: async (id) => {
      const path = idPath('DELETE', '/content', id);
      const answer = await t.send({ method: 'DELETE', path, json: { post_id: id }, auth: true });
      if (failedWith(t.failureOf(answer), [404, 410])) return null;
      return dataAs(t, answer, legacyDeletion);
    },

    star: async (id) => {
      const path = idPath('POST', '/content/star', id);
      return postOf(t, await t.send({ method: 'POST', path, json: {}, auth: true }), legacyPost);
    },

    pin: async (id, colour) => {
      const path = '/content/pin';
      sendable(t, { method: 'POST', path }, legacyIdCheck('post_id', id));
      const body = { post_id: id, colour: sendable(t, { method: 'POST', path }, legacyColourCheck(colour)) };
      const answer = await t.send({ method: 'POST', path, json: body, auth: true });
      const data = t.dataOf(answer);
      if (isBlank(data) || (Array.isArray(data) && data.length === 0)) return null;
      return postOf(t, answer, legacyPost);
    },
  };
}
