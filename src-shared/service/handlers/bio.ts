import { ErrorText, ServiceError } from '../../api/errors';
import { GUID_PATTERN, type BioInput } from '../../api/inputs';
import { bioHtmlOf, toMarkdown } from '../../text';
import { presentBio } from '../account-view';
import type { Ctx, Handler, SignedInHandler } from '../context';
import type { BioAnswer } from '../../api/answers';

async function personaAt(ctx: Ctx, code: number, text: string) {
  const guid = ctx.path['persona_guid'] ?? '';
  const persona = GUID_PATTERN.test(guid) ? await ctx.db.personas.get(guid.toLowerCase()) : undefined;
  if (!persona) throw new ServiceError(code, text);
  return persona;
}

/** GET /api/account/{persona_guid}/bio: public, token optional. */
export const getBio: Handler<BioAnswer> = async (ctx) => presentBio(ctx, await personaAt(ctx, 400, ErrorText.invalidPersona));

/** POST /api/account/{persona_guid}/bio: only for the Persona's own account; an empty text deletes the bio. */
export const setBio: SignedInHandler<BioAnswer, BioInput> = async (ctx, input) => {
  const persona = await personaAt(ctx, 401, ErrorText.couldNotUpdatePublicProfile);
  if (persona.accountGuid !== ctx.viewer.accountGuid) throw new ServiceError(401, ErrorText.couldNotUpdatePublicProfile);
  const bioText = toMarkdown(input.bio_text);
  const changes = { bioText, bioHtml: bioHtmlOf(bioText), updatedUnix: ctx.now };
  await ctx.db.personas.update(persona.guid, changes);
  return presentBio(ctx, { ...persona, ...changes });
};
