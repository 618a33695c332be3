import { ErrorText, ServiceError } from '../../api/errors';
import { GUID_PATTERN } from '../../api/inputs';
import type { instanceRoutes } from '../../api/instance-routes';
import type { PersonaRow } from '../../store/rows';
import type { Ctx } from '../context';
import type { RouteHandler } from '../router';
import { avatarUrl, personaAddress } from '../present';

/**
 * GET /api/personas/{handle} (extension), public: a Persona's page. `handle` is one of
 * - a handle: this instance's own Persona by that handle, any case. There is at most one (handles are
 *   unique here), and it wins over authors of remotes with the same handle, which are kept as
 *   `handle@host` (sync/store-pulled.ts, sync/link.ts). Without one here, the author of that handle on the
 *   remote whose host sorts first.
 * - `handle@host`: that remote's author (or the owner's linked Persona there), as `address` names it.
 * - a Persona's GUID, which always names one.
 * Anything else (api/path-params.ts), or no such Persona, is a 404.
 */
export const personaPage: RouteHandler<typeof instanceRoutes.personaPage> = async (ctx, _input, { handle }) => {
  const persona = await personaNamed(ctx, handle);
  if (!persona) throw new ServiceError(404, ErrorText.unknownPersona);
  const remoteHost = persona.handleKey.includes('@') ? hostOf(persona) : null;
  return {
    guid: persona.guid,
    as: persona.handle,
    address: personaAddress(persona),
    name: persona.name,
    avatar_url: avatarUrl(persona),
    site_url: persona.siteUrl,
    bio: { text: persona.bioText, html: persona.bioHtml },
    is_you: ctx.viewer?.personaGuids.includes(persona.guid) ?? false,
    remote_host: remoteHost ?? false,
  };
};

async function personaNamed(ctx: Ctx, name: string): Promise<PersonaRow | undefined> {
  if (GUID_PATTERN.test(name)) return ctx.db.personas.get(name.toLowerCase());
  const key = name.toLowerCase();
  const exact = await ctx.db.personas.where('handleKey').equals(key).first();
  if (exact || key.includes('@')) return exact;
  return ctx.db.personas.where('handleKey').startsWith(`${key}@`).first();
}

/**
 * The host of the remote a Persona came from, as its key was made (`handle@host`, sync/store-pulled.ts and
 * sync/link.ts): the same host that `address` names, and it stays true after that remote is removed.
 */
const hostOf = (persona: PersonaRow): string =>
  persona.handleKey.slice(persona.handleKey.indexOf('@') + 1).split('#')[0] ?? '';
