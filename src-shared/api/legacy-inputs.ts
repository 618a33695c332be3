import { z } from 'zod';
import { actingInput, countOf, LIMITS, unixTime } from './inputs';
import { charCount } from '../util/chars';

/** Request variables of the legacy interface (section 4.1); every variable arrives as a string. */
export const LEGACY_LIMITS = {
  /** Section 8: a Blurb's content, in UTF-8 bytes. */
  blurbBytes: 8192,
  countMin: 1,
  countMax: 200,
  /** Not in the spec; the spec's example returns 50. */
  countDefault: 50,
  postIdsMax: 200,
  /** Not in the spec: the access password of a titled post (`passwd`), in characters. */
  passwdChars: 256,
} as const;

/** Titled legacy kinds; a post without a title is a Blurb, whatever `type` says. */
export const TITLED_TYPES = ['post.article', 'post.draft', 'post.page', 'post.podcast'] as const;

export const postId = (name: string) =>
  z
    .string({ error: `${name} must be the numeric id of a post` })
    .trim()
    .regex(/^\d{1,15}$/, `${name} must be the numeric id of a post`)
    .transform(Number);

const yesNo = (name: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === 'Y' || v === 'N' || v === '', `${name} must be Y or N`)
    .transform((v) => v === 'Y');

/**
 * `simple_posts=Y` on the single-post actions, read as it always was there: anything but `Y` is no. (The
 * collections refuse what is neither Y nor N.)
 */
const simplePostsFlag = z.lazy(() =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim().toUpperCase() === 'Y'),
);

/** `passwd`: opens a protected post it is the password of (service/legacy/passwords.ts). */
const passwdOpener = z.lazy(() => z.string().optional());

/** GET /content/{id}. */
export const contentReadInput = z.lazy(() =>
  actingInput.unwrap().extend({ passwd: passwdOpener, simple_posts: simplePostsFlag }),
);
export type ContentReadInput = z.infer<typeof contentReadInput>;

/** POST /content/star/{id} and /content/repost/{id}: as `persona_guid`, or as the first Persona. */
export const contentActingInput = z.lazy(() => actingInput.unwrap().extend({ simple_posts: simplePostsFlag }));
export type ContentActingInput = z.infer<typeof contentActingInput>;

/** POST /content/pin: `colour` (or `color`) one of section 2.8's hex colours; the same one again unpins. */
export const contentPinInput = z.lazy(() =>
  contentActingInput.unwrap().extend({
    post_id: postId('post_id'),
    colour: z.string().optional(),
    color: z.string().optional(),
  }),
);
export type ContentPinInput = z.infer<typeof contentPinInput>;

/** DELETE /content/{id}: a `post_id` in the body wins over the path. */
export const contentDeleteInput = z.lazy(() => z.object({ post_id: postId('post_id').optional() }));
export type ContentDeleteInput = z.infer<typeof contentDeleteInput>;

export const contentWriteInput = z.lazy(() =>
  z.object({
    content: z.string().optional(),
    title: z
      .string()
      .trim()
      .refine((s) => charCount(s) <= LIMITS.titleChars, `title must be at most ${LIMITS.titleChars} characters`)
      .optional(),
    channel_id: postId('channel_id').optional(),
    post_id: postId('post_id').optional(),
    reply_to: postId('reply_to').optional(),
    slug: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N}_.~-]{0,255}$/u, 'slug may hold letters, digits, "-", "_", "." and "~" only')
      .optional(),
    type: z.string().trim().toLowerCase().optional(),
    send_blurb: yesNo('send_blurb').optional(),
    pubdts: z.string().trim().optional(),
    expydts: z.string().trim().optional(),
    expyhrs: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'expyhrs must be a whole number of hours')
      .transform(Number)
      .optional(),
    privacy_type: z.string().trim().optional(),
    // Not trimmed: a password is what was typed. Empty removes the password on update.
    passwd: z
      .string()
      .refine(
        (s) => charCount(s) <= LEGACY_LIMITS.passwdChars,
        `passwd must be at most ${LEGACY_LIMITS.passwdChars} characters`,
      )
      .optional(),
    persona_guid: z.string().trim().optional(),
    tags: z.string().optional(),
    simple_posts: yesNo('simple_posts').optional(),
  }),
);
export type ContentWriteInput = z.infer<typeof contentWriteInput>;

export const blurbsInput = z.lazy(() =>
  actingInput.unwrap().extend({
    count: countOf(LEGACY_LIMITS.countMin, LEGACY_LIMITS.countMax, LEGACY_LIMITS.countDefault),
    before_id: postId('before_id').optional(),
    before_unix: unixTime('before_unix').optional(),
    since_id: postId('since_id').optional(),
    since_unix: unixTime('since_unix').optional(),
    simple_posts: yesNo('simple_posts').optional(),
  }),
);
export type BlurbsInput = z.infer<typeof blurbsInput>;

const FILTER_REQUIRED = 'filter is required: an account name, a word or several words';

/** GET /content/blurbs/search: the Blurb collection's variables, and what to look for. */
export const searchInput = z.lazy(() =>
  blurbsInput.unwrap().extend({
    filter: z.string({ error: FILTER_REQUIRED }).trim().min(1, FILTER_REQUIRED),
  }),
);
export type SearchInput = z.infer<typeof searchInput>;

export const postIdsInput = z.lazy(() =>
  actingInput.unwrap().extend({
    post_ids: z
      .string({ error: 'post_ids is required: a comma list of post ids' })
      .transform((s) =>
        s
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .refine(
        (ids) => ids.length > 0 && ids.every((id) => /^\d{1,15}$/.test(id)),
        'post_ids must be a comma list of numeric post ids',
      )
      .refine(
        (ids) => ids.length <= LEGACY_LIMITS.postIdsMax,
        `post_ids may name at most ${LEGACY_LIMITS.postIdsMax} posts`,
      )
      .transform((ids) => [...new Set(ids.map(Number))]),
    simple_posts: yesNo('simple_posts').optional(),
    passwd: passwdOpener,
  }),
);
export type PostIdsInput = z.infer<typeof postIdsInput>;
