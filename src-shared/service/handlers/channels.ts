import { ErrorText, ServiceError } from '../../api/errors';
import type { ChannelCreateInput } from '../../api/inputs';
import type { instanceRoutes } from '../../api/instance-routes';
import type { ChannelRow } from '../../store/rows';
import { newChannelRow } from '../../store/new-rows';
import { nextId } from '../../store/numbering';
import { channelsOfAccount } from '../../store/account-rows';
import { removeChannel } from '../../store/remove-channel';
import { isLinkedChannel } from '../../sync/identity';
import { presentChannel } from '../account-view';
import type { Ctx, SignedInCtx, SignedInHandler } from '../context';
import type { RouteHandler } from '../router';
import type { ChannelAnswer } from '../../api/answers';

/** The viewer's Channel of this GUID (the route has read it as one). */
async function ownChannel(ctx: SignedInCtx, guid: string): Promise<ChannelRow> {
  const channel = await ctx.db.channels.get(guid);
  if (!channel || channel.accountGuid !== ctx.viewer.accountGuid) throw new ServiceError(400, ErrorText.invalidChannel);
  return channel;
}

/** GET /api/account/channels (extension): the account's Channels with the Personas that may write to each. */
export const listChannels: SignedInHandler<ChannelAnswer[]> = async (ctx) =>
  presentChannelsOf(ctx, ctx.viewer.accountGuid);

/** An account's Channels as the store holds them now, first one first. */
async function presentChannelsOf(ctx: Ctx, accountGuid: string) {
  const channels = await channelsOfAccount(ctx.db, accountGuid);
  return Promise.all(channels.map((c) => presentChannel(ctx, c)));
}

/**
 * POST /api/account/channels (extension) with `name` and optional `persona_guids` (comma list) that may
 * write to it; without them, the account's first Persona may.
 */
export const createChannel: SignedInHandler<ChannelAnswer, ChannelCreateInput> = async (ctx, input) => {
  const { viewer } = ctx;
  const writers = input.persona_guids
    ? input.persona_guids
        .split(',')
        .map((g) => g.trim().toLowerCase())
        .filter(Boolean)
    : viewer.personaGuids.slice(0, 1);
  if (writers.some((g) => !viewer.personaGuids.includes(g))) throw new ServiceError(400, ErrorText.invalidPersona);
  const channel = newChannelRow({
    id: 0,
    accountGuid: viewer.accountGuid,
    name: input.name,
    position: 0,
    now: ctx.now,
  });

  await ctx.db.transaction('rw', [ctx.db.channels, ctx.db.grants, ctx.db.settings], async () => {
    const existing = await channelsOfAccount(ctx.db, viewer.accountGuid);
    channel.position = (existing.at(-1)?.position ?? -1) + 1;
    channel.id = await nextId(ctx.db, 'channels');
    await ctx.db.channels.add(channel);
    await ctx.db.grants.bulkPut(
      [...new Set(writers)].map((personaGuid) => ({ channelGuid: channel.guid, personaGuid })),
    );
  });
  return presentChannel(ctx, channel);
};

/** POST /api/account/channels/{guid} (extension): rename. */
export const updateChannel: RouteHandler<typeof instanceRoutes.renameChannel> = async (ctx, input, { guid }) => {
  const channel = await ownChannel(ctx, guid);
  await ctx.db.channels.update(channel.guid, { name: input.name, updatedUnix: ctx.now });
  return presentChannel(ctx, { ...channel, name: input.name, updatedUnix: ctx.now });
};

/** POST /api/account/channels/{guid}/access (extension): `persona_guid` and `access` = write or none. */
export const setChannelAccess: RouteHandler<typeof instanceRoutes.setChannelAccess> = async (ctx, input, { guid }) => {
  const channel = await ownChannel(ctx, guid);
  if (!ctx.viewer.personaGuids.includes(input.persona_guid)) throw new ServiceError(400, ErrorText.invalidPersona);
  if (input.access === 'write') await ctx.db.grants.put({ channelGuid: channel.guid, personaGuid: input.persona_guid });
  else await ctx.db.grants.delete([channel.guid, input.persona_guid]);
  return presentChannel(ctx, channel);
};

/**
 * DELETE /api/account/channels/{guid} (extension), with optional `move_to`: the Channel goes, its posts move
 * to `move_to` or to the account's first other Channel, and the Personas that could write to it may write
 * there (store/remove-channel.ts). The account keeps at least one Channel; a Channel linked from a remote is
 * the remote's, and goes local when the remote is removed. Answers where the posts went, how many moved,
 * and the account's Channels as they are now.
 *
 * Everything is read from the store, not from `ctx.account`: that snapshot is as of the request's start,
 * and this request changes the Channels and grants it holds.
 */
export const deleteChannel: RouteHandler<typeof instanceRoutes.deleteChannel> = async (ctx, input, { guid }) => {
  const channel = await ownChannel(ctx, guid);
  if (isLinkedChannel(channel)) throw new ServiceError(400, ErrorText.remoteChannel);
  const others = (await channelsOfAccount(ctx.db, channel.accountGuid)).filter((c) => c.guid !== channel.guid);
  if (others.length === 0) throw new ServiceError(400, ErrorText.lastChannel);
  const target = input.move_to === undefined ? others[0] : others.find((c) => c.guid === input.move_to);
  if (!target) throw new ServiceError(400, ErrorText.invalidMoveTarget);
  const moved = await removeChannel(ctx.db, { channelGuid: channel.guid, targetGuid: target.guid, now: ctx.now });
  return {
    channel_guid: channel.guid,
    moved_to: target.guid,
    moved_posts: moved,
    channels: await presentChannelsOf(ctx, channel.accountGuid),
  };
};
