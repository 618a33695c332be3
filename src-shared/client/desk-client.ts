import type { SettleAction } from '../api/vocabulary';
import { createDeskCall, type CallInput, type DeskRouteName } from './desk-call';
import type { PostAnswer } from '../api/answers';
import { legacyPost } from './lenient-legacy-answers';
import { ownPost } from './own-post';
import { pageOf, postOf, sendable } from './read';
import { newPostBody, type NewPostParams } from './outgoing';
import type { PostPage, RemotePost } from './remote-post';
import { createTransport, type Answer, type ClientOptions } from './transport';

/** The legacy Blurb collections this project answers for its owner, and search, by their routes' names. */
const BLURB_ROUTES = {
  global: 'globalBlurbs',
  home: 'homeBlurbs',
  mentions: 'mentionBlurbs',
  interactions: 'interactionBlurbs',
  pins: 'pinnedBlurbs',
  search: 'searchBlurbs',
} as const satisfies Record<string, DeskRouteName>;
export type DeskCollection = keyof typeof BLURB_ROUTES;

/**
 * The client of this project's own instance: the page's (src-renderer), beyond what any instance answers
 * (instance-client.ts). `call` reaches every route by name (desk-call.ts), method, path and schemas being the
 * route's; the named helpers below are the page's shorthands built on it, and turn this instance's posts
 * into the client's one shape of a post, `RemotePost`. Failures are `RemoteError`s, as everywhere in the
 * client.
 */
export function createDeskClient(options: ClientOptions) {
  const t = createTransport(options);
  const call = createDeskCall(t);
  /** A page of this instance's posts: checked with the route's strict schema, and those posts taken as `RemotePost`s. */
  const ownPage = ({ data, answer }: { data: PostAnswer[]; answer: Answer }): PostPage => ({
    posts: data.map(ownPost),
    skipped: [],
    servedUnix: answer.servedUnix,
  });
  /** The same for its legacy posts (Blurbs, a repost); the client never asks for `simple_posts`, so each post is whole. */
  const legacyPage = ({ answer }: { answer: Answer }): PostPage => pageOf(t, answer, legacyPost);

  return {
    call,

    timeline: async (which: 'global' | 'mentions', query: CallInput<'globalTimeline'> = {}) =>
      ownPage(await call.withAnswer(which === 'global' ? 'globalTimeline' : 'mentionsTimeline', { input: query })),
    search: async (query: CallInput<'search'>) => ownPage(await call.withAnswer('search', { input: query })),
    blurbs: async (collection: DeskCollection, query: CallInput<'globalBlurbs'> & { filter?: string } = {}) =>
      legacyPage(await call.withAnswer(BLURB_ROUTES[collection], { input: query })),
    /** `GET /api/posts/{guid}/thread` with the acting Persona's stars and pins. */
    thread: async (guid: string, personaGuid?: string) =>
      ownPage(await call.withAnswer('thread', { path: { guid }, input: { persona_guid: personaGuid } })),
    repost: async (id: number, personaGuid?: string): Promise<RemotePost> =>
      postOf(
        t,
        (await call.withAnswer('repostContent', { path: { id }, input: { persona_guid: personaGuid } })).answer,
        legacyPost,
      ),
    /** `GET /api/posts/{guid}/copies`: the posts published with this one as other Personas, this one among them. */
    copies: async (guid: string): Promise<RemotePost[]> =>
      ownPage(await call.withAnswer('copies', { path: { guid } })).posts,
    /** `GET /api/personas/{handle}`: a Persona's page by handle, `handle@host` or GUID. */
    personaPage: (handle: string) => call('personaPage', { path: { handle } }),

    profile: () => call('profile'),
    setProfile: (change: CallInput<'changeProfile'>) => call('changeProfile', { input: change }),
    personas: () => call('personas'),
    createPersona: (persona: CallInput<'createPersona'>) => call('createPersona', { input: persona }),
    updatePersona: (guid: string, change: CallInput<'updatePersona'>) =>
      call('updatePersona', { path: { guid }, input: change }),
    channels: () => call('channels'),
    createChannel: (channel: CallInput<'createChannel'>) => call('createChannel', { input: channel }),
    renameChannel: (guid: string, name: string) => call('renameChannel', { path: { guid }, input: { name } }),
    /** Deletes a Channel; its posts move to `moveTo`, or to the account's first other Channel without it. */
    deleteChannel: (guid: string, moveTo?: string) =>
      call('deleteChannel', { path: { guid }, input: { move_to: moveTo } }),
    /** Whether a Persona may write to a Channel (`write`) or not (`none`). */
    setChannelAccess: (guid: string, personaGuid: string, access: 'write' | 'none') =>
      call('setChannelAccess', { path: { guid }, input: { persona_guid: personaGuid, access } }),
    bio: (personaGuid: string) => call('bio', { path: { persona_guid: personaGuid } }),
    setBio: (personaGuid: string, text: string) =>
      call('setBio', { path: { persona_guid: personaGuid }, input: { bio_text: text } }),
    logout: () => call('logout'),
    /** Sent without a token: what the instance is and how it can be signed in to. */
    about: () => call('about', { anonymous: true }),
    /** Sent without a token: a printed sign-in link's one-time code, traded for a token. */
    signInWithCode: (code: string) => call('signInWithCode', { input: { code }, anonymous: true }),

    remotes: () => call('remotes'),
    addRemote: (remote: CallInput<'addRemote'>) => call('addRemote', { input: remote }),
    syncRemote: (guid: string) => call('syncRemote', { path: { guid } }),
    removeRemote: (guid: string) => call('removeRemote', { path: { guid } }),
    setPollSeconds: (guid: string, seconds: number) =>
      call('updateRemote', { path: { guid }, input: { poll_seconds: seconds } }),
    /** An outbox item stopped in `attention`: back in line (`retry`), or kept here only (`discard`). */
    settleOutboxItem: (seq: number, action: SettleAction) =>
      call('settleOutboxItem', { path: { seq }, input: { action } }),
    refreshPost: (guid: string) => call('refreshPost', { path: { guid } }),
    conflicts: () => call('conflicts'),
    resolveConflict: (postGuid: string, keep: 'local' | 'remote') =>
      call('resolveConflict', { path: { guid: postGuid }, input: { keep } }),

    backups: () => call('backups'),
    backUpNow: () => call('backUpNow'),
    setBackupSettings: (settings: CallInput<'setBackupSettings'>) => call('setBackupSettings', { input: settings }),
    /** Stages a backup to replace the store at the next start. */
    stageRestore: (name: string) => call('stageRestore', { path: { name } }),
    unstageRestore: () => call('unstageRestore'),
    /** The reading places of these timelines (api/markers.ts), by timeline. */
    markers: (timelines: readonly string[]) => call('markers', { input: { timeline: timelines.join(',') } }),
    moveMarker: (input: CallInput<'moveMarker'>) => call('moveMarker', { input }),
    /** The person's drafts (api/draft.ts); with `since`, what changed after that cursor. */
    drafts: (since?: number) => call('drafts', { input: since === undefined ? {} : { since: String(since) } }),
    saveDraft: (input: CallInput<'saveDraft'>) => call('saveDraft', { input }),
    /**
     * The draft published as a post for each destination (`destinations`, api/draft.ts; none: as `params`
     * name) and removed, from `version`; the posts in that order. `params` are checked as a write's.
     */
    publishDraft: async (
      id: string,
      params: NewPostParams,
      more: { version?: number | undefined; destinations?: string | undefined } = {},
    ): Promise<RemotePost[]> => {
      const path = `/api/drafts/${encodeURIComponent(id)}/publish`;
      const body = sendable(t, { method: 'POST', path }, newPostBody(params)) as CallInput<'publishDraft'>;
      return (await call('publishDraft', { path: { id }, input: { ...body, ...more } })).map(ownPost);
    },
    removeDraft: (id: string, version?: number) =>
      call('removeDraft', { path: { id }, input: version === undefined ? {} : { version: String(version) } }),
  };
}

export type DeskClient = ReturnType<typeof createDeskClient>;
