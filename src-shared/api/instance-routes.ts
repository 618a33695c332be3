import { z } from 'zod';
import {
  aboutAnswer,
  bioAnswer,
  channelAnswer,
  channelDeletionAnswer,
  deleteAnswer,
  loginAnswer,
  logoutAnswer,
  passwordAnswer,
  personaAnswer,
  personaPageAnswer,
  postsAnswer,
  profileAnswer,
} from './answers';
import {
  draftsAnswer,
  draftsInput,
  publishDraftInput,
  removeDraftInput,
  removedDraftAnswer,
  saveDraftInput,
  savedDraftAnswer,
} from './draft';
import { markerAnswer, markersAnswer, markersInput, moveMarkerInput } from './markers';
import { ErrorText } from './errors';
import {
  actingInput,
  bioInput,
  channelAccessInput,
  channelCreateInput,
  channelDeleteInput,
  channelUpdateInput,
  deleteInput,
  loginInput,
  passwordInput,
  personaCreateInput,
  personaUpdateInput,
  pinInput,
  postReadInput,
  postSearchInput,
  profileChangeInput,
  signInCodeInput,
  timelineInput,
  writeInput,
} from './inputs';
import { draftIdParam, guidParam, personaNameParam, postGuidParam } from './path-params';
import { anyone, route, signedIn } from './route-contract';

const personaGuid = guidParam(400, ErrorText.invalidPersona);
const channelGuid = { guid: guidParam(400, ErrorText.invalidChannel) };
/** A post named in the path; how a route refuses one it cannot find is its own (see its handler). */
const postGuid = { guid: postGuidParam };

/**
 * The instance interface (sections 4.2, 4.3) and this instance's extensions (docs/api.md), one line a
 * route: who may call it, what it takes and what it answers. Literal paths come first; where two patterns
 * fit a path equally well, the one earlier here wins (service/router.ts).
 */
export const instanceRoutes = {
  // Accounts (4.2) and extensions under /api/account.
  changeProfile: route({
    method: 'POST',
    pattern: '/api/account/me',
    access: signedIn,
    input: profileChangeInput,
    output: profileAnswer,
    tokenVariable: true,
  }),
  profile: route({
    method: 'GET',
    pattern: '/api/account/me',
    access: signedIn,
    output: profileAnswer,
    tokenVariable: true,
  }),
  setPassword: route({
    method: 'POST',
    pattern: '/api/account/password',
    access: signedIn,
    input: passwordInput,
    output: passwordAnswer,
  }),
  personas: route({
    method: 'GET',
    pattern: '/api/account/personas',
    access: signedIn,
    output: z.lazy(() => z.array(personaAnswer)),
  }),
  createPersona: route({
    method: 'POST',
    pattern: '/api/account/personas',
    access: signedIn,
    input: personaCreateInput,
    output: personaAnswer,
  }),
  updatePersona: route({
    method: 'POST',
    pattern: '/api/account/personas/:guid',
    access: signedIn,
    input: personaUpdateInput,
    path: { guid: personaGuid },
    output: personaAnswer,
  }),
  channels: route({
    method: 'GET',
    pattern: '/api/account/channels',
    access: signedIn,
    output: z.lazy(() => z.array(channelAnswer)),
  }),
  createChannel: route({
    method: 'POST',
    pattern: '/api/account/channels',
    access: signedIn,
    input: channelCreateInput,
    output: channelAnswer,
  }),
  renameChannel: route({
    method: 'POST',
    pattern: '/api/account/channels/:guid',
    access: signedIn,
    input: channelUpdateInput,
    path: channelGuid,
    output: channelAnswer,
  }),
  deleteChannel: route({
    method: 'DELETE',
    pattern: '/api/account/channels/:guid',
    access: signedIn,
    input: channelDeleteInput,
    path: channelGuid,
    output: channelDeletionAnswer,
  }),
  setChannelAccess: route({
    method: 'POST',
    pattern: '/api/account/channels/:guid/access',
    access: signedIn,
    input: channelAccessInput,
    path: channelGuid,
    output: channelAnswer,
  }),
  // Each timeline's reading place (extension).
  markers: route({
    method: 'GET',
    pattern: '/api/markers',
    access: signedIn,
    extension: 'markers',
    input: markersInput,
    output: markersAnswer,
  }),
  moveMarker: route({
    method: 'POST',
    pattern: '/api/markers',
    access: signedIn,
    extension: 'markers',
    input: moveMarkerInput,
    output: markerAnswer,
  }),
  // Drafts, kept by the instance (extension).
  drafts: route({
    method: 'GET',
    pattern: '/api/drafts',
    access: signedIn,
    extension: 'drafts',
    input: draftsInput,
    output: draftsAnswer,
  }),
  saveDraft: route({
    method: 'POST',
    pattern: '/api/drafts',
    access: signedIn,
    extension: 'drafts',
    input: saveDraftInput,
    output: savedDraftAnswer,
  }),
  publishDraft: route({
    method: 'POST',
    pattern: '/api/drafts/:id/publish',
    access: signedIn,
    extension: 'drafts',
    input: publishDraftInput,
    path: { id: draftIdParam },
    output: postsAnswer,
  }),
  removeDraft: route({
    method: 'DELETE',
    pattern: '/api/drafts/:id',
    access: signedIn,
    extension: 'drafts',
    input: removeDraftInput,
    path: { id: draftIdParam },
    output: removedDraftAnswer,
  }),
  bio: route({
    method: 'GET',
    pattern: '/api/account/:persona_guid/bio',
    access: anyone,
    path: { persona_guid: personaGuid },
    output: bioAnswer,
  }),
  setBio: route({
    method: 'POST',
    pattern: '/api/account/:persona_guid/bio',
    access: signedIn,
    input: bioInput,
    path: { persona_guid: guidParam(401, ErrorText.couldNotUpdatePublicProfile) },
    output: bioAnswer,
  }),
  // A Persona's public page, of this instance or of a remote (extension).
  personaPage: route({
    method: 'GET',
    pattern: '/api/personas/:handle',
    access: anyone,
    path: { handle: personaNameParam },
    output: personaPageAnswer,
  }),
  // What this server is (extension).
  about: route({ method: 'GET', pattern: '/api/about', access: anyone, output: aboutAnswer }),
  // Signing in (extension).
  login: route({ method: 'POST', pattern: '/api/auth/login', access: anyone, input: loginInput, output: loginAnswer }),
  signInWithCode: route({
    method: 'POST',
    pattern: '/api/auth/code',
    access: anyone,
    input: signInCodeInput,
    output: loginAnswer,
  }),
  logout: route({ method: 'POST', pattern: '/api/auth/logout', access: signedIn, output: logoutAnswer }),
  // Posts (4.3). `persona_guid`, where a route takes it, is also whose stars and pins its posts show.
  globalTimeline: route({
    method: 'GET',
    pattern: '/api/posts/global',
    access: anyone,
    input: timelineInput,
    output: postsAnswer,
  }),
  mentionsTimeline: route({
    method: 'GET',
    pattern: '/api/posts/mentions',
    access: signedIn,
    input: timelineInput,
    output: postsAnswer,
    tokenVariable: true,
  }),
  // Search over every post type (extension).
  search: route({
    method: 'GET',
    pattern: '/api/posts/search',
    access: anyone,
    input: postSearchInput,
    output: postsAnswer,
  }),
  writePost: route({
    method: 'POST',
    pattern: '/api/posts/write',
    access: signedIn,
    input: writeInput,
    output: postsAnswer,
  }),
  deletePostNamed: route({
    method: 'DELETE',
    pattern: '/api/posts',
    access: signedIn,
    input: deleteInput,
    output: deleteAnswer,
  }),
  post: route({
    method: 'GET',
    pattern: '/api/posts/:guid',
    access: anyone,
    input: postReadInput,
    path: postGuid,
    output: postsAnswer,
  }),
  deletePost: route({
    method: 'DELETE',
    pattern: '/api/posts/:guid',
    access: signedIn,
    path: postGuid,
    output: deleteAnswer,
  }),
  thread: route({
    method: 'GET',
    pattern: '/api/posts/:guid/thread',
    access: anyone,
    input: actingInput,
    path: postGuid,
    output: postsAnswer,
  }),
  copies: route({
    method: 'GET',
    pattern: '/api/posts/:guid/copies',
    access: signedIn,
    extension: 'drafts',
    path: postGuid,
    output: postsAnswer,
  }),
  editPost: route({
    method: 'POST',
    pattern: '/api/posts/:guid/write',
    access: signedIn,
    input: writeInput,
    path: { guid: guidParam(400, ErrorText.invalidPostIdentifier) },
    output: postsAnswer,
  }),
  star: route({
    method: 'POST',
    pattern: '/api/posts/:guid/star',
    access: signedIn,
    input: actingInput,
    path: postGuid,
    output: postsAnswer,
  }),
  unstar: route({
    method: 'DELETE',
    pattern: '/api/posts/:guid/star',
    access: signedIn,
    input: actingInput,
    path: postGuid,
    output: postsAnswer,
  }),
  pin: route({
    method: 'POST',
    pattern: '/api/posts/:guid/pin',
    access: signedIn,
    input: pinInput,
    path: postGuid,
    output: postsAnswer,
  }),
  unpin: route({
    method: 'DELETE',
    pattern: '/api/posts/:guid/pin',
    access: signedIn,
    input: actingInput,
    path: postGuid,
    output: postsAnswer,
  }),
} as const;
