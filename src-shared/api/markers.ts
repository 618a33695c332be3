import { z } from 'zod';
import { GUID_PATTERN, guidText } from './inputs';

/**
 * Reading places (extension): for each timeline, the newest post the person has read there, kept by the
 * instance so that every page and desk of the person finds it (`GET` and `POST /api/markers`, docs/api.md).
 * A marker has a version, raised by each move: a move must name the version it read, so a page that read an
 * older one cannot move the marker back over another page's reading (409, as Mastodon's markers).
 */

/** The timelines that keep a reading place: everything, and a Persona's home, mentions and interactions; one author's posts and one Channel's. */
export const MARKER_KINDS = ['home', 'mentions', 'interactions', 'persona', 'channel'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number] | 'global';

/** `global`, or a kind and the GUID it is of: `home:<persona guid>`, `channel:<channel guid>`. */
const MARKER_NAME = new RegExp(`^(?:global|(?:${MARKER_KINDS.join('|')}):${GUID_PATTERN.source.slice(1, -1)})$`, 'i');

export const isMarkerTimeline = (name: string): boolean => MARKER_NAME.test(name) && name === name.toLowerCase();

/** The marker name of a timeline, or null when the GUID it is of is none this interface takes. */
export function markerName(kind: MarkerKind, guid?: string): string | null {
  const name = kind === 'global' ? 'global' : `${kind}:${(guid ?? '').toLowerCase()}`;
  return isMarkerTimeline(name) ? name : null;
}

/** What a valid marker name is of, as `markerName` made it: its kind, and the GUID (null for `global`). */
export function markerSubject(name: string): { kind: MarkerKind; guid: string | null } {
  const [kind, guid] = name.split(':') as [MarkerKind, string | undefined];
  return { kind, guid: guid ?? null };
}

/** What a person may keep: far more timelines than Personas and Channels a person has. */
export const MARKER_LIMITS = { perAccount: 1000, perRead: 20 } as const;

const timelineText = () =>
  z
    .string({ error: 'timeline is required' })
    .trim()
    .regex(
      MARKER_NAME,
      'timeline must be global, or home, mentions, interactions, persona or channel, a colon and a GUID',
    )
    .transform((s) => s.toLowerCase());

/** `GET /api/markers`: `timeline`, a comma list of the timelines to read. */
export const markersInput = z.lazy(() =>
  z.object({
    timeline: z
      .string({ error: 'timeline is required: a comma list of timelines' })
      .transform((s) => [...new Set(s.split(',').map((t) => t.trim()))].filter(Boolean))
      .refine((names) => names.length >= 1 && names.length <= MARKER_LIMITS.perRead, {
        message: `timeline must name 1 to ${MARKER_LIMITS.perRead} timelines`,
      })
      .pipe(z.array(timelineText())),
  }),
);
export type MarkersInput = z.infer<typeof markersInput>;

/** `POST /api/markers`: the post now read newest in `timeline`, and the marker's `version` the page last read (0: none). */
export const moveMarkerInput = z.lazy(() =>
  z.object({
    timeline: timelineText(),
    post_guid: guidText('post_guid must be a post GUID'),
    version: z
      .string({ error: 'version is required: the version last read, 0 for none' })
      .trim()
      .regex(/^\d{1,9}$/, 'version must be a whole number, 0 for none')
      .transform(Number),
  }),
);
export type MoveMarkerInput = z.infer<typeof moveMarkerInput>;

export const markerAnswer = z.lazy(() =>
  z.strictObject({
    timeline: z.string(),
    post_guid: z.string(),
    /** The post's publication time: with its GUID, its place in the timeline's order. */
    publish_unix: z.number().int(),
    version: z.number().int().positive(),
    updated_at: z.string(),
    updated_unix: z.number().int(),
  }),
);
export type MarkerAnswer = z.infer<typeof markerAnswer>;

/** The markers asked for, by timeline; a timeline without one is left out. */
export const markersAnswer = z.lazy(() => z.record(z.string(), markerAnswer));
export type MarkersAnswer = z.infer<typeof markersAnswer>;
