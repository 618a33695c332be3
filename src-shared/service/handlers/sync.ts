import type { syncRoutes } from '../../api/sync-routes';
import type { RouteHandler } from '../router';
import { conflictAnswer, remoteStatusAnswer, threadRefreshAnswer } from '../sync-answers';

/** The sync endpoints (extension, docs/sync.md): signed-in routes on a host that runs sync (the router sees to both). */
type SyncHandler<N extends keyof typeof syncRoutes> = RouteHandler<(typeof syncRoutes)[N]>;

/** GET /api/sync/remotes */
export const listRemotes: SyncHandler<'remotes'> = async (ctx) =>
  (await ctx.sync.listRemotes()).map(remoteStatusAnswer);

/** POST /api/sync/remotes with base_url, interface, and token or account_name + account_pass (a token is taken first). */
export const addRemote: SyncHandler<'addRemote'> = async (ctx, input) => {
  const credentials =
    input.token !== undefined
      ? { token: input.token }
      : { name: input.account_name ?? '', password: input.account_pass ?? '' };
  const added = await ctx.sync.addRemote({
    baseUrl: input.base_url,
    interface: input.interface,
    credentials,
    pollSeconds: input.poll_seconds,
  });
  return remoteStatusAnswer(added);
};

/** POST /api/sync/outbox/{seq} with action=retry or action=discard, for an item in `attention`. */
export const settleItem: SyncHandler<'settleOutboxItem'> = async (ctx, { action }, { seq }) => {
  await ctx.sync.settleItem(seq, action);
  return { seq, action };
};

/** POST /api/sync/remotes/{guid} with poll_seconds. */
export const updateRemote: SyncHandler<'updateRemote'> = async (ctx, input, { guid }) =>
  remoteStatusAnswer(await ctx.sync.updateRemote(guid, { pollSeconds: input.poll_seconds }));

/** POST /api/sync/remotes/{guid}/sync */
export const syncRemote: SyncHandler<'syncRemote'> = async (ctx, _input, { guid }) =>
  remoteStatusAnswer(await ctx.sync.syncRemote(guid));

/** POST /api/sync/posts/{guid}/refresh: the post's conversation, read again on its remote. */
export const refreshPost: SyncHandler<'refreshPost'> = async (ctx, _input, { guid }) =>
  threadRefreshAnswer(await ctx.sync.refreshThread(guid));

/** GET /api/sync/conflicts */
export const listConflicts: SyncHandler<'conflicts'> = async (ctx) =>
  (await ctx.sync.listConflicts()).map(conflictAnswer);

/** POST /api/sync/conflicts/{guid} with keep=local or keep=remote. */
export const resolveConflict: SyncHandler<'resolveConflict'> = async (ctx, { keep }, { guid }) => {
  await ctx.sync.resolveConflict(guid, keep);
  return { post_guid: guid.toLowerCase(), kept: keep };
};

/** DELETE /api/sync/remotes/{guid} */
export const removeRemote: SyncHandler<'removeRemote'> = async (ctx, _input, { guid }) => {
  await ctx.sync.removeRemote(guid);
  return { remote_guid: guid, removed: true };
};
