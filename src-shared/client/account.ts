import { z } from 'zod';
import { flag, int, listOf, optText, unwrapped } from './lenient';

/** The legacy interface's account answers; the instance interface's are read in lenient-answers.ts. */

/** A legacy account (a Persona) as `/users/me` lists it. */
const legacyAccount = z
  .object({
    id: int,
    guid: optText,
    username: optText,
    display_name: optText,
    avatar_url: optText,
    profile_url: optText,
  })
  .transform((a) => ({
    id: a.id,
    guid: a.guid ?? '',
    username: a.username ?? '',
    display_name: a.display_name ?? a.username ?? '',
    avatar_url: a.avatar_url ?? '',
    profile_url: a.profile_url ?? '',
  }));
export type LegacyAccount = z.infer<typeof legacyAccount>;

const legacyChannel = z.object({ id: int, guid: optText, name: optText }).transform((c) => ({ id: c.id, guid: c.guid ?? '', name: c.name ?? '' }));
export type LegacyChannel = z.infer<typeof legacyChannel>;

/** `GET /users/me` ("not shown" in the spec; this project's fields, read tolerantly). */
export const legacyMe = z.preprocess(
  unwrapped,
  z
    .object({
      guid: optText,
      name: optText,
      display_name: optText,
      accounts: listOf(legacyAccount),
      channels: listOf(legacyChannel),
    })
    .transform((me) => ({
      guid: me.guid ?? '',
      name: me.name ?? '',
      display_name: me.display_name ?? me.name ?? '',
      /** The account's Personas (the legacy word is "accounts"), first one first. */
      accounts: me.accounts,
      channels: me.channels,
    })),
);
export type LegacyMe = z.infer<typeof legacyMe>;

/** `DELETE /content/{id}` (section 4.1). */
export const legacyDeleteAnswer = z.preprocess(
  unwrapped,
  // A success that does not say is taken at its word.
  z.object({ id: int, is_deleted: z.preprocess((v) => (v === undefined ? true : v), flag).catch(true) }),
);
export type LegacyDeleteResult = z.infer<typeof legacyDeleteAnswer>;
