import { ErrorText, ServiceError } from '../../api/errors';
import type { instanceRoutes } from '../../api/instance-routes';
import { bioHtmlOf, toMarkdown } from '../../text';
import { presentBio } from '../account-view';
import type { Ctx } from '../context';
import type { RouteHandler } from '../router';

/** The Persona of a GUID the route has read as one, or the refusal given. */
async function personaAt(ctx: Ctx, guid: string, code: number, text: string) {
  const persona = await ctx.db.personas.get(guid);
  if (!persona) throw new ServiceError(code, text);
  return persona;
}

/** GET /api/account/{persona_guid}/bio: public, token optional. */
export const getBio: RouteHandler<typeof instanceRoutes.bio> = async (ctx, _input, { persona_guid }) =>
  presentBio(ctx, await personaAt(ctx, persona_guid, 400, ErrorText.invalidPersona));

/** POST /api/account/{persona_guid}/bio: only for the Persona's own account; an empty text deletes the bio. */
export const setBio: RouteHandler<typeof instanceRoutes.setBio> = async (ctx, input, { persona_guid }) => {
  const persona = await personaAt(ctx, persona_guid, 401, ErrorText.couldNotUpdatePublicProfile);
  if (persona.accountGuid !== ctx.viewer.accountGuid)
    throw new ServiceError(401, ErrorText.couldNotUpdatePublicProfile);
  const bioText = toMarkdown(input.bio_text);
  const changes = { bioText, bioHtml: bioHtmlOf(bioText), updatedUnix: ctx.now };
  await ctx.db.personas.update(persona.guid, changes);
  return presentBio(ctx, { ...persona, ...changes });
};
