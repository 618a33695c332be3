import type { userRoutes } from '../../api/legacy-routes';
import { outsideTransaction, type Implementations } from '../router';
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

/** `/users` of the legacy interface (api/legacy-routes.ts), a handler a route; docs/legacy-interface.md says what each does. */
export const userHandlers: Implementations<typeof userRoutes> = {
  usersMe,
  personaBlurbs,
  usersList,
  usersSites,
  followers: noRelations,
  following: noRelations,
  usersMeta,
  // Hashing a password awaits Web Crypto, which would let the request transaction commit.
  usersSetpass: outsideTransaction(usersSetpass),
  welcomeSeen: welcome('seen'),
  welcomeSkipped: welcome('skipped'),
  usersWrite,
  follow: unavailable(UserText.followUnavailable),
  unfollow: unavailable(UserText.followUnavailable),
  mute: unavailable(UserText.muteUnavailable),
  unmute: unavailable(UserText.muteUnavailable),
  silence: unavailable(UserText.silenceUnavailable),
  unsilence: unavailable(UserText.silenceUnavailable),
  invite: unavailable(UserText.inviteUnavailable),
  deleteMyData,
  // Hashes the request's token (Web Crypto) before it opens its own transaction.
  resetMyAccount: outsideTransaction(resetMyAccount),
};
