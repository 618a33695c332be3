import { z } from 'zod';
import { issueLines } from './lenient';
import {
  colourOfHex,
  LEGACY_PIN_COLOURS,
  PIN_HEX,
  PRIVACIES,
  type LegacyPinColour,
  type Privacy,
} from '../api/vocabulary';
import { legacyDate, remoteGuid, type Checked } from './outgoing';
import { charCount } from '../util/chars';
import { LIMITS } from '../api/inputs';
import { LEGACY_LIMITS } from '../api/legacy-inputs';

/** What the legacy client sends (section 4.1), checked before it is sent. */

/** Variables of `POST /content`. Dates are unix seconds here; they are sent as `YYYY-MM-DD HH:MM:SS` UTC. */
export interface LegacyWriteParams {
  content: string;
  title?: string;
  channel_id?: number;
  /** The post to update; without it a post is created. */
  post_id?: number;
  /** Id of the post replied to. */
  reply_to?: number;
  slug?: string;
  /** e.g. post.article, post.draft, post.page, post.podcast (the remote may override it). */
  type?: string;
  send_blurb?: boolean;
  pubdts?: number;
  expydts?: number;
  expyhrs?: number;
  privacy_type?: Privacy;
  passwd?: string;
  /** Extension of this project: which Persona writes. */
  persona_guid?: string;
  /** Extension of this project: sent as one comma list. */
  tags?: string[];
}

const postId = (name: string) => z.number().int(`${name} must be a post id`).positive(`${name} must be a post id`);
const unixSeconds = (name: string) =>
  z.number().int(`${name} must be whole unix seconds`).min(0, `${name} must not be before 1970`);
const bytes = (s: string): number => new TextEncoder().encode(s).length;

const writeParams = z.lazy(() =>
  z
    .object({
      content: z.string().refine((s) => s.trim() !== '', 'content must not be empty'),
      title: z
        .string()
        .refine((s) => charCount(s) <= LIMITS.titleChars, `title must be at most ${LIMITS.titleChars} characters`)
        .optional(),
      channel_id: postId('channel_id').optional(),
      post_id: postId('post_id').optional(),
      reply_to: postId('reply_to').optional(),
      slug: z.string().optional(),
      type: z
        .string()
        .regex(/^post\.[a-z]+$/, 'type must be a post type such as post.article')
        .optional(),
      send_blurb: z.boolean().optional(),
      pubdts: unixSeconds('pubdts').optional(),
      expydts: unixSeconds('expydts').optional(),
      expyhrs: z.number().int().positive('expyhrs must be a whole number of hours').optional(),
      privacy_type: z.enum(PRIVACIES).optional(),
      passwd: z.string().optional(),
      persona_guid: remoteGuid.optional(),
      tags: z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .refine(
              (t) => !t.includes(',') && charCount(t) <= LIMITS.tagChars,
              `a tag must be 1 to ${LIMITS.tagChars} characters, without a comma`,
            ),
        )
        .optional(),
    })
    .strict()
    .superRefine((p, ctx) => {
      // Section 4.1: a new Blurb (only content) is 1 to 8192 bytes.
      if (p.post_id === undefined && !p.title && bytes(p.content) > LEGACY_LIMITS.blurbBytes) {
        ctx.addIssue({
          code: 'custom',
          message: `content of a Blurb must be at most ${LEGACY_LIMITS.blurbBytes} bytes`,
        });
      }
    }),
);

export function legacyWriteBody(params: LegacyWriteParams): Checked<Record<string, unknown>> {
  const parsed = writeParams.safeParse(params);
  if (!parsed.success) return { ok: false, problems: issueLines(parsed.error) };
  const { pubdts, expydts, send_blurb, tags, ...rest } = parsed.data;
  return {
    ok: true,
    value: {
      ...rest,
      ...(pubdts !== undefined ? { pubdts: legacyDate(pubdts) } : {}),
      ...(expydts !== undefined ? { expydts: legacyDate(expydts) } : {}),
      ...(send_blurb !== undefined ? { send_blurb: send_blurb ? 'Y' : 'N' } : {}),
      ...(tags !== undefined ? { tags: tags.map((t) => t.trim()).join(',') } : {}),
    },
  };
}

export type BlurbCollection = 'global' | 'home' | 'mentions';

/** Variables of the Blurb collections. */
export interface BlurbsQuery {
  /** 1 to 200 (LEGACY_LIMITS). */
  count?: number;
  since_unix?: number;
  since_id?: number;
  before_unix?: number;
  before_id?: number;
}

const blurbsQuery = z.lazy(() =>
  z
    .object({
      count: z
        .number()
        .int()
        .min(LEGACY_LIMITS.countMin)
        .max(
          LEGACY_LIMITS.countMax,
          `count must be a whole number from ${LEGACY_LIMITS.countMin} to ${LEGACY_LIMITS.countMax}`,
        )
        .optional(),
      since_unix: unixSeconds('since_unix').optional(),
      since_id: postId('since_id').optional(),
      before_unix: unixSeconds('before_unix').optional(),
      before_id: postId('before_id').optional(),
    })
    .strict(),
);

export function blurbsSearch(query: BlurbsQuery): Checked<Record<string, string | undefined>> {
  const parsed = blurbsQuery.safeParse(query);
  if (!parsed.success) return { ok: false, problems: issueLines(parsed.error) };
  return {
    ok: true,
    value: Object.fromEntries(Object.entries(parsed.data).map(([key, value]) => [key, String(value)])),
  };
}

export function legacyIdCheck(name: string, id: number): Checked<number> {
  return postId(name).safeParse(id).success
    ? { ok: true, value: id }
    : { ok: false, problems: [`${name} must be a post id`] };
}

export function legacyColourCheck(colour: string): Checked<LegacyPinColour> {
  const known = colourOfHex(colour);
  return known === undefined
    ? { ok: false, problems: [`colour must be one of ${LEGACY_PIN_COLOURS.join(', ')}`] }
    : { ok: true, value: PIN_HEX[known] };
}
