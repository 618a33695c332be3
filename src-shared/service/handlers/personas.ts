import { ErrorText, ServiceError } from '../../api/errors';
import type { PersonaCreateInput } from '../../api/inputs';
import type { instanceRoutes } from '../../api/instance-routes';
import type { PersonaRow } from '../../store/rows';
import { newPersonaRow } from '../../store/new-rows';
import { nextId } from '../../store/numbering';
import { isTimezone } from '../../util/zones';
import { channelsOfAccount, personasOfAccount } from '../../store/account-rows';
import { presentPersona } from '../account-view';
import type { Ctx, SignedInHandler } from '../context';
import type { RouteHandler } from '../router';
import { problems } from '../validate';
import type { PersonaAnswer } from '../../api/answers';

const handleTaken = () => problems(['handle is already used by another Persona']);

async function assertHandleFree(ctx: Ctx, handleKey: string, except?: string) {
  const holder = await ctx.db.personas.where('handleKey').equals(handleKey).first();
  if (holder && holder.guid !== except) throw handleTaken();
}

/** GET /api/account/personas (extension): the account's Personas, first one first. */
export const listPersonas: SignedInHandler<PersonaAnswer[]> = async (ctx) => {
  const personas = await personasOfAccount(ctx.db, ctx.viewer.accountGuid);
  return Promise.all(personas.map((p) => presentPersona(ctx, p)));
};

/**
 * POST /api/account/personas (extension) with `handle`, optional `name` and `channel_guid`. The new Persona
 * may write to that Channel, or to the account's first Channel, so it can publish at once.
 */
export const createPersona: SignedInHandler<PersonaAnswer, PersonaCreateInput> = async (ctx, input) => {
  const { viewer } = ctx;
  const channels = await channelsOfAccount(ctx.db, viewer.accountGuid);
  const channel = input.channel_guid ? channels.find((c) => c.guid === input.channel_guid) : channels[0];
  if (input.channel_guid && !channel) throw new ServiceError(400, ErrorText.invalidChannel);
  const persona = newPersonaRow({
    id: 0,
    accountGuid: viewer.accountGuid,
    handle: input.handle,
    name: input.name ?? input.handle,
    position: viewer.personaGuids.length,
    now: ctx.now,
  });

  await ctx.db.transaction('rw', [ctx.db.personas, ctx.db.grants, ctx.db.settings], async () => {
    await assertHandleFree(ctx, persona.handleKey);
    const last = (await personasOfAccount(ctx.db, viewer.accountGuid)).at(-1);
    persona.position = (last?.position ?? -1) + 1;
    persona.id = await nextId(ctx.db, 'personas');
    await ctx.db.personas.add(persona);
    if (channel) await ctx.db.grants.put({ channelGuid: channel.guid, personaGuid: persona.guid });
  });
  return presentPersona(ctx, persona);
};

/** POST /api/account/personas/{guid} (extension): rename, change handle, avatar, site or time zone. */
export const updatePersona: RouteHandler<typeof instanceRoutes.updatePersona> = async (ctx, input, { guid }) => {
  if (!ctx.viewer.personaGuids.includes(guid)) throw new ServiceError(400, ErrorText.invalidPersona);
  if (input.timezone !== undefined && !isTimezone(input.timezone)) {
    throw problems(['timezone must be a TZ database name such as Europe/Berlin, or an abbreviation such as UTC']);
  }
  const changes: Partial<PersonaRow> = { updatedUnix: ctx.now };
  if (input.handle !== undefined)
    Object.assign(changes, { handle: input.handle, handleKey: input.handle.toLowerCase() });
  if (input.name !== undefined) changes.name = input.name;
  if (input.avatar_url !== undefined) changes.avatarUrl = input.avatar_url;
  if (input.site_url !== undefined) changes.siteUrl = input.site_url;
  if (input.timezone !== undefined) changes.timezone = input.timezone;
  const updated = await ctx.db.transaction('rw', ctx.db.personas, async () => {
    if (changes.handleKey) await assertHandleFree(ctx, changes.handleKey, guid);
    await ctx.db.personas.update(guid, changes);
    return ctx.db.personas.get(guid);
  });
  if (!updated) throw new ServiceError(400, ErrorText.invalidPersona);
  return presentPersona(ctx, updated);
};
