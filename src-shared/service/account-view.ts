import type { BioAnswer, ChannelAnswer, PersonaAnswer, ProfileAnswer } from '../api/answers';
import { personasOfAccount } from '../store/account-rows';
import type { AccountRow, ChannelRow, PersonaRow } from '../store/rows';
import { isoOf } from '../util/time';
import type { Ctx } from './context';
import { avatarUrl, profileUrl } from './present';

/** A Persona inside the account profile and the Persona list ("not shown" in the spec; docs/api.md lists it). */
export async function presentPersona(ctx: Ctx, persona: PersonaRow): Promise<PersonaAnswer> {
  const grants = await ctx.db.grants.where('personaGuid').equals(persona.guid).toArray();
  return {
    guid: persona.guid,
    as: persona.handle,
    name: persona.name,
    avatar_url: avatarUrl(persona),
    site_url: persona.siteUrl,
    timezone: persona.timezone,
    profile_url: profileUrl(ctx, persona),
    channels: grants.map((g) => g.channelGuid),
    created_at: isoOf(persona.createdUnix),
    created_unix: persona.createdUnix,
    updated_at: isoOf(persona.updatedUnix),
    updated_unix: persona.updatedUnix,
  };
}

export async function presentChannel(ctx: Ctx, channel: ChannelRow): Promise<ChannelAnswer> {
  const grants = await ctx.db.grants
    .where('[channelGuid+personaGuid]')
    .between([channel.guid, ''], [channel.guid, '\uffff'])
    .toArray();
  return {
    guid: channel.guid,
    name: channel.name,
    writers: grants.map((g) => g.personaGuid),
    // The remote the Channel lives on (sync), or false for a Channel of this instance alone.
    remote_guid: channel.remoteGuid ?? false,
    created_at: isoOf(channel.createdUnix),
    created_unix: channel.createdUnix,
    updated_at: isoOf(channel.updatedUnix),
    updated_unix: channel.updatedUnix,
  };
}

/** The language name in its own language ("Deutsch" for de), falling back to the tag itself. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Section 2.7. The bucket counts bytes; this instance stores no files, so all three are 0. */
export async function presentProfile(ctx: Ctx, account: AccountRow): Promise<ProfileAnswer> {
  const personas = await personasOfAccount(ctx.db, account.guid);
  return {
    guid: account.guid,
    type: account.type,
    timezone: account.timezone,
    display_name: account.displayName,
    mail_address: account.mail,
    language: { code: account.language, name: languageName(account.language) },
    personas: await Promise.all(personas.map((p) => presentPersona(ctx, p))),
    bucket: { storage: 0, available: 0, files: 0 },
    created_at: isoOf(account.createdUnix),
    created_unix: account.createdUnix,
    updated_at: isoOf(account.updatedUnix),
    updated_unix: account.updatedUnix,
  };
}

/** Section 2.6. */
export function presentBio(ctx: Ctx, persona: PersonaRow): BioAnswer {
  return {
    guid: persona.guid,
    timezone: persona.timezone,
    as: persona.handle,
    name: persona.name,
    avatar_url: avatarUrl(persona),
    site_url: persona.siteUrl,
    bio: { text: persona.bioText, html: persona.bioHtml },
    days: Math.max(0, Math.floor((ctx.now - persona.createdUnix) / 86_400)),
    is_you: ctx.viewer?.personaGuids.includes(persona.guid) ?? false,
    created_at: isoOf(persona.createdUnix),
    created_unix: persona.createdUnix,
  };
}
