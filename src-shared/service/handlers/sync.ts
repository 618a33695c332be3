import { ErrorText, ServiceError } from '../../api/errors';
import { addRemoteInput, settleItemInput, updateRemoteInput } from '../../api/sync-inputs';
import type { SyncEngine } from '../../sync/engine';
import type { Ctx, Handler } from '../context';
import { parseInput } from '../validate';
import { z } from 'zod';

/** The sync endpoints (extension, docs/sync.md) need the owner's token and a host that runs sync. */
function engineFor(ctx: Ctx): SyncEngine {
  ctx.requireViewer();
  if (!ctx.sync) throw new ServiceError(503, ErrorText.syncUnavailable);
  return ctx.sync;
}

/** GET /api/sync/remotes */
export const listRemotes: Handler = (ctx) => engineFor(ctx).listRemotes();

/** POST /api/sync/remotes with base_url, interface, and token or account_name + account_pass. */
export const addRemote: Handler = (ctx) => {
  const engine = engineFor(ctx);
  return engine.addRemote(parseInput(addRemoteInput, ctx.params));
};

/** POST /api/sync/outbox/{seq} with action=retry or action=discard, for an item in `attention`. */
export const settleItem: Handler = async (ctx) => {
  const engine = engineFor(ctx);
  const { action } = parseInput(settleItemInput, ctx.params);
  const seq = Number(ctx.path['seq']);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new ServiceError(404, ErrorText.unknownOutboxItem);
  await engine.settleItem(seq, action);
  return { seq, action };
};

/** POST /api/sync/remotes/{guid} with poll_seconds. */
export const updateRemote: Handler = (ctx) => {
  const engine = engineFor(ctx);
  return engine.updateRemote(ctx.path['guid'] ?? '', parseInput(updateRemoteInput, ctx.params));
};

/** POST /api/sync/remotes/{guid}/sync */
export const syncRemote: Handler = (ctx) => engineFor(ctx).syncRemote(ctx.path['guid'] ?? '');

/** POST /api/sync/posts/{guid}/refresh: the post's conversation, read again on its remote. */
export const refreshPost: Handler = (ctx) => engineFor(ctx).refreshThread(ctx.path['guid'] ?? '');

/** GET /api/sync/conflicts */
export const listConflicts: Handler = (ctx) => engineFor(ctx).listConflicts();

const keepInput = z.object({ keep: z.enum(['local', 'remote'], 'keep must be local or remote') });

/** POST /api/sync/conflicts/{guid} with keep=local or keep=remote. */
export const resolveConflict: Handler = async (ctx) => {
  const engine = engineFor(ctx);
  const { keep } = parseInput(keepInput, ctx.params);
  await engine.resolveConflict(ctx.path['guid'] ?? '', keep);
  return { post_guid: (ctx.path['guid'] ?? '').toLowerCase(), kept: keep };
};

/** DELETE /api/sync/remotes/{guid} */
export const removeRemote: Handler = async (ctx) => {
  const guid = ctx.path['guid'] ?? '';
  await engineFor(ctx).removeRemote(guid);
  return { remote_guid: guid.toLowerCase(), removed: true };
};
