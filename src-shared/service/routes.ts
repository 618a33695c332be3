import { about } from './handlers/about';
import { accountMe, readAccountMe, setPassword } from './handlers/account';
import { login, logout, signInWithCode } from './handlers/auth';
import { getBio, setBio } from './handlers/bio';
import { createChannel, deleteChannel, listChannels, setChannelAccess, updateChannel } from './handlers/channels';
import { personaPage } from './handlers/persona-page';
import { createPersona, listPersonas, updatePersona } from './handlers/personas';
import { deletePost, pinPost, starPost, unpinPost, unstarPost } from './handlers/post-actions';
import { getPost, getThread } from './handlers/read-posts';
import { postSearch } from './handlers/search';
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
  personaPageAnswer,
  postsAnswer,
  profileAnswer,
} from '../api/answers';
import {
  actingInput,
  bioInput,
  channelAccessInput,
  channelCreateInput,
  channelDeleteInput,
  channelUpdateInput,
  deleteInput,
  loginInput,
  signInCodeInput,
  passwordInput,
  personaCreateInput,
  personaUpdateInput,
  pinInput,
  postReadInput,
  postSearchInput,
  profileChangeInput,
  timelineInput,
  writeInput,
} from '../api/inputs';
import { addRemoteInput, conflictChoiceInput, settleItemInput, updateRemoteInput } from '../api/sync-inputs';
import {
  conflictAnswer,
  conflictResolvedAnswer,
  itemSettledAnswer,
  remoteRemovedAnswer,
  remoteStatusAnswer,
  threadRefreshAnswer,
} from '../api/sync-answers';
import { anyone, route, signedIn, type Route } from './router';
import { backupAnswer, backupSettingsAnswer, backupSettingsInput, backupsAnswer, stagedRestoreAnswer } from '../api/backups';
import { backUpNow, changeBackupSettings, listBackups, stageRestore, unstageRestore } from './handlers/backups';
import { restoredDraftsAnswer, restoredDraftsClearedAnswer } from '../api/draft';
import { clearRestored, listRestoredDrafts } from './handlers/restored-drafts';


/**
 * The instance interface (sections 4.2, 4.3) and this instance's extensions (docs/api.md), one line a
 * route: who may call it, what it takes and what it answers. Literal paths come first.
 */
export const instanceRoutes: readonly Route[] = [
  // Accounts (4.2) and extensions under /api/account.
  route({ method: 'POST', pattern: '/api/account/me', access: signedIn, input: profileChangeInput, output: profileAnswer, handler: accountMe, tokenVariable: true }),
  route({ method: 'GET', pattern: '/api/account/me', access: signedIn, output: profileAnswer, handler: readAccountMe, tokenVariable: true }),
  route({ method: 'POST', pattern: '/api/account/password', access: signedIn, input: passwordInput, output: passwordAnswer, handler: setPassword, transaction: false }),
  route({ method: 'GET', pattern: '/api/account/personas', access: signedIn, output: z.array(personaAnswer), handler: listPersonas }),
  route({ method: 'POST', pattern: '/api/account/personas', access: signedIn, input: personaCreateInput, output: personaAnswer, handler: createPersona }),
  route({ method: 'POST', pattern: '/api/account/personas/:guid', access: signedIn, input: personaUpdateInput, output: personaAnswer, handler: updatePersona }),
  route({ method: 'GET', pattern: '/api/account/channels', access: signedIn, output: z.array(channelAnswer), handler: listChannels }),
  route({ method: 'POST', pattern: '/api/account/channels', access: signedIn, input: channelCreateInput, output: channelAnswer, handler: createChannel }),
  route({ method: 'POST', pattern: '/api/account/channels/:guid', access: signedIn, input: channelUpdateInput, output: channelAnswer, handler: updateChannel }),
  route({ method: 'DELETE', pattern: '/api/account/channels/:guid', access: signedIn, input: channelDeleteInput, output: channelDeletionAnswer, handler: deleteChannel }),
  route({ method: 'POST', pattern: '/api/account/channels/:guid/access', access: signedIn, input: channelAccessInput, output: channelAnswer, handler: setChannelAccess }),
  // The drafts a restore brought back, until the page takes them (extension).
  route({ method: 'GET', pattern: '/api/account/restored-drafts', access: signedIn, output: restoredDraftsAnswer, handler: listRestoredDrafts }),
  route({ method: 'DELETE', pattern: '/api/account/restored-drafts', access: signedIn, output: restoredDraftsClearedAnswer, handler: clearRestored }),
  route({ method: 'GET', pattern: '/api/account/:persona_guid/bio', access: anyone, output: bioAnswer, handler: getBio }),
  route({ method: 'POST', pattern: '/api/account/:persona_guid/bio', access: signedIn, input: bioInput, output: bioAnswer, handler: setBio }),
  // A Persona's public page, of this instance or of a remote (extension).
  route({ method: 'GET', pattern: '/api/personas/:handle', access: anyone, output: personaPageAnswer, handler: personaPage }),
  // What this server is (extension).
  route({ method: 'GET', pattern: '/api/about', access: anyone, output: aboutAnswer, handler: about, transaction: false }),
  // Signing in (extension).
  route({ method: 'POST', pattern: '/api/auth/login', access: anyone, input: loginInput, output: loginAnswer, handler: login, transaction: false }),
  route({ method: 'POST', pattern: '/api/auth/code', access: anyone, input: signInCodeInput, output: loginAnswer, handler: signInWithCode, transaction: false }),
  route({ method: 'POST', pattern: '/api/auth/logout', access: signedIn, output: logoutAnswer, handler: logout, transaction: false }),
  // Posts (4.3).
  route({ method: 'GET', pattern: '/api/posts/global', access: anyone, input: timelineInput, output: postsAnswer, handler: globalTimeline }),
  route({ method: 'GET', pattern: '/api/posts/mentions', access: signedIn, input: timelineInput, output: postsAnswer, handler: mentionsTimeline, tokenVariable: true }),
  // Search over every post type (extension).
  route({ method: 'GET', pattern: '/api/posts/search', access: anyone, input: postSearchInput, output: postsAnswer, handler: postSearch }),
  route({ method: 'POST', pattern: '/api/posts/write', access: signedIn, input: writeInput, output: postsAnswer, handler: writePost }),
  route({ method: 'DELETE', pattern: '/api/posts', access: signedIn, input: deleteInput, output: deleteAnswer, handler: deletePost }),
  route({ method: 'GET', pattern: '/api/posts/:guid', access: anyone, input: postReadInput, output: postsAnswer, handler: getPost }),
  route({ method: 'DELETE', pattern: '/api/posts/:guid', access: signedIn, input: deleteInput, output: deleteAnswer, handler: deletePost }),
  route({ method: 'GET', pattern: '/api/posts/:guid/thread', access: anyone, output: postsAnswer, handler: getThread }),
  route({ method: 'POST', pattern: '/api/posts/:guid/write', access: signedIn, input: writeInput, output: postsAnswer, handler: writePost }),
  route({ method: 'POST', pattern: '/api/posts/:guid/star', access: signedIn, input: actingInput, output: postsAnswer, handler: starPost }),
  route({ method: 'DELETE', pattern: '/api/posts/:guid/star', access: signedIn, input: actingInput, output: postsAnswer, handler: unstarPost }),
  route({ method: 'POST', pattern: '/api/posts/:guid/pin', access: signedIn, input: pinInput, output: postsAnswer, handler: pinPost }),
  route({ method: 'DELETE', pattern: '/api/posts/:guid/pin', access: signedIn, input: actingInput, output: postsAnswer, handler: unpinPost }),
  // Sync (extension): these talk to remotes, so they hold no store transaction while waiting.
  route({ method: 'GET', pattern: '/api/sync/remotes', access: signedIn, output: z.array(remoteStatusAnswer), handler: listRemotes, transaction: false }),
  route({ method: 'POST', pattern: '/api/sync/remotes', access: signedIn, input: addRemoteInput, output: remoteStatusAnswer, handler: addRemote, transaction: false }),
  route({ method: 'POST', pattern: '/api/sync/remotes/:guid', access: signedIn, input: updateRemoteInput, output: remoteStatusAnswer, handler: updateRemote, transaction: false }),
  route({ method: 'POST', pattern: '/api/sync/remotes/:guid/sync', access: signedIn, output: remoteStatusAnswer, handler: syncRemote, transaction: false }),
  route({ method: 'DELETE', pattern: '/api/sync/remotes/:guid', access: signedIn, output: remoteRemovedAnswer, handler: removeRemote, transaction: false }),
  route({ method: 'POST', pattern: '/api/sync/posts/:guid/refresh', access: signedIn, output: threadRefreshAnswer, handler: refreshPost, transaction: false }),
  route({ method: 'GET', pattern: '/api/sync/conflicts', access: signedIn, output: z.array(conflictAnswer), handler: listConflicts, transaction: false }),
  route({ method: 'POST', pattern: '/api/sync/outbox/:seq', access: signedIn, input: settleItemInput, output: itemSettledAnswer, handler: settleItem, transaction: false }),
  route({ method: 'POST', pattern: '/api/sync/conflicts/:guid', access: signedIn, input: conflictChoiceInput, output: conflictResolvedAnswer, handler: resolveConflict, transaction: false }),
  // Backups (extension): files of the data folder, read and written outside any store transaction.
  route({ method: 'GET', pattern: '/api/backups', access: signedIn, output: backupsAnswer, handler: listBackups, transaction: false }),
  route({ method: 'POST', pattern: '/api/backups', access: signedIn, output: backupAnswer, handler: backUpNow, transaction: false }),
  route({ method: 'PUT', pattern: '/api/backups/settings', access: signedIn, input: backupSettingsInput, output: backupSettingsAnswer, handler: changeBackupSettings, transaction: false }),
  route({ method: 'DELETE', pattern: '/api/backups/restore', access: signedIn, output: stagedRestoreAnswer, handler: unstageRestore, transaction: false }),
  route({ method: 'POST', pattern: '/api/backups/:name/restore', access: signedIn, output: stagedRestoreAnswer, handler: stageRestore, transaction: false }),
];
