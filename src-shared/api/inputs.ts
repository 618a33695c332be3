import { z } from 'zod';
import {
  isInstancePostType,
  isPrivacy,
  needsSource,
  POST_TYPES,
  PRIVACIES,
  SCHEDULED,
  type InstancePostType,
} from './vocabulary';
import { charCount as chars } from '../util/chars';
import { FORMAT_LIMITS } from '../text/complexity';
import { tagKey } from '../text/tags';

/**
 * Request variables of the instance interface. Every variable arrives as a string (see service/params.ts);
 * these schemas turn them into typed input and name each problem in words a person can act on.
 */

export const LIMITS = {
  titleChars: 512,
  tagChars: 128,
  tagBytes: 512,
  /** Not in the spec: tags of one post. Each is a word of the search index and a link on the post. */
  tagsPerPost: 100,
  bioChars: 2048,
  countMin: 1,
  countMax: 250,
  countDefault: 100,
  guidChars: 36,
  /**
   * Not in the spec: a post's text; the 1 MiB body limit would allow more than any reader wants. The text
   * module formats at most this much (text/complexity.ts), and the limit is its.
   */
  textChars: FORMAT_LIMITS.characters,
  handleChars: 64,
  nameChars: 80,
  /** Not in the spec: the title of the page a bookmark or quotation is about, as long as a post's title. */
  sourceTitleChars: 512,
  geoDescriptionChars: 512,
  /** A post's address path, as long as a web address may be. */
  pathChars: 2048,
  /**
   * Not in the spec: the name one signs in with. Longer than any handle or account name; each name tried is
   * remembered for a while (service/sign-in-guard.ts), so it must not be a megabyte.
   */
  signInNameChars: 256,
} as const;

/** Where on (and above or below) the Earth a post may be placed. */
export const GEO_BOUNDS = {
  longitude: { min: -180, max: 180 },
  latitude: { min: -90, max: 90 },
  altitude: { min: -7500, max: 25000 },
} as const;

/** A post's own address path: the characters a URL path may hold as they are (RFC 3986), and letters of any script. */
export const CANONICAL_PATH_PATTERN = /^\/(?!\/)[\p{L}\p{N}\-._~!$&()*+,;=:@%/]*$/u;
/** A post's slug: letters, digits, `-`, `_`, `.` and `~`, at most 255. */
export const SLUG_PATTERN = /^[\p{L}\p{N}_.~-]{0,255}$/u;

export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Persona handle: letters, digits and `_`, with `.` and `-` allowed inside. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9_])?$/;

/** A number in a range, or an empty value (null): on update, an empty value removes the stored number. */
const numberOrEmpty = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || Number.isFinite(Number(s)), `${name} must be a number`)
    .transform((s) => (s === '' ? null : Number(s)))
    .refine((n) => n === null || (n >= min && n <= max), `${name} must be between ${min} and ${max}`);

export const unixTime = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, `${name} must be a unix timestamp (whole seconds)`)
    .transform(Number);

/** `count` of a timeline: whole numbers in a range, refused (not clamped) outside it. */
export const countOf = (min: number, max: number, fallback: number) => {
  const message = `count must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message)
    .default(fallback);
};

export const guidText = (message: string) =>
  z
    .string()
    .trim()
    .regex(GUID_PATTERN, message)
    .transform((s) => s.toLowerCase());

/** `types`: a comma list of instance post types, any case. */
const typesOf = (fallback: InstancePostType[]) =>
  z
    .string()
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine(
      (list) => list.length > 0 && list.every(isInstancePostType),
      `types must be a comma list of ${POST_TYPES.join(', ')}`,
    )
    .transform((list) => list as InstancePostType[])
    .default(fallback);

/**
 * `scheduled` (extension): what a timeline does with posts whose publication time has not come, which only
 * their own account can read (service/visibility.ts). `exclude` (the default) leaves them out as the
 * reference does, so a timeline is what has been published; `include` mixes them in at their time (sync
 * reads them so); `only` lists them alone.
 */
const scheduledOf = z.lazy(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(SCHEDULED, { error: `scheduled must be one of ${SCHEDULED.join(', ')}` }))
    .default('exclude'),
);

export const timelineInput = z.lazy(() =>
  z.object({
    count: countOf(LIMITS.countMin, LIMITS.countMax, LIMITS.countDefault),
    types: typesOf(['post.note']),
    since: unixTime('since').optional(),
    until: unixTime('until').optional(),
    /** Extension: also older posts changed at or after this time, after the newer ones (for pollers). */
    changed_since: unixTime('changed_since').optional(),
    /** Extension: continue after this post (exclusive), in timeline order. */
    before: guidText('before must be the GUID of a post').optional(),
    persona_guid: guidText('persona_guid must be a Persona GUID').optional(),
    channel_guid: guidText('channel_guid must be a Channel GUID').optional(),
    scheduled: scheduledOf,
  }),
);
export type TimelineInput = z.infer<typeof timelineInput>;

const QUERY_REQUIRED = "q, tag or author_guid is required: words to find, @handle to search one Persona's posts";

/** A tag asked for, as posts' tags are compared (`tagKey`: any case, with or without `#`). */
const tagQuery = z.lazy(() =>
  z
    .string()
    .transform(tagKey)
    .refine((s) => s !== '', 'tag must name a tag')
    .refine((s) => chars(s) <= LIMITS.tagChars, `tag must be at most ${LIMITS.tagChars} characters`),
);

/**
 * GET /api/posts/search (extension): `count` and `before` as on the timelines; every type by default.
 * `tag` and `author_guid` narrow to one tag exactly and to one author; with either, `q` may be left out.
 */
export const postSearchInput = z.lazy(() =>
  z
    .object({
      q: z.string().trim().default(''),
      tag: tagQuery.optional(),
      author_guid: guidText('author_guid must be a Persona GUID').optional(),
      count: timelineInput.unwrap().shape.count,
      types: typesOf([...POST_TYPES]),
      before: timelineInput.unwrap().shape.before,
      /** Whose stars and pins the answer shows (default the viewer's first Persona); it does not narrow. */
      persona_guid: timelineInput.unwrap().shape.persona_guid,
      scheduled: timelineInput.unwrap().shape.scheduled,
    })
    .refine((input) => input.q !== '' || input.tag !== undefined || input.author_guid !== undefined, QUERY_REQUIRED),
);
export type PostSearchInput = z.infer<typeof postSearchInput>;

const geo = () => ({
  geo_longitude: numberOrEmpty('geo_longitude', GEO_BOUNDS.longitude.min, GEO_BOUNDS.longitude.max).optional(),
  geo_latitude: numberOrEmpty('geo_latitude', GEO_BOUNDS.latitude.min, GEO_BOUNDS.latitude.max).optional(),
  geo_altitude: numberOrEmpty('geo_altitude', GEO_BOUNDS.altitude.min, GEO_BOUNDS.altitude.max).optional(),
  geo_description: z
    .string()
    .trim()
    .max(LIMITS.geoDescriptionChars, `geo_description must be at most ${LIMITS.geoDescriptionChars} characters`)
    .optional(),
});

/** POST /api/posts/write; whether a value is required depends on create or update (see handlers). */
export const writeInput = z.lazy(() =>
  z.object({
    content: z.string().optional(),
    post_type: z
      .string()
      .trim()
      .toLowerCase()
      .refine(isInstancePostType, `post_type must be one of ${POST_TYPES.join(', ')}`)
      .optional(),
    source_url: z.string().trim().optional(),
    source_title: z
      .string()
      .trim()
      .refine(
        (s) => chars(s) <= LIMITS.sourceTitleChars,
        `source_title must be at most ${LIMITS.sourceTitleChars} characters`,
      )
      .optional(),
    guid: guidText('guid must be 36 characters').optional(),
    channel_guid: guidText('channel_guid must be a Channel GUID').optional(),
    persona_guid: guidText('persona_guid must be a Persona GUID').optional(),
    title: z
      .string()
      .trim()
      .refine((s) => chars(s) <= LIMITS.titleChars, `title must be at most ${LIMITS.titleChars} characters`)
      .optional(),
    canonical_url: z
      .string()
      .trim()
      .refine(
        (s) => s === '' || CANONICAL_PATH_PATTERN.test(s),
        'canonical_url must be a path such as /notes/hello, without domain, protocol, spaces, quotes or angle brackets',
      )
      .refine((s) => s.length <= LIMITS.pathChars, `canonical_url must be at most ${LIMITS.pathChars} characters`)
      .optional(),
    reply_to: z.string().trim().optional(),
    post_slug: z
      .string()
      .trim()
      .regex(SLUG_PATTERN, 'post_slug may hold letters, digits, "-", "_", "." and "~" only')
      .optional(),
    post_privacy: z
      .string()
      .trim()
      .toLowerCase()
      .refine(isPrivacy, `post_privacy must be one of ${PRIVACIES.join(', ')}`)
      .optional(),
    publish_at: z.string().trim().optional(),
    expires_at: z.string().trim().optional(),
    tags: z.string().optional(),
    ...geo(),
  }),
);
export type WriteInput = z.infer<typeof writeInput>;

/** The write variables a new post may be refused for lacking. */
export type RequiredWriteVariable = Extract<keyof WriteInput, 'content' | 'source_url' | 'source_title'>;

/**
 * What a new post of `type` must carry: every post its text; a bookmark or a quotation also the address and
 * the title of the page it is about. The service refuses by it (handlers/write-post.ts), the client checks
 * by it before sending (client/outgoing.ts), and the composer marks its fields by it.
 */
export const requiredFor = (type: string | undefined | null): readonly RequiredWriteVariable[] =>
  needsSource(type) ? ['content', 'source_url', 'source_title'] : ['content'];

/** The refusal lines for what `type` requires and `given` lacks (nothing, or spaces only). */
export const missingFor = (
  type: string | undefined | null,
  given: Partial<Record<RequiredWriteVariable, string | null | undefined>>,
): string[] =>
  requiredFor(type)
    .filter((name) => (given[name] ?? '').trim() === '')
    .map((name) => `${name} is required for ${type ?? 'a post'}`);

/**
 * Stars and pins are set by `persona_guid` (one of the viewer's Personas), or else by the first one; the
 * posts of an answer show that Persona's stars and pins. Where it only says whose marks are shown, one
 * that is not the viewer's is the first one, not an error.
 */
export const actingInput = z.lazy(() => z.object({ persona_guid: z.string().optional() }));
export type ActingInput = z.infer<typeof actingInput>;

/** GET /api/posts/{guid}: `passwd` opens a post protected through the legacy interface. */
export const postReadInput = z.lazy(() => actingInput.unwrap().extend({ passwd: z.string().optional() }));
export type PostReadInput = z.infer<typeof postReadInput>;

/** POST /api/posts/{guid}/pin: `value` is `pin.orange`, `orange`, any case; anything else means no pin. */
export const pinInput = z.lazy(() => actingInput.unwrap().extend({ value: z.string().optional() }));
export type PinInput = z.infer<typeof pinInput>;

/** DELETE /api/posts names its post as `guid`; DELETE /api/posts/{guid} in its path. */
export const deleteInput = z.lazy(() => z.object({ guid: z.string().optional() }));
export type DeleteInput = z.infer<typeof deleteInput>;

export const bioInput = z.lazy(() =>
  z.object({
    bio_text: z
      .string({ error: 'bio_text is required (an empty text deletes the bio)' })
      .refine((s) => chars(s) <= LIMITS.bioChars, `bio_text must be at most ${LIMITS.bioChars} characters`),
  }),
);
export type BioInput = z.infer<typeof bioInput>;

export const profileInput = z.lazy(() =>
  z.object({
    display_as: z
      .string({ error: 'display_as is required' })
      .trim()
      .min(1, 'display_as must not be empty')
      .refine((s) => chars(s) <= LIMITS.nameChars, `display_as must be at most ${LIMITS.nameChars} characters`),
    language: z.string({ error: 'language is required' }).trim(),
    mail_addr: z.string({ error: 'mail_addr is required' }).trim(),
    timezone: z.string({ error: 'timezone is required' }).trim(),
  }),
);
export type ProfileInput = z.infer<typeof profileInput>;

/**
 * POST /api/account/me sets the profile when any of its variables is sent (then all are required), and
 * otherwise reads it: the input is then undefined.
 */
export const profileChangeInput = z.lazy(() =>
  z.preprocess((params) => {
    const sent = params as Readonly<Record<string, unknown>>;
    return Object.keys(profileInput.unwrap().shape).some((field) => sent[field] !== undefined) ? params : undefined;
  }, profileInput.optional()),
);
export type ProfileChangeInput = z.infer<typeof profileChangeInput>;

const personaName = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'name must not be empty')
    .refine((s) => chars(s) <= LIMITS.nameChars, `name must be at most ${LIMITS.nameChars} characters`),
);
const handle = z.lazy(() =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/^@/, ''))
    .refine((s) => HANDLE_PATTERN.test(s), 'handle must be 1 to 64 letters, digits, "_", "." or "-"'),
);
const webUrl = (name: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), `${name} must be an http(s) URL`);

export const personaCreateInput = z.lazy(() =>
  z.object({
    handle: z.string({ error: 'handle is required' }).pipe(handle),
    name: personaName.optional(),
    channel_guid: guidText('channel_guid must be a Channel GUID').optional(),
  }),
);

export type PersonaCreateInput = z.infer<typeof personaCreateInput>;

export const personaUpdateInput = z.lazy(() =>
  z.object({
    handle: handle.optional(),
    name: personaName.optional(),
    avatar_url: webUrl('avatar_url').optional(),
    site_url: webUrl('site_url').optional(),
    timezone: z.string().trim().optional(),
  }),
);
export type PersonaUpdateInput = z.infer<typeof personaUpdateInput>;

export const channelCreateInput = z.lazy(() =>
  z.object({
    name: z.string({ error: 'name is required' }).pipe(personaName),
    persona_guids: z.string().optional(),
  }),
);
export type ChannelCreateInput = z.infer<typeof channelCreateInput>;

export const channelUpdateInput = z.lazy(() =>
  z.object({ name: z.string({ error: 'name is required' }).pipe(personaName) }),
);
export type ChannelUpdateInput = z.infer<typeof channelUpdateInput>;

/** `move_to`: where the posts of a deleted Channel go (default the account's first other Channel). */
export const channelDeleteInput = z.lazy(() =>
  z.object({ move_to: guidText('move_to must be a Channel GUID').optional() }),
);
export type ChannelDeleteInput = z.infer<typeof channelDeleteInput>;

export const channelAccessInput = z.lazy(() =>
  z.object({
    persona_guid: guidText('persona_guid must be a Persona GUID'),
    access: z
      .string({ error: 'access is required: write or none' })
      .trim()
      .toLowerCase()
      .refine((s) => s === 'write' || s === 'none', 'access must be write or none'),
  }),
);
export type ChannelAccessInput = z.infer<typeof channelAccessInput>;

export const loginInput = z.lazy(() =>
  z.object({
    account_name: z
      .string({ error: 'account_name is required' })
      .trim()
      .min(1, 'account_name is required')
      .refine(
        (s) => chars(s) <= LIMITS.signInNameChars,
        `account_name must be at most ${LIMITS.signInNameChars} characters`,
      ),
    account_pass: z.string({ error: 'account_pass is required' }).min(1, 'account_pass is required'),
  }),
);
export type LoginInput = z.infer<typeof loginInput>;

/** `POST /api/auth/code`: the one-time code of a sign-in link the host printed (32 random bytes, URL-safe). */
export const signInCodeInput = z.lazy(() =>
  z.object({
    code: z
      .string({ error: 'code is required' })
      .trim()
      .min(1, 'code is required')
      .max(128, 'code must be at most 128 characters'),
  }),
);
export type SignInCodeInput = z.infer<typeof signInCodeInput>;

export const passwordInput = z.lazy(() =>
  z.object({
    password: z.string({ error: 'password is required' }).min(8, 'password must be at least 8 characters'),
    /** The password being replaced: checked once the account has one, so a session alone cannot change it. */
    current: z.string().optional(),
  }),
);
export type PasswordInput = z.infer<typeof passwordInput>;
