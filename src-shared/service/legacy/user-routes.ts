import type { Route } from '../router';
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

const follow = unavailable(UserText.followUnavailable);
const mute = unavailable(UserText.muteUnavailable);
const silence = unavailable(UserText.silenceUnavailable);

/** `/users` of the legacy interface (section 4.1); what each path does is listed in docs/legacy-interface.md. */
export const userRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/users/me', handler: usersMe },
  { method: 'GET', pattern: '/users/blurbs/:account_id', handler: personaBlurbs },
  { method: 'GET', pattern: '/users/list', handler: usersList },
  { method: 'GET', pattern: '/users/sites', handler: usersSites },
  { method: 'GET', pattern: '/users/followers', handler: noRelations },
  { method: 'GET', pattern: '/users/following', handler: noRelations },
  { method: 'POST', pattern: '/users/meta', handler: usersMeta },
  // Hashing a password awaits Web Crypto, which would let the request transaction commit.
  { method: 'POST', pattern: '/users/setpass', handler: usersSetpass, transaction: false },
  { method: 'POST', pattern: '/users/welcome', handler: welcome('seen') },
  { method: 'POST', pattern: '/users/welcomeskip', handler: welcome('skipped') },
  { method: 'POST', pattern: '/users/write', handler: usersWrite },
  { method: 'POST', pattern: '/users/follow', handler: follow },
  { method: 'DELETE', pattern: '/users/follow', handler: follow },
  { method: 'POST', pattern: '/users/mute', handler: mute },
  { method: 'DELETE', pattern: '/users/mute', handler: mute },
  { method: 'POST', pattern: '/users/silence', handler: silence },
  { method: 'DELETE', pattern: '/users/silence', handler: silence },
  { method: 'POST', pattern: '/users/invite', handler: unavailable(UserText.inviteUnavailable) },
  { method: 'DELETE', pattern: '/users/mydata', handler: deleteMyData },
  // Hashes the request's token (Web Crypto) before it opens its own transaction.
  { method: 'DELETE', pattern: '/users/myaccount', handler: resetMyAccount, transaction: false },
];
