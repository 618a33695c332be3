import type { ChannelRow, PersonaRow } from '../../store/rows';
import { isoOf } from '../../util/time';
import type { Ctx } from '../context';
import { avatarUrl, profileUrl } from '../present';
import type { LegacyAccountAnswer, LegacyChannelAnswer } from '../../api/legacy-answers';

/**
 * The legacy interface's "account" is what the instance interface calls a Persona: a handle that writes
 * posts. Its fields are "not shown" in the spec; these are the ones this instance knows (docs/legacy-interface.md).
 */
export function legacyAccount(ctx: Ctx, persona: PersonaRow): LegacyAccountAnswer {
  return {
    id: persona.id,
    guid: persona.guid,
    username: persona.handle,
    display_name: persona.name,
    avatar_url: avatarUrl(persona),
    profile_url: profileUrl(ctx, persona),
    site_url: persona.siteUrl || false,
    timezone: persona.timezone,
    created_at: isoOf(persona.createdUnix),
    created_unix: persona.createdUnix,
    is_you: ctx.viewer?.personaGuids.includes(persona.guid) ?? false,
  };
}

/** A Channel as the legacy post object's `channel` (fields "not shown"; docs/legacy-interface.md lists them). */
export function legacyChannel(ctx: Ctx, channel: ChannelRow | undefined): LegacyChannelAnswer {
  if (!channel) return { id: 0, guid: '', name: '', url: ctx.origin, privacy: 'visibility.public' };
  return { id: channel.id, guid: channel.guid, name: channel.name, url: ctx.origin, privacy: 'visibility.public' };
}
