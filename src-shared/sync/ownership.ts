import type { PublishingDb } from '../store/db';
import type { PersonaRow, PostRow } from '../store/rows';
import { isLinkedPersona } from './identity';

/**
 * What a remote's answers may change here (docs/sync.md, "What a remote may change"). GUIDs and URLs are
 * public, so a remote can name any post or Persona held here; it changes only what is its own:
 * - posts pulled from it (`remoteGuid`), and posts of the Personas linked to it (the owner's there);
 * - as the author of a post it serves, its own Personas (linked, or its other authors), or one not known here.
 * Whatever else it names (a local post or Persona, a post or Persona of another remote) is left as it is:
 * the post is skipped, never replaced, taken away, moved into another conversation, or written as them.
 */
export const remoteOwnsPost = (
  remoteGuid: string,
  post: Pick<PostRow, 'remoteGuid'>,
  author: PersonaRow | undefined,
): boolean => post.remoteGuid === remoteGuid || (isLinkedPersona(author) && author.remoteGuid === remoteGuid);

/** Whether a remote may serve posts written as this Persona (undefined: one not known here, new). */
export const remoteMayWriteAs = (remoteGuid: string, persona: PersonaRow | undefined): boolean =>
  persona === undefined || persona.remoteGuid === remoteGuid;

/**
 * `remoteOwnsPost` for held posts, reading each one's author: the check the store's writers take for what
 * they may replace or move (store/adopt-guid.ts, store/remote-urls.ts). In the caller's transaction, which
 * must hold `personas`.
 */
export const ownedBy =
  (db: PublishingDb, remoteGuid: string) =>
  async (post: PostRow): Promise<boolean> =>
    remoteOwnsPost(remoteGuid, post, await db.personas.get(post.personaGuid));
