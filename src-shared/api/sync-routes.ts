import { z } from 'zod';
import { ErrorText } from './errors';
import { guidParam, outboxSeqParam } from './path-params';
import { route, signedIn } from './route-contract';
import {
  conflictAnswer,
  conflictResolvedAnswer,
  itemSettledAnswer,
  remoteRemovedAnswer,
  remoteStatusAnswer,
  threadRefreshAnswer,
} from './sync-answers';
import { addRemoteInput, conflictChoiceInput, settleItemInput, updateRemoteInput } from './sync-inputs';

/** Remotes are made here, each with a GUID of its own: another segment names none. */
const remoteGuid = { guid: guidParam(404, ErrorText.unknownRemote) };

/**
 * Sync (extension, docs/sync.md): the remotes a desk syncs with, on a host that runs sync. The posts of
 * `:guid` in `/api/sync/posts` and `/api/sync/conflicts` are the remotes' and keep the GUIDs they gave them,
 * so those are taken as they come.
 */
export const syncRoutes = {
  remotes: route({
    method: 'GET',
    pattern: '/api/sync/remotes',
    access: signedIn,
    output: z.lazy(() => z.array(remoteStatusAnswer)),
    needs: 'sync',
  }),
  addRemote: route({
    method: 'POST',
    pattern: '/api/sync/remotes',
    access: signedIn,
    input: addRemoteInput,
    output: remoteStatusAnswer,
    needs: 'sync',
  }),
  updateRemote: route({
    method: 'POST',
    pattern: '/api/sync/remotes/:guid',
    access: signedIn,
    input: updateRemoteInput,
    path: remoteGuid,
    output: remoteStatusAnswer,
    needs: 'sync',
  }),
  syncRemote: route({
    method: 'POST',
    pattern: '/api/sync/remotes/:guid/sync',
    access: signedIn,
    path: remoteGuid,
    output: remoteStatusAnswer,
    needs: 'sync',
  }),
  removeRemote: route({
    method: 'DELETE',
    pattern: '/api/sync/remotes/:guid',
    access: signedIn,
    path: remoteGuid,
    output: remoteRemovedAnswer,
    needs: 'sync',
  }),
  refreshPost: route({
    method: 'POST',
    pattern: '/api/sync/posts/:guid/refresh',
    access: signedIn,
    output: threadRefreshAnswer,
    needs: 'sync',
  }),
  conflicts: route({
    method: 'GET',
    pattern: '/api/sync/conflicts',
    access: signedIn,
    output: z.lazy(() => z.array(conflictAnswer)),
    needs: 'sync',
  }),
  settleOutboxItem: route({
    method: 'POST',
    pattern: '/api/sync/outbox/:seq',
    access: signedIn,
    input: settleItemInput,
    path: { seq: outboxSeqParam },
    output: itemSettledAnswer,
    needs: 'sync',
  }),
  resolveConflict: route({
    method: 'POST',
    pattern: '/api/sync/conflicts/:guid',
    access: signedIn,
    input: conflictChoiceInput,
    output: conflictResolvedAnswer,
    needs: 'sync',
  }),
} as const;
