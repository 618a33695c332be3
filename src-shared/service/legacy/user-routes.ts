import { anyone, route, signedIn, type Route } from '../router';
import { personaBlurbs } from './blurbs';
import {
  deleteMyData,
  noRelations,
  resetMyAccount,
  unavailable,
  UserText,
  usersList,
  usersMe,
  usersMeta,
  usersSetpass,
  usersSites,
  usersWrite,
  welcome,
} from './users';
import { z } from 'zod';
import { blurbsInput } from '../../api/legacy-inputs';
import { confirmInput, usersWriteInput } from '../../api/legacy-user-inputs';
import { passwordInput, profileInput } from '../../api/inputs';
import { passwordAnswer, profileAnswer } from '../../api/answers';
import {
  accountResetAnswer,
  legacyAccountAnswer,
  legacyChannelAnswer,
  legacyPostsAnswer,
  myDataDeletedAnswer,
  noRelationsAnswer,
  refusalAnswer,
  usersMeAnswer,
  usersWriteAnswer,
  welcomeAnswer,
} from '../../api/legacy-answers';


/** A path this single-user instance has nothing behind: it says so plainly, to a signed-in caller. */
const refusal = (method: 'POST' | 'DELETE', pattern: string, text: string): Route =>
  route({ method, pattern, access: signedIn, output: refusalAnswer, handler: unavailable(text) });

/** `/users` of the legacy interface (section 4.1); what each path does is listed in docs/legacy-interface.md. */
export const userRoutes: readonly Route[] = [
  route({ method: 'GET', pattern: '/users/me', access: signedIn, output: usersMeAnswer, handler: usersMe }),
  route({ method: 'GET', pattern: '/users/blurbs/:account_id', access: anyone, input: blurbsInput, output: legacyPostsAnswer, handler: personaBlurbs }),
  route({ method: 'GET', pattern: '/users/list', access: anyone, output: z.array(legacyAccountAnswer), handler: usersList }),
  route({ method: 'GET', pattern: '/users/sites', access: signedIn, output: z.array(legacyChannelAnswer), handler: usersSites }),
  route({ method: 'GET', pattern: '/users/followers', access: signedIn, output: noRelationsAnswer, handler: noRelations }),
  route({ method: 'GET', pattern: '/users/following', access: signedIn, output: noRelationsAnswer, handler: noRelations }),
  route({ method: 'POST', pattern: '/users/meta', access: signedIn, input: profileInput, output: profileAnswer, handler: usersMeta }),
  // Hashing a password awaits Web Crypto, which would let the request transaction commit.
  route({ method: 'POST', pattern: '/users/setpass', access: signedIn, input: passwordInput, output: passwordAnswer, handler: usersSetpass, transaction: false }),
  route({ method: 'POST', pattern: '/users/welcome', access: signedIn, output: welcomeAnswer, handler: welcome('seen') }),
  route({ method: 'POST', pattern: '/users/welcomeskip', access: signedIn, output: welcomeAnswer, handler: welcome('skipped') }),
  route({ method: 'POST', pattern: '/users/write', access: signedIn, input: usersWriteInput, output: usersWriteAnswer, handler: usersWrite }),
  refusal('POST', '/users/follow', UserText.followUnavailable),
  refusal('DELETE', '/users/follow', UserText.followUnavailable),
  refusal('POST', '/users/mute', UserText.muteUnavailable),
  refusal('DELETE', '/users/mute', UserText.muteUnavailable),
  refusal('POST', '/users/silence', UserText.silenceUnavailable),
  refusal('DELETE', '/users/silence', UserText.silenceUnavailable),
  refusal('POST', '/users/invite', UserText.inviteUnavailable),
  route({ method: 'DELETE', pattern: '/users/mydata', access: signedIn, input: confirmInput, output: myDataDeletedAnswer, handler: deleteMyData }),
  // Hashes the request's token (Web Crypto) before it opens its own transaction.
  route({ method: 'DELETE', pattern: '/users/myaccount', access: signedIn, input: confirmInput, output: accountResetAnswer, handler: resetMyAccount, transaction: false }),
];
