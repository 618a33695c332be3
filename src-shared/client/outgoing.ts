import { z } from 'zod';
import {
  PIN_COLOURS,
  POST_TYPES,
  PRIVACIES,
  readPin,
  SCHEDULED,
  type InstancePostType,
  type PinValue,
  type Privacy,
  type Scheduled,
} from '../api/vocabulary';
import { GEO_BOUNDS, LIMITS, missingFor } from '../api/inputs';
import { issueLines } from './lenient';
import { charCount as chars } from '../util/chars';

/**
 * What this client sends, checked before it is sent (strict in what we send): only the variables and
 * values sections 4 and 8 describe. A problem here is a `rejected` RemoteError with no status; nothing
 * went over the wire.
 */

/** Section 8: GUIDs are 36 characters. Letters, digits and `-` only, so that one is safe in a path. */
export const remoteGuid = z.lazy(() =>
  z.string().regex(/^[A-Za-z0-9-]{36}$/, 'must be a GUID of 36 letters, digits or "-"'),
);
const unixSeconds = (name: string) =>
  z.number().int(`${name} must be whole unix seconds`).min(0, `${name} must not be before 1970`);
const bytes = (s: string): number => new TextEncoder().encode(s).length;

const tag = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'a tag must not be empty')
    .refine((t) => !t.includes(','), 'a tag must not contain a comma (tags are sent as a comma list)')
    .refine(
      (t) => chars(t) <= LIMITS.tagChars && bytes(t) <= LIMITS.tagBytes,
      `a tag must be at most ${LIMITS.tagChars} characters (${LIMITS.tagBytes} bytes)`,
    ),
);

const inRange = (name: string, { min, max }: { min: number; max: number }) =>
  z.number().refine((n) => Number.isFinite(n) && n >= min && n <= max, `${name} must be between ${min} and ${max}`);

/** Variables of `POST /api/posts/write` (section 4.3). Dates are unix seconds here; they are sent as ISO 8601 UTC. */
export interface PostParams {
  content?: string | undefined;
  post_type?: InstancePostType | undefined;
  title?: string | undefined;
  source_url?: string | undefined;
  source_title?: string | undefined;
  channel_guid?: string | undefined;
  persona_guid?: string | undefined;
  reply_to?: string | undefined;
  post_privacy?: Privacy | undefined;
  publish_at?: number | undefined;
  /** null removes the expiry on update (sent as an empty value). */
  expires_at?: number | null | undefined;
  /** Sent as one comma list; an empty list on update removes the tags. */
  tags?: string[] | undefined;
  /** null on update returns the post to its default address (sent as an empty value). */
  canonical_url?: string | null | undefined;
  post_slug?: string | undefined;
  /** The place is replaced as a whole when any part is sent; null (sent empty) is a part without value. */
  geo_longitude?: number | null | undefined;
  geo_latitude?: number | null | undefined;
  geo_altitude?: number | null | undefined;
  geo_description?: string | undefined;
}

/** Creating a post: content and type are required (a write without a type would be an invisible draft). */
export interface NewPostParams extends PostParams {
  content: string;
  post_type: InstancePostType;
}

/** Updating a post: section 4.3 requires `content` for an update too; what is not sent is kept. */
export interface UpdatePostParams extends PostParams {
  content: string;
}

const postParams = z.lazy(() =>
  z
    .object({
      content: z
        .string()
        .refine((s) => s.trim() !== '', 'content must not be empty')
        .optional(),
      post_type: z.enum(POST_TYPES, `post_type must be one of ${POST_TYPES.join(', ')}`).optional(),
      title: z
        .string()
        .refine((s) => chars(s) <= LIMITS.titleChars, `title must be at most ${LIMITS.titleChars} characters`)
        .optional(),
      source_url: z
        .string()
        .regex(/^https?:\/\/\S+$/i, 'source_url must be an http(s) URL')
        .optional(),
      source_title: z.string().optional(),
      channel_guid: remoteGuid.optional(),
      persona_guid: remoteGuid.optional(),
      reply_to: z.string().trim().min(1, 'reply_to must not be empty').optional(),
      post_privacy: z.enum(PRIVACIES, `post_privacy must be one of ${PRIVACIES.join(', ')}`).optional(),
      publish_at: unixSeconds('publish_at').optional(),
      expires_at: unixSeconds('expires_at').nullable().optional(),
      tags: z.array(tag).optional(),
      canonical_url: z
        .string()
        .regex(/^\/(?!\/)[^\s?#]*$/, 'canonical_url must be a path without domain and protocol')
        .nullable()
        .optional(),
      post_slug: z.string().optional(),
      geo_longitude: inRange('geo_longitude', GEO_BOUNDS.longitude).nullable().optional(),
      geo_latitude: inRange('geo_latitude', GEO_BOUNDS.latitude).nullable().optional(),
      geo_altitude: inRange('geo_altitude', GEO_BOUNDS.altitude).nullable().optional(),
      geo_description: z.string().optional(),
    })
    .strict()
    .superRefine((p, ctx) => {
      if (typeof p.expires_at === 'number' && p.publish_at !== undefined && p.expires_at <= p.publish_at) {
        ctx.addIssue({ code: 'custom', message: 'expires_at must be after publish_at' });
      }
    }),
);

const newPostParams = z.lazy(() =>
  postParams.superRefine((p, ctx) => {
    if (p.post_type === undefined) ctx.addIssue({ code: 'custom', message: 'post_type is required' });
    for (const message of missingFor(p.post_type, p)) ctx.addIssue({ code: 'custom', message });
  }),
);

/** ISO 8601 in UTC without fractions: unambiguous to this project and to PHP's date parsing alike. */
export const isoUtc = (unix: number): string => new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `YYYY-MM-DD HH:MM:SS` in UTC, the legacy interface's date format (section 4.1). */
export const legacyDate = (unix: number): string => isoUtc(unix).replace('T', ' ').replace('Z', '');

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

function check<T>(schema: z.ZodType<T>, value: unknown): Checked<T> {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: issueLines(parsed.error) };
}

/** The JSON body of a write: what was given, dates as ISO text, tags as one comma list, null as empty. */
function writeBody(p: PostParams): Record<string, unknown> {
  const { publish_at, expires_at, tags, ...rest } = p;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, value === null ? '' : value])),
    ...(publish_at !== undefined ? { publish_at: isoUtc(publish_at) } : {}),
    ...(expires_at !== undefined ? { expires_at: expires_at === null ? '' : isoUtc(expires_at) } : {}),
    ...(tags !== undefined ? { tags: tags.map((t) => t.trim()).join(',') } : {}),
  };
}

export function newPostBody(params: NewPostParams): Checked<Record<string, unknown>> {
  const checked = check(newPostParams, params);
  return checked.ok ? { ok: true, value: writeBody(checked.value) } : checked;
}

const updateParams = z.lazy(() =>
  postParams.superRefine((p, ctx) => {
    if (p.content === undefined) ctx.addIssue({ code: 'custom', message: 'content is required' });
  }),
);

export function updateBody(params: UpdatePostParams): Checked<Record<string, unknown>> {
  const checked = check(updateParams, params);
  return checked.ok ? { ok: true, value: writeBody(checked.value) } : checked;
}

/** Variables of the instance timelines (section 4.3, plus `before`, this project's extension). */
export interface TimelineQuery {
  /** 1 to 250 (LIMITS); the remote's default is 100. */
  count?: number | undefined;
  /** Default (the remote's): post.note only. */
  types?: InstancePostType[] | undefined;
  /** Unix seconds, inclusive on the reference and here. */
  since?: number | undefined;
  /** Unix seconds, inclusive. */
  until?: number | undefined;
  /** Continue after this post (exclusive); remotes without the extension ignore it. */
  before?: string | undefined;
  /** Also older posts changed since then (this project's extension); others ignore it. */
  changed_since?: number | undefined;
  /**
   * Posts whose publication time has not come: left out (this project's default, and what the reference
   * does), mixed in, or alone. This project's extension `scheduled`: send it only to a remote that has it.
   */
  scheduled?: Scheduled | undefined;
}

const timelineQuery = z.lazy(() =>
  z
    .object({
      count: z
        .number()
        .int()
        .min(LIMITS.countMin)
        .max(LIMITS.countMax, `count must be a whole number from ${LIMITS.countMin} to ${LIMITS.countMax}`)
        .optional(),
      types: z.array(z.enum(POST_TYPES)).min(1, 'types must name at least one type').optional(),
      since: unixSeconds('since').optional(),
      until: unixSeconds('until').optional(),
      before: remoteGuid.optional(),
      changed_since: unixSeconds('changed_since').optional(),
      scheduled: z.enum(SCHEDULED).optional(),
    })
    .strict(),
);

export function timelineSearch(query: TimelineQuery): Checked<Record<string, string | undefined>> {
  const checked = check(timelineQuery, query);
  if (!checked.ok) return checked;
  const q = checked.value;
  return {
    ok: true,
    value: {
      count: q.count?.toString(),
      types: q.types ? [...new Set(q.types)].join(',') : undefined,
      since: q.since?.toString(),
      until: q.until?.toString(),
      before: q.before,
      changed_since: q.changed_since?.toString(),
      scheduled: q.scheduled,
    },
  };
}

/** `pin.orange`, `orange`, `pin.none`, `none`: always sent as `pin.{colour}`. */
export function pinValue(value: string): Checked<PinValue> {
  const colour = readPin(value);
  return colour === null
    ? { ok: false, problems: [`pin value must be one of ${PIN_COLOURS.join(', ')} or none`] }
    : { ok: true, value: `pin.${colour}` };
}

export function guidCheck(name: string, guid: string): Checked<string> {
  return remoteGuid.safeParse(guid).success
    ? { ok: true, value: guid }
    : { ok: false, problems: [`${name} must be a GUID of 36 letters, digits or "-"`] };
}
