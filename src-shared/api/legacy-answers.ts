import { z } from 'zod';
import { count, isoTime, orFalse, stamps, unix } from './answers';
import { LEGACY_PIN_COLOURS, PRIVACIES } from './vocabulary';

/**
 * What the legacy interface (section 4.1) answers, as strictly as answers.ts: its presenters are typed by
 * these schemas and the contract test parses real answers with them. docs/legacy-interface.md says which
 * fields are this instance's additions.
 */

/** Section 2.4's `YYYY-MM-DD HH:MM:SS` (UTC). */
const starTime = z.lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));

/** The legacy "account": what the instance interface calls a Persona. */
export const legacyAccountAnswer = z.lazy(() =>
  z.strictObject({
    id: z.number().int(),
    guid: z.string(),
    username: z.string(),
    display_name: z.string(),
    avatar_url: z.string(),
    profile_url: z.string(),
    site_url: orFalse(z.string()),
    timezone: z.string(),
    created_at: isoTime,
    created_unix: unix,
    is_you: z.boolean(),
  }),
);
export type LegacyAccountAnswer = z.infer<typeof legacyAccountAnswer>;

export const legacyChannelAnswer = z.lazy(() =>
  z.strictObject({
    id: z.number().int(),
    guid: z.string(),
    name: z.string(),
    url: z.string(),
    privacy: z.enum(PRIVACIES),
  }),
);
export type LegacyChannelAnswer = z.infer<typeof legacyChannelAnswer>;

/** Section 2.2: the fields every post object has, `simple_posts` or not. */
const legacyPostFields = () => ({
  id: z.number().int(),
  parent_id: orFalse(z.number().int()),
  title: z.string(),
  slug: z.string(),
  /** The stored kind, a Blurb being `post.micro`. */
  type: z.string(),
  privacy: z.enum(PRIVACIES),
  guid: z.string(),
  content: z.strictObject({ text: z.string(), html: z.string(), summary: z.literal(false), banner: z.literal(false) }),
  audio: z.literal(false),
  tags: orFalse(z.array(z.strictObject({ name: z.string() }))),
  urls: z.strictObject({ canonical_url: z.string(), full_url: z.string(), alt_url: z.string(), is_https: z.boolean() }),
  thread: orFalse(z.strictObject({ thread_key: z.string(), reply_to: orFalse(z.string()) })),
  mentions: orFalse(
    z.array(
      z.strictObject({
        id: z.number().int(),
        guid: z.string(),
        name: z.string(),
        display_name: z.string(),
        is_you: z.boolean(),
      }),
    ),
  ),
  account: z.array(legacyAccountAnswer),
  channel: legacyChannelAnswer,
  client: z.strictObject({ name: z.string(), url: z.string() }),
  created_at: isoTime,
  created_unix: unix,
  publish_at: isoTime,
  publish_unix: unix,
  updated_at: isoTime,
  updated_unix: unix,
  expires_at: orFalse(isoTime),
  expires_unix: orFalse(unix),
  is_mention: z.boolean(),
  you_starred: z.boolean(),
  you_pinned: z.boolean(),
  you_reblurbed: z.boolean(),
  /** The acting Persona's pin as a hex colour of section 2.8 (an addition). */
  pin_colour: orFalse(z.enum(LEGACY_PIN_COLOURS)),
  is_visible: z.literal(true),
  is_deleted: z.literal(false),
});

/** The relational fields that `simple_posts=Y` leaves out. */
const relationalFields = () => ({
  stars: orFalse(
    z.array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        avatar_url: z.string(),
        starred_at: starTime,
        starred_unix: unix,
      }),
    ),
  ),
  blurbs: z.literal(false),
  follows_you: z.literal(false),
  you_follow: z.literal(false),
  you_muted: z.literal(false),
  you_blocked: z.literal(false),
});

export const simpleLegacyPostAnswer = z.lazy(() => z.strictObject(legacyPostFields()));
export type SimpleLegacyPostAnswer = z.infer<typeof simpleLegacyPostAnswer>;
/** A reposted original inside a repost: whole, but it embeds nothing in turn. */
const embeddedLegacyPost = z.lazy(() =>
  z.strictObject({ ...legacyPostFields(), ...relationalFields(), parent_post: z.literal(false) }),
);
export const fullLegacyPostAnswer = z.lazy(() =>
  z.strictObject({
    ...legacyPostFields(),
    ...relationalFields(),
    parent_post: orFalse(embeddedLegacyPost),
  }),
);

export const legacyPostAnswer = z.lazy(() => z.union([fullLegacyPostAnswer, simpleLegacyPostAnswer]));
export type LegacyPostAnswer = z.infer<typeof legacyPostAnswer>;
export const legacyPostsAnswer = z.lazy(() => z.array(legacyPostAnswer));

/** DELETE /content/{id}. */
export const legacyDeleteAnswer = z.lazy(() =>
  z.strictObject({
    id: z.number().int(),
    is_visible: z.literal(false),
    is_deleted: z.literal(true),
  }),
);

export const WELCOME_STATES = ['seen', 'skipped'] as const;
export type WelcomeState = (typeof WELCOME_STATES)[number];

/** GET /users/me: the signed-in account, its Personas (`accounts`) and Channels. */
export const usersMeAnswer = z.lazy(() =>
  z.strictObject({
    guid: z.string(),
    name: z.string(),
    display_name: z.string(),
    mail: z.string(),
    language: z.string(),
    timezone: z.string(),
    type: z.string(),
    has_password: z.boolean(),
    welcome: orFalse(z.enum(WELCOME_STATES)),
    accounts: z.array(legacyAccountAnswer),
    channels: z.array(legacyChannelAnswer),
    ...stamps,
  }),
);

export const welcomeAnswer = z.lazy(() => z.strictObject({ welcome: z.enum(WELCOME_STATES) }));
/** POST /users/write: the Persona with its bio. */
export const usersWriteAnswer = z.lazy(() =>
  legacyAccountAnswer.unwrap().extend({ bio_text: z.string(), bio_html: z.string() }),
);
export const myDataDeletedAnswer = z.lazy(() => z.strictObject({ deleted_posts: count }));
export const accountResetAnswer = z.lazy(() =>
  z.strictObject({ account_reset: z.literal(true), deleted_posts: count }),
);
/** Follow relations: a single-user instance keeps none. */
export const noRelationsAnswer = z.lazy(() => z.array(z.never()));
/** What a path that always refuses answers: nothing, ever. */
export const refusalAnswer = z.lazy(() => z.never());
