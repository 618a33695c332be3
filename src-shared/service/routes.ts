import { about } from './handlers/about';
import { accountMe, readAccountMe, setPassword } from './handlers/account';
import { login, logout } from './handlers/auth';
import { getBio, setBio } from './handlers/bio';
import { createChannel, deleteChannel, listChannels, setChannelAccess, updateChannel } from './handlers/channels';
import { createPersona, listPersonas, updatePersona } from './handlers/personas';
import { deletePost, pinPost, starPost, unpinPost, unstarPost } from './handlers/post-actions';
import { getPost, getThread } from './handlers/read-posts';
import { globalTimeline, mentionsTimeline } from './handlers/timelines';
import { writePost } from './handlers/write-post';
import { addRemote, listConflicts, listRemotes, refreshPost, removeRemote, resolveConflict, settleItem, syncRemote, updateRemote } from './handlers/sync';
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
  postsAnswer,
  profileAnswer,
} from '../api/answers';
import { declared, type Route } from './router';

/** The instance interface (sections 4.2, 4.3) and this instance's extensions (docs/api.md). Literals first. */
export const instanceRoutes: readonly Route[] = [
  // Accounts (4.2) and extensions under /api/account.
  declared({ method: 'POST', pattern: '/api/account/me', handler: accountMe, tokenVariable: true, output: profileAnswer }),
  declared({ method: 'GET', pattern: '/api/account/me', handler: readAccountMe, tokenVariable: true, output: profileAnswer }),
  declared({ method: 'POST', pattern: '/api/account/password', handler: setPassword, transaction: false, output: passwordAnswer }),
  declared({ method: 'GET', pattern: '/api/account/personas', handler: listPersonas, output: z.array(personaAnswer) }),
  declared({ method: 'POST', pattern: '/api/account/personas', handler: createPersona, output: personaAnswer }),
  declared({ method: 'POST', pattern: '/api/account/personas/:guid', handler: updatePersona, output: personaAnswer }),
  declared({ method: 'GET', pattern: '/api/account/channels', handler: listChannels, output: z.array(channelAnswer) }),
  declared({ method: 'POST', pattern: '/api/account/channels', handler: createChannel, output: channelAnswer }),
  declared({ method: 'POST', pattern: '/api/account/channels/:guid', handler: updateChannel, output: channelAnswer }),
  declared({ method: 'DELETE', pattern: '/api/account/channels/:guid', handler: deleteChannel, output: channelDeletionAnswer }),
  declared({ method: 'POST', pattern: '/api/account/channels/:guid/access', handler: setChannelAccess, output: channelAnswer }),
  declared({ method: 'GET', pattern: '/api/account/:persona_guid/bio', handler: getBio, output: bioAnswer }),
  declared({ method: 'POST', pattern: '/api/account/:persona_guid/bio', handler: setBio, output: bioAnswer }),
  // What this server is (extension).
  declared({ method: 'GET', pattern: '/api/about', handler: about, transaction: false, output: aboutAnswer }),
  // Signing in (extension).
  declared({ method: 'POST', pattern: '/api/auth/login', handler: login, transaction: false, output: loginAnswer }),
  declared({ method: 'POST', pattern: '/api/auth/logout', handler: logout, transaction: false, output: logoutAnswer }),
  // Posts (4.3).
  declared({ method: 'GET', pattern: '/api/posts/global', handler: globalTimeline, output: postsAnswer }),
  declared({ method: 'GET', pattern: '/api/posts/mentions', handler: mentionsTimeline, tokenVariable: true, output: postsAnswer }),
  declared({ method: 'POST', pattern: '/api/posts/write', handler: writePost, output: postsAnswer }),
  declared({ method: 'DELETE', pattern: '/api/posts', handler: deletePost, output: deleteAnswer }),
  declared({ method: 'GET', pattern: '/api/posts/:guid', handler: getPost, output: postsAnswer }),
  declared({ method: 'DELETE', pattern: '/api/posts/:guid', handler: deletePost, output: deleteAnswer }),
  declared({ method: 'GET', pattern: '/api/posts/:guid/thread', handler: getThread, output: postsAnswer }),
  declared({ method: 'POST', pattern: '/api/posts/:guid/write', handler: writePost, output: postsAnswer }),
  declared({ method: 'POST', pattern: '/api/posts/:guid/star', handler: starPost, output: postsAnswer }),
  declared({ method: 'DELETE', pattern: '/api/posts/:guid/star', handler: unstarPost, output: postsAnswer }),
  declared({ method: 'POST', pattern: '/api/posts/:guid/pin', handler: pinPost, output: postsAnswer }),
  declared({ method: 'DELETE', pattern: '/api/posts/:guid/pin', handler: unpinPost, output: postsAnswer }),
  // Sync (extension): these talk to remotes, so they hold no store transaction while waiting.
  { method: 'GET', pattern: '/api/sync/remotes', handler: listRemotes, transaction: false },
  { method: 'POST', pattern: '/api/sync/remotes', handler: addRemote, transaction: false },
  { method: 'POST', pattern: '/api/sync/remotes/:guid', handler: updateRemote, transaction: false },
  { method: 'POST', pattern: '/api/sync/remotes/:guid/sync', handler: syncRemote, transaction: false },
  { method: 'DELETE', pattern: '/api/sync/remotes/:guid', handler: removeRemote, transaction: false },
  { method: 'POST', pattern: '/api/sync/posts/:guid/refresh', handler: refreshPost, transaction: false },
  { method: 'GET', pattern: '/api/sync/conflicts', handler: listConflicts, transaction: false },
  { method: 'POST', pattern: '/api/sync/outbox/:seq', handler: settleItem, transaction: false },
  { method: 'POST', pattern: '/api/sync/conflicts/:guid', handler: resolveConflict, transaction: false },
];
