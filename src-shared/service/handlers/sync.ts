import { ErrorText, ServiceError } from '../../api/errors';
import type { AddRemoteInput, ConflictChoiceInput, SettleItemInput, UpdateRemoteInput } from '../../api/sync-inputs';
import type { z } from 'zod';
import type { conflictResolvedAnswer, ConflictAnswer, itemSettledAnswer, RemoteStatusAnswer, remoteRemovedAnswer, ThreadRefreshAnswer } from '../../api/sync-answers';
import type { SyncEngine } from '../../sync/engine';
import type { Ctx, SignedInHandler } from '../context';

/** The sync endpoints (extension, docs/sync.md) are signed-in routes that need a host that runs sync. */
function engineFor(ctx: Ctx): SyncEngine {
  if (!ctx.sync) throw new ServiceError(503, ErrorText.syncUnavailable);
  return ctx.sync;
}

/** GET /api/sync/remotes */
export const listRemotes: SignedInHandler<RemoteStatusAnswer[]> = (ctx) => engineFor(ctx).listRemotes();

/** POST /api/sync/remotes with base_url, interface, and token or account_name + account_pass. */
export const addRemote: SignedInHandler<RemoteStatusAnswer, AddRemoteInput> = (ctx, input) => engineFor(ctx).addRemote(input);

/** POST /api/sync/outbox/{seq} with action=retry or action=discard, for an item in `attention`. */
export const settleItem: SignedInHandler<z.output<typeof itemSettledAnswer>, SettleItemInput> = async (ctx, { action }) => {
  const engine = engineFor(ctx);
  const seq = Number(ctx.path['seq']);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new ServiceError(404, ErrorText.unknownOutboxItem);
  await engine.settleItem(seq, action);
  return { seq, action };
};

/** POST /api/sync/remotes/{guid} with poll_seconds. */
export const updateRemote: SignedInHandler<RemoteStatusAnswer, UpdateRemoteInput> = (ctx, input) =>
  engineFor(ctx).updateRemote(ctx.path['guid'] ?? '', input);

/** POST /api/sync/remotes/{guid}/sync */
export const syncRemote: SignedInHandler<RemoteStatusAnswer> = (ctx) => engineFor(ctx).syncRemote(ctx.path['guid'] ?? '');

/** POST /api/sync/posts/{guid}/refresh: the post's conversation, read again on its remote. */
export const refreshPost: SignedInHandler<ThreadRefreshAnswer> = (ctx) => engineFor(ctx).refreshThread(ctx.path['guid'] ?? '');

/** GET /api/sync/conflicts */
export const listConflicts: SignedInHandler<ConflictAnswer[]> = (ctx) => engineFor(ctx).listConflicts();

/** POST /api/sync/conflicts/{guid} with keep=local or keep=remote. */
export const resolveConflict: SignedInHandler<z.output<typeof conflictResolvedAnswer>, ConflictChoiceInput> = async (ctx, { keep }) => {
  const engine = engineFor(ctx);
  await engine.resolveConflict(ctx.path['guid'] ?? '', keep);
  return { post_guid: (ctx.path['guid'] ?? '').toLowerCase(), kept: keep };
};

/** DELETE /api/sync/remotes/{guid} */
export const removeRemote: SignedInHandler<z.output<typeof remoteRemovedAnswer>> = async (ctx) => {
  const guid = ctx.path['guid'] ?? '';
  await engineFor(ctx).removeRemote(guid);
  return { remote_guid: guid.toLowerCase(), removed: true };
};
