import type { backupRoutes } from '../api/backup-routes';
import type { instanceRoutes } from '../api/instance-routes';
import type { syncRoutes } from '../api/sync-routes';
import { about } from './handlers/about';
import { accountMe, readAccountMe, setPassword } from './handlers/account';
import { login, logout, signInWithCode } from './handlers/auth';
import { backUpNow, changeBackupSettings, listBackups, stageRestore, unstageRestore } from './handlers/backups';
import { getBio, setBio } from './handlers/bio';
import { createChannel, deleteChannel, listChannels, setChannelAccess, updateChannel } from './handlers/channels';
import { listCopies, listDrafts, publishDraft, removeDraft, saveDraft } from './handlers/drafts';
import { listMarkers, moveMarkerTo } from './handlers/markers';
import { personaPage } from './handlers/persona-page';
import { createPersona, listPersonas, updatePersona } from './handlers/personas';
import { deletePost, deletePostNamed, pinPost, starPost, unpinPost, unstarPost } from './handlers/post-actions';
import { getPost, getThread } from './handlers/read-posts';
import { postSearch } from './handlers/search';
import {
  addRemote,
  listConflicts,
  listRemotes,
  refreshPost,
  removeRemote,
  resolveConflict,
  settleItem,
  syncRemote,
  updateRemote,
} from './handlers/sync';
import { globalTimeline, mentionsTimeline } from './handlers/timelines';
import { editPost, writePost } from './handlers/write-post';
import { outsideTransaction, type Implementations } from './router';

/** The instance interface (api/instance-routes.ts), a handler a route. */
export const instanceHandlers: Implementations<typeof instanceRoutes> = {
  changeProfile: accountMe,
  profile: readAccountMe,
  // Hashing a password awaits Web Crypto, which would let the request transaction commit.
  setPassword: outsideTransaction(setPassword),
  personas: listPersonas,
  createPersona,
  updatePersona,
  channels: listChannels,
  createChannel,
  renameChannel: updateChannel,
  deleteChannel,
  setChannelAccess,
  markers: listMarkers,
  moveMarker: moveMarkerTo,
  drafts: listDrafts,
  saveDraft,
  publishDraft,
  removeDraft,
  bio: getBio,
  setBio,
  personaPage,
  about: outsideTransaction(about),
  login: outsideTransaction(login),
  signInWithCode: outsideTransaction(signInWithCode),
  logout: outsideTransaction(logout),
  globalTimeline,
  mentionsTimeline,
  search: postSearch,
  writePost,
  deletePostNamed,
  post: getPost,
  deletePost,
  thread: getThread,
  copies: listCopies,
  editPost,
  star: starPost,
  unstar: unstarPost,
  pin: pinPost,
  unpin: unpinPost,
};

/** Sync (api/sync-routes.ts): these talk to remotes, so they hold no store transaction while waiting. */
export const syncHandlers: Implementations<typeof syncRoutes> = {
  remotes: outsideTransaction(listRemotes),
  addRemote: outsideTransaction(addRemote),
  updateRemote: outsideTransaction(updateRemote),
  syncRemote: outsideTransaction(syncRemote),
  removeRemote: outsideTransaction(removeRemote),
  refreshPost: outsideTransaction(refreshPost),
  conflicts: outsideTransaction(listConflicts),
  settleOutboxItem: outsideTransaction(settleItem),
  resolveConflict: outsideTransaction(resolveConflict),
};

/** Backups (api/backup-routes.ts): files of the data folder, read and written outside any store transaction. */
export const backupHandlers: Implementations<typeof backupRoutes> = {
  backups: outsideTransaction(listBackups),
  backUpNow: outsideTransaction(backUpNow),
  setBackupSettings: outsideTransaction(changeBackupSettings),
  unstageRestore: outsideTransaction(unstageRestore),
  stageRestore: outsideTransaction(stageRestore),
};
