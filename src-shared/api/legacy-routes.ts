import { z } from 'zod';
import { passwordAnswer, profileAnswer } from './answers';
import { passwordInput, profileInput } from './inputs';
import {
  accountResetAnswer,
  legacyAccountAnswer,
  legacyChannelAnswer,
  legacyDeleteAnswer,
  legacyPostsAnswer,
  myDataDeletedAnswer,
  noRelationsAnswer,
  refusalAnswer,
  usersMeAnswer,
  usersWriteAnswer,
  welcomeAnswer,
} from './legacy-answers';
import {
  blurbsInput,
  contentActingInput,
  contentDeleteInput,
  contentPinInput,
  contentReadInput,
  contentWriteInput,
  postIdsInput,
  searchInput,
} from './legacy-inputs';
import { confirmInput, usersWriteInput } from './legacy-user-inputs';
import { accountIdParam, notAPostId, postIdParam } from './path-params';
import { anyone, route, signedIn } from './route-contract';

const posts = legacyPostsAnswer;

/** The legacy interface (section 4.1): `/content`, one line a route as in instance-routes.ts. */
export const contentRoutes = {
  content: route({ method: 'GET', pattern: '/content', access: anyone, input: postIdsInput, output: posts }),
  writeContent: route({
    method: 'POST',
    pattern: '/content',
    access: signedIn,
    input: contentWriteInput,
    output: posts,
  }),
  globalBlurbs: route({
    method: 'GET',
    pattern: '/content/blurbs/global',
    access: anyone,
    input: blurbsInput,
    output: posts,
  }),
  homeBlurbs: route({
    method: 'GET',
    pattern: '/content/blurbs/home',
    access: signedIn,
    input: blurbsInput,
    output: posts,
  }),
  mentionBlurbs: route({
    method: 'GET',
    pattern: '/content/blurbs/mentions',
    access: signedIn,
    input: blurbsInput,
    output: posts,
  }),
  interactionBlurbs: route({
    method: 'GET',
    pattern: '/content/blurbs/interactions',
    access: signedIn,
    input: blurbsInput,
    output: posts,
  }),
  pinnedBlurbs: route({
    method: 'GET',
    pattern: '/content/blurbs/pins',
    access: signedIn,
    input: blurbsInput,
    output: posts,
  }),
  searchBlurbs: route({
    method: 'GET',
    pattern: '/content/blurbs/search',
    access: anyone,
    input: searchInput,
    output: posts,
  }),
  pinContent: route({
    method: 'POST',
    pattern: '/content/pin',
    access: signedIn,
    input: contentPinInput,
    output: posts,
  }),
  // The acting Persona is checked before the post, and a body's `post_id` wins over the path: these
  // handlers refuse a path that is no post id themselves.
  starContent: route({
    method: 'POST',
    pattern: '/content/star/:id',
    access: signedIn,
    input: contentActingInput,
    path: { id: postIdParam(null) },
    output: posts,
  }),
  repostContent: route({
    method: 'POST',
    pattern: '/content/repost/:id',
    access: signedIn,
    input: contentActingInput,
    path: { id: postIdParam(null) },
    output: posts,
  }),
  readContent: route({
    method: 'GET',
    pattern: '/content/:id',
    access: anyone,
    input: contentReadInput,
    path: { id: postIdParam(notAPostId) },
    output: posts,
  }),
  deleteContent: route({
    method: 'DELETE',
    pattern: '/content/:id',
    access: signedIn,
    input: contentDeleteInput,
    path: { id: postIdParam(null) },
    output: legacyDeleteAnswer,
  }),
} as const;

/** A path this single-user instance has nothing behind: it says so plainly, to a signed-in caller. */
const refusal = <M extends 'POST' | 'DELETE', P extends string>(method: M, pattern: P) =>
  route({ method, pattern, access: signedIn, output: refusalAnswer });

/** `/users` of the legacy interface (section 4.1); what each path does is listed in docs/legacy-interface.md. */
export const userRoutes = {
  usersMe: route({ method: 'GET', pattern: '/users/me', access: signedIn, output: usersMeAnswer }),
  personaBlurbs: route({
    method: 'GET',
    pattern: '/users/blurbs/:account_id',
    access: anyone,
    input: blurbsInput,
    path: { account_id: accountIdParam },
    output: posts,
  }),
  usersList: route({
    method: 'GET',
    pattern: '/users/list',
    access: anyone,
    output: z.lazy(() => z.array(legacyAccountAnswer)),
  }),
  usersSites: route({
    method: 'GET',
    pattern: '/users/sites',
    access: signedIn,
    output: z.lazy(() => z.array(legacyChannelAnswer)),
  }),
  followers: route({ method: 'GET', pattern: '/users/followers', access: signedIn, output: noRelationsAnswer }),
  following: route({ method: 'GET', pattern: '/users/following', access: signedIn, output: noRelationsAnswer }),
  usersMeta: route({
    method: 'POST',
    pattern: '/users/meta',
    access: signedIn,
    input: profileInput,
    output: profileAnswer,
  }),
  usersSetpass: route({
    method: 'POST',
    pattern: '/users/setpass',
    access: signedIn,
    input: passwordInput,
    output: passwordAnswer,
  }),
  welcomeSeen: route({ method: 'POST', pattern: '/users/welcome', access: signedIn, output: welcomeAnswer }),
  welcomeSkipped: route({ method: 'POST', pattern: '/users/welcomeskip', access: signedIn, output: welcomeAnswer }),
  usersWrite: route({
    method: 'POST',
    pattern: '/users/write',
    access: signedIn,
    input: usersWriteInput,
    output: usersWriteAnswer,
  }),
  follow: refusal('POST', '/users/follow'),
  unfollow: refusal('DELETE', '/users/follow'),
  mute: refusal('POST', '/users/mute'),
  unmute: refusal('DELETE', '/users/mute'),
  silence: refusal('POST', '/users/silence'),
  unsilence: refusal('DELETE', '/users/silence'),
  invite: refusal('POST', '/users/invite'),
  deleteMyData: route({
    method: 'DELETE',
    pattern: '/users/mydata',
    access: signedIn,
    input: confirmInput,
    output: myDataDeletedAnswer,
  }),
  resetMyAccount: route({
    method: 'DELETE',
    pattern: '/users/myaccount',
    access: signedIn,
    input: confirmInput,
    output: accountResetAnswer,
  }),
} as const;

/** The legacy interface, both halves. */
export const legacyRoutes = { ...contentRoutes, ...userRoutes } as const;
