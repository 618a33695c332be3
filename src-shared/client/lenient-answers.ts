import { z } from 'zod';
import * as strict from '../api/answers';
import { DEFAULT_PRIVACY, readPin, type PinValue } from '../api/vocabulary';
import {
  blankToNull,
  firstOf,
  flag,
  handleOf,
  held,
  isBlank,
  lenientListOf,
  leniently,
  listOf,
  mentionFrom,
  num,
  optInt,
  optText,
  orEmpty,
  orNull,
  someText,
  tagList,
  times,
  timesOf,
  unused,
  unwrapped,
} from './lenient';
import type { RemotePersona, RemotePost } from './remote-post';

/**
 * The instance interface's answers as remotes send them, read by readers derived from this project's own
 * strict answers (api/answers.ts): every field of a strict answer has a reader here under the same name,
 * which takes what other servers write there (numbers as text, `false` or nothing for absent values, one
 * object for a list of one) and gives the same type, or null where nothing was given. What a remote sends
 * beside them under other names (matigo/streams' spellings) is read next to them. A field renamed, added or
 * dropped in answers.ts does not compile here until its reader follows. Unknown keys are dropped.
 */

/** Section 2.5, with the reference's spellings accepted as well: `profile_url`, and `as` written `@handle`. */
const personaSummary = z.lazy(() =>
  leniently(strict.personaSummaryAnswer, {
    guid: someText,
    as: optText,
    name: optText,
    avatar: optText,
    youfollow: flag.catch(false),
    is_you: flag.catch(false),
    profileurl: optText,
    avatar_url: optText,
    profile_url: optText,
  }).transform((p): RemotePersona => ({
    guid: p.guid,
    as: handleOf(p.as),
    name: p.name ?? handleOf(p.as),
    avatar: p.avatar ?? p.avatar_url ?? '',
    profile_url: p.profileurl ?? p.profile_url ?? '',
    id: null,
  })),
);

/** A mentioned Persona: a GUID or a handle is enough. The legacy interface also names it `username`. */
const mention = z.lazy(() =>
  mentionFrom(
    leniently(strict.personaSummaryAnswer.unwrap().pick({ guid: true, as: true, name: true }), {
      guid: optText,
      as: optText,
      name: optText,
      username: optText,
    }),
  ),
);

const optNum = z.lazy(() => z.preprocess(blankToNull, num.nullable()));
const meta = () => held(strict.postMetaAnswer);
const postMeta = z.lazy(() =>
  leniently(meta(), {
    source: orNull(leniently(held(meta().shape.source), { url: someText, title: optText })),
    geo: orNull(
      leniently(held(meta().shape.geo), {
        longitude: optNum,
        latitude: optNum,
        altitude: optNum,
        description: optText,
      }),
    ),
  }).catch({ source: null, geo: null }),
);

const pinOf = (value: string | null): PinValue | null => {
  const colour = readPin(value);
  return colour === null ? null : `pin.${colour}`;
};

/** Section 2.3 plus this project's `channel_guid`, `parent_guid` and `attributes`; any non-empty type is kept. */
const postReaders = () => ({
  guid: someText,
  type: someText,
  privacy: optText,
  canonical_url: optText,
  reply_to: optText,
  title: optText,
  content: optText,
  text: optText,
  meta: postMeta,
  tags: tagList,
  mentions: lenientListOf(mention),
  // One object, or (tolerated) a list holding it.
  persona: firstOf(personaSummary, 'a post needs its persona'),
  ...times,
  created_unix: optInt,
  channel_guid: optText,
  parent_guid: optText,
  remote_url: optText,
  attributes: orEmpty(
    leniently(strict.postAnswer.unwrap().shape.attributes, { pin: optText, starred: flag, reposted: optText }),
    { pin: null, starred: false, reposted: null },
  ),
  /** The reference names the Channel as an object instead of `channel_guid`. */
  channel: orEmpty(leniently(strict.channelAnswer.unwrap().pick({ guid: true }), { guid: optText }), { guid: null }),
});

type ReadPost = z.output<z.ZodObject<ReturnType<typeof postReaders>>>;

/** The post a remote described, as one shape; not a repost until `instancePost` says so. */
function remotePostOf(p: ReadPost, ctx: z.RefinementCtx): RemotePost | null {
  const when = timesOf(p, ctx);
  if (when === null) return null;
  return {
    guid: p.guid,
    id: null,
    type: p.type,
    privacy: p.privacy ?? DEFAULT_PRIVACY,
    canonical_url: p.canonical_url ?? '',
    reply_to: p.reply_to,
    title: p.title,
    text: p.text ?? '',
    content: p.content ?? '',
    tags: p.tags,
    mentions: p.mentions,
    persona: p.persona,
    ...when,
    created_unix: p.created_unix,
    channel_guid: p.channel_guid ?? p.channel.guid,
    parent_guid: p.parent_guid,
    parent_id: null,
    remote_url: p.remote_url,
    pin: pinOf(p.attributes.pin),
    starred: p.attributes.starred,
    reposted: p.attributes.reposted,
    repost_of: null,
    original: null,
    source: p.meta.source ? { url: p.meta.source.url, title: p.meta.source.title ?? '' } : null,
    geo: p.meta.geo,
  };
}

/** A repost's original as this project embeds it; one that cannot be read leaves the repost without it. */
const embeddedPost = z.lazy(() =>
  leniently(strict.embeddedPostAnswer, postReaders()).transform((p, ctx) => remotePostOf(p, ctx) ?? z.NEVER),
);

/** A post, and when it is a repost (this project's extension), the GUID and the post it reposts. */
export const instancePost = z.lazy(() =>
  leniently(strict.postAnswer, {
    ...postReaders(),
    repost_of: optText,
    original: orNull(embeddedPost),
  }).transform((p, ctx): RemotePost => {
    const post = remotePostOf(p, ctx);
    if (post === null) return z.NEVER;
    return {
      ...post,
      repost_of: p.repost_of,
      original: p.repost_of !== null && p.original?.guid === p.repost_of ? p.original : null,
    };
  }),
);

/** `POST /api/auth/login` (this project's extension, as the reference has it). */
export const remoteLogin = z.lazy(() =>
  z.preprocess(unwrapped, leniently(strict.loginAnswer, { token: someText, account_guid: optText })),
);
export type LoginResult = z.infer<typeof remoteLogin>;

/**
 * A Persona in the account profile ("not shown" in the spec). This project names the handle `as` and the
 * display name `name`; the reference (matigo/streams) has no `as`: its `name` is the handle and
 * `display_name` the name shown, and it writes `avatar` and `profileurl` as in a post.
 */
const profilePersona = z.lazy(() =>
  leniently(strict.personaAnswer, {
    guid: someText,
    as: optText,
    name: optText,
    avatar_url: optText,
    site_url: optText,
    timezone: optText,
    profile_url: optText,
    channels: lenientListOf(someText),
    created_at: optText.catch(null),
    created_unix: optInt.catch(null),
    updated_at: optText.catch(null),
    updated_unix: optInt.catch(null),
    display_name: optText,
    avatar: optText,
    profileurl: optText,
  }).transform((p) => {
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
  }),
);
export type ProfilePersona = z.infer<typeof profilePersona>;

/** A Channel listed in the reference's profile: its GUID and name (who may write to it is not said). */
const profileChannel = z.lazy(() =>
  leniently(strict.channelAnswer.unwrap().pick({ guid: true, name: true }), {
    guid: someText,
    name: optText,
  }).transform((c) => ({
    guid: c.guid,
    name: c.name ?? '',
  })),
);

/** Section 2.7. */
export const remoteProfile = z.lazy(() =>
  z.preprocess(
    unwrapped,
    leniently(strict.profileAnswer, {
      guid: someText,
      type: optText,
      timezone: optText,
      display_name: optText,
      mail_address: optText,
      language: z
        .preprocess(
          (v) => (isBlank(v) ? { code: null } : typeof v === 'string' ? { code: v } : v),
          leniently(strict.profileAnswer.unwrap().shape.language, { code: optText, name: optText }),
        )
        .catch({ code: null, name: null }),
      personas: listOf(profilePersona),
      bucket: unused,
      created_at: optText.catch(null),
      created_unix: optInt.catch(null),
      updated_at: optText.catch(null),
      updated_unix: optInt.catch(null),
      /** The account's Channels, where the remote lists them in the profile (the reference does). */
      channels: z
        .preprocess((v) => (Array.isArray(v) ? v : null), lenientListOf(profileChannel).nullable())
        .catch(null),
    }).transform((a) => ({
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
  ),
);
export type AccountProfile = z.infer<typeof remoteProfile>;

/** `GET /api/account/channels` (this project's extension). */
const remoteChannel = z.lazy(() =>
  leniently(strict.channelAnswer, {
    guid: someText,
    name: optText,
    writers: lenientListOf(someText),
    /** The remote it is linked from (this project's instances say), or null for a Channel of its own. */
    remote_guid: optText.catch(null),
    created_at: optText.catch(null),
    created_unix: optInt.catch(null),
    updated_at: optText.catch(null),
    updated_unix: optInt.catch(null),
  }).transform((c) => ({
    guid: c.guid,
    name: c.name ?? '',
    writers: c.writers,
    remote_guid: c.remote_guid,
    created_unix: c.created_unix,
    updated_unix: c.updated_unix,
  })),
);
export const remoteChannels = z.lazy(() => listOf(remoteChannel));
export type RemoteChannel = z.infer<typeof remoteChannel>;

/** `DELETE /api/posts/{guid}` (section 4.3). */
export const remoteDeletion = z.lazy(() =>
  z.preprocess(
    unwrapped,
    leniently(strict.deleteAnswer, {
      post_guid: someText,
      channel_guid: optText,
      result: optInt.catch(null),
      sok: optInt.catch(null),
    }),
  ),
);
export type DeleteResult = z.infer<typeof remoteDeletion>;

/** `GET /api/about` (this project's extension): what the server is, and which extensions it answers. */
export const remoteAbout = z.lazy(() =>
  z.preprocess(
    unwrapped,
    leniently(strict.aboutAnswer, {
      software: leniently(strict.aboutAnswer.unwrap().shape.software, { name: someText, version: optText }),
      extensions: lenientListOf(someText),
      // How a person signs in there is no business of a desk syncing with it.
      sign_in: unused,
    }).transform((a) => ({ name: a.software.name, version: a.software.version ?? '', extensions: a.extensions })),
  ),
);
export type About = z.infer<typeof remoteAbout>;
