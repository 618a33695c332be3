import { z } from 'zod';
import { EXTENSIONS } from './about';
import { ALL_POST_TYPES, PIN_COLOURS, PRIVACIES } from './vocabulary';

/**
 * What this project answers, strictly: the service's presenters are typed by these schemas (an extra
 * field, a stored row's internals say, does not compile), and the tests parse real answers with them.
 * Readers of other servers' answers are lenient, derived from these (client/lenient-answers.ts); these are
 * this project's word, and the desk client reads this project's answers with them.
 */

/** A value the spec gives as `false` when there is none. */
export const orFalse = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal(false)]);
export const unix = z.lazy(() => z.number().int());
export const isoTime = z.lazy(() => z.iso.datetime());
/** How many of something. */
export const count = z.lazy(() => z.number().int().nonnegative());
/** When a record was made and last changed, each as ISO 8601 and as unix seconds. */
export const stamps = { created_at: isoTime, created_unix: unix, updated_at: isoTime, updated_unix: unix };

/** Section 2.5: a Persona inside a post. */
export const personaSummaryAnswer = z.lazy(() =>
  z.strictObject({
    guid: z.string(),
    as: z.string(),
    name: z.string(),
    avatar: z.string(),
    youfollow: z.boolean(),
    is_you: z.boolean(),
    profileurl: z.string(),
  }),
);
export type PersonaSummaryAnswer = z.infer<typeof personaSummaryAnswer>;

/** `meta`: the source of a bookmark or quotation, and the place. */
export const postMetaAnswer = z.lazy(() =>
  orFalse(
    z.strictObject({
      source: orFalse(z.strictObject({ url: z.string(), title: z.string() })),
      geo: orFalse(
        z.strictObject({
          longitude: orFalse(z.number()),
          latitude: orFalse(z.number()),
          altitude: orFalse(z.number()),
          description: orFalse(z.string()),
        }),
      ),
    }),
  ),
);

/** Section 2.3's fields, with this project's `channel_guid`, `parent_guid` and `attributes`. */
const postFields = () => ({
  guid: z.string(),
  type: z.enum(ALL_POST_TYPES),
  privacy: z.enum(PRIVACIES),
  canonical_url: z.url(),
  reply_to: orFalse(z.string()),
  title: orFalse(z.string()),
  content: z.string(),
  text: z.string(),
  meta: postMetaAnswer,
  tags: orFalse(z.array(z.string())),
  mentions: orFalse(z.array(personaSummaryAnswer)),
  persona: personaSummaryAnswer,
  publish_at: isoTime,
  publish_unix: unix,
  expires_at: orFalse(isoTime),
  expires_unix: orFalse(unix),
  updated_at: isoTime,
  updated_unix: unix,
  /** When the post was written here (extension): an `updated_unix` well after it is an edit. */
  created_unix: unix,
  channel_guid: z.string(),
  parent_guid: orFalse(z.string()),
  /** Where the post lives on the remote it was synced with (its web address there), or false. */
  remote_url: orFalse(z.string()),
  /** What the acting Persona did to the post: its pin, its star, and the GUID of its repost of it. */
  attributes: z.strictObject({
    pin: z.templateLiteral(['pin.', z.enum([...PIN_COLOURS, 'none'])]),
    starred: z.boolean(),
    reposted: orFalse(z.string()),
  }),
});

/** The original inside a repost: a post like any other, which embeds nothing in turn. */
export const embeddedPostAnswer = z.lazy(() => z.strictObject(postFields()));
export type EmbeddedPostAnswer = z.infer<typeof embeddedPostAnswer>;

/**
 * A post (section 2.3), and when it is a repost, what it reposts (extension): `repost_of` the original's
 * GUID, and `original` the original itself, or `false` where the viewer may not read it or it is gone.
 */
export const postAnswer = z.lazy(() =>
  z.strictObject({
    ...postFields(),
    repost_of: orFalse(z.string()),
    original: orFalse(embeddedPostAnswer),
  }),
);
export type PostAnswer = z.infer<typeof postAnswer>;

/** A Persona of the account (extension: `/api/account/personas`, and inside the profile). */
export const personaAnswer = z.lazy(() =>
  z.strictObject({
    guid: z.string(),
    as: z.string(),
    name: z.string(),
    avatar_url: z.string(),
    site_url: z.string(),
    timezone: z.string(),
    profile_url: z.url(),
    channels: z.array(z.string()),
    ...stamps,
  }),
);
export type PersonaAnswer = z.infer<typeof personaAnswer>;

/** A Channel of the account (extension: `/api/account/channels`): who may write to it, and its remote. */
export const channelAnswer = z.lazy(() =>
  z.strictObject({
    guid: z.string(),
    name: z.string(),
    writers: z.array(z.string()),
    remote_guid: orFalse(z.string()),
    ...stamps,
  }),
);
export type ChannelAnswer = z.infer<typeof channelAnswer>;

/** Deleting a Channel: where its posts went, and the Channels left. */
export const channelDeletionAnswer = z.lazy(() =>
  z.strictObject({
    channel_guid: z.string(),
    moved_to: z.string(),
    moved_posts: count,
    channels: z.array(channelAnswer),
  }),
);
export type ChannelDeletionAnswer = z.infer<typeof channelDeletionAnswer>;

/** Section 2.7: the account, with its Personas. */
export const profileAnswer = z.lazy(() =>
  z.strictObject({
    guid: z.string(),
    type: z.string(),
    timezone: z.string(),
    display_name: z.string(),
    mail_address: z.string(),
    language: z.strictObject({ code: z.string(), name: z.string() }),
    personas: z.array(personaAnswer),
    bucket: z.strictObject({ storage: unix, available: unix, files: unix }),
    ...stamps,
  }),
);
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/** Section 2.6: a Persona's public bio, with the Persona's own fields as the Persona list shows them. */
export const bioAnswer = z.lazy(() =>
  personaAnswer
    .unwrap()
    .pick({
      guid: true,
      timezone: true,
      as: true,
      name: true,
      avatar_url: true,
      site_url: true,
      created_at: true,
      created_unix: true,
    })
    .extend({
      bio: z.strictObject({ text: z.string(), html: z.string() }),
      days: count,
      is_you: z.boolean(),
    }),
);
export type BioAnswer = z.infer<typeof bioAnswer>;

/**
 * A Persona's public page (extension: `GET /api/personas/{handle}`): its bio, and where it lives. `address`
 * is what names it in `/@…` and in a search's `@…`: the handle for a Persona of this instance,
 * `handle@host` for one of a remote (`remote_host`, false for this instance's own). `is_you`: one of the
 * viewer's own, a linked Persona on a remote too.
 */
export const personaPageAnswer = z.lazy(() =>
  bioAnswer
    .unwrap()
    .pick({ guid: true, as: true, name: true, avatar_url: true, site_url: true, bio: true, is_you: true })
    .extend({
      address: z.string(),
      remote_host: orFalse(z.string()),
    }),
);
export type PersonaPageAnswer = z.infer<typeof personaPageAnswer>;

/** Signing in (extension): a token for the account. */
export const loginAnswer = z.lazy(() => z.strictObject({ token: z.string().min(16), account_guid: z.string() }));
export type LoginAnswer = z.infer<typeof loginAnswer>;
export const logoutAnswer = z.lazy(() => z.strictObject({ signed_out: z.literal(true) }));
export const passwordAnswer = z.lazy(() => z.strictObject({ account_guid: z.string(), password_set: z.literal(true) }));

/** `GET /api/about` (extension): what this server is, and the extensions a client may rely on. */
export const aboutAnswer = z.lazy(() =>
  z.strictObject({
    software: z.strictObject({ name: z.string(), version: z.string() }),
    extensions: z.array(z.enum(EXTENSIONS)),
    /**
     * How this instance can be signed in to, so that a sign-in page offers first what works: `password`
     * when the owner account has one, `link` when this host prints one-time sign-in links.
     */
    sign_in: z.strictObject({ password: z.boolean(), link: z.boolean() }),
  }),
);
export type AboutAnswer = z.infer<typeof aboutAnswer>;

/** Every route that reads, writes, stars or pins posts answers a list of them. */
export const postsAnswer = z.lazy(() => z.array(postAnswer));

/** Section 4.3, deleting a post: what was deleted, and the spec's two flags. */
export const deleteAnswer = z.lazy(() =>
  z.strictObject({
    post_guid: z.string(),
    channel_guid: z.string(),
    result: z.literal(1),
    sok: z.literal(1),
  }),
);
export type DeleteAnswer = z.infer<typeof deleteAnswer>;
