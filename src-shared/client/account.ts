import { z } from 'zod';
import { flag, handleOf, int, isBlank, lenientListOf, listOf, optInt, optText, someText } from './lenient';

/** The first entry of a list answer, or the answer itself: some answers wrap one object in a list. */
const unwrapped = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** `POST /api/auth/login` (this project's extension, as the reference has it). */
export const loginAnswer = z.preprocess(unwrapped, z.object({ token: someText, account_guid: optText }));
export type LoginResult = z.infer<typeof loginAnswer>;

/**
 * A Persona in the account profile ("not shown" in the spec, read tolerantly). This project names the
 * handle `as` and the display name `name`; the reference (matigo/streams) has no `as`: its `name` is the
 * handle and `display_name` the name shown.
 */
const profilePersona = z
  .object({
    guid: someText,
    as: optText,
    name: optText,
    display_name: optText,
    avatar_url: optText,
    avatar: optText,
    site_url: optText,
    timezone: optText,
    profile_url: optText,
    profileurl: optText,
    channels: lenientListOf(someText),
  })
  .transform((p) => {
    const handle = handleOf(p.as ?? p.name);
    return {
      guid: p.guid,
      as: handle,
      name: (p.as === null ? p.display_name : p.name) ?? p.name ?? handle,
      avatar_url: p.avatar_url ?? p.avatar ?? '',
      site_url: p.site_url ?? '',
      timezone: p.timezone ?? '',
      profile_url: p.profile_url ?? p.profileurl ?? '',
      /** GUIDs of the Channels it may write to, when the remote says. */
      channels: p.channels,
    };
  });
export type ProfilePersona = z.infer<typeof profilePersona>;

/** A Channel listed in the reference's profile: its GUID and name (who may write to it is not said). */
const profileChannel = z.object({ guid: someText, name: optText }).transform((c) => ({ guid: c.guid, name: c.name ?? '' }));

/** Section 2.7. */
export const accountProfile = z.preprocess(
  unwrapped,
  z
    .object({
      guid: someText,
      type: optText,
      timezone: optText,
      display_name: optText,
      mail_address: optText,
      language: z
        .preprocess(
          (v) => (isBlank(v) ? { code: null } : typeof v === 'string' ? { code: v } : v),
          z.object({ code: optText, name: optText }),
        )
        .catch({ code: null, name: null }),
      personas: listOf(profilePersona),
      /** The account's Channels, where the remote lists them in the profile (the reference does). */
      channels: z.preprocess((v) => (Array.isArray(v) ? v : null), lenientListOf(profileChannel).nullable()).catch(null),
      created_unix: optInt.catch(null),
      updated_unix: optInt.catch(null),
    })
    .transform((a) => ({
      guid: a.guid,
      type: a.type ?? '',
      timezone: a.timezone ?? '',
      display_name: a.display_name ?? '',
      mail_address: a.mail_address ?? '',
      language: { code: a.language.code ?? '', name: a.language.name ?? a.language.code ?? '' },
      personas: a.personas,
      channels: a.channels,
      created_unix: a.created_unix,
      updated_unix: a.updated_unix,
    })),
);
export type AccountProfile = z.infer<typeof accountProfile>;

/** `GET /api/account/channels` (this project's extension). */
const remoteChannel = z
  .object({
    guid: someText,
    name: optText,
    writers: lenientListOf(someText),
    /** The remote it is linked from (this project's instances say), or null for a Channel of its own. */
    remote_guid: optText.catch(null),
    created_unix: optInt.catch(null),
    updated_unix: optInt.catch(null),
  })
  .transform((c) => ({ ...c, name: c.name ?? '' }));
export const channelList = listOf(remoteChannel);
export type RemoteChannel = z.infer<typeof remoteChannel>;

/** `DELETE /api/posts/{guid}` (section 4.3). */
export const deleteAnswer = z.preprocess(
  unwrapped,
  z.object({ post_guid: someText, channel_guid: optText, result: optInt.catch(null), sok: optInt.catch(null) }),
);
export type DeleteResult = z.infer<typeof deleteAnswer>;

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

/** `GET /api/about` (this project's extension): what the server is, and which extensions it answers. */
export const aboutAnswer = z.preprocess(
  unwrapped,
  z
    .object({ software: z.object({ name: someText, version: optText }), extensions: lenientListOf(someText) })
    .transform((a) => ({ name: a.software.name, version: a.software.version ?? '', extensions: a.extensions })),
);
export type About = z.infer<typeof aboutAnswer>;
