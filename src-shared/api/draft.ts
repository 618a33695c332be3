import { z } from 'zod';
import { POST_TYPES, PRIVACIES } from './vocabulary';
import { charCount } from '../util/chars';
import { GUID_PATTERN, LIMITS, writeInput } from './inputs';

/**
 * A draft: what a composer holds before it is published. The instance keeps them (`/api/drafts`, docs/api.md)
 * so that every page and desk of the person finds them; the page keeps a copy to type into while the
 * instance cannot be reached (src-renderer/state/drafts.ts); an archive carries them (`data/drafts.jsonl`,
 * docs/archive.md). One schema for the three, so that what one saves the others take.
 */
export const draftSchema = z.lazy(() =>
  z.object({
    id: z.string().regex(DRAFT_ID, 'id must be 1 to 64 letters, digits, - or _'),
    personaGuid: z.string().nullable(),
    channelGuid: z.string().nullable(),
    type: z.enum(POST_TYPES),
    title: z.string(),
    text: z.string(),
    /** As typed: a comma list. */
    tags: z.string(),
    sourceUrl: z.string(),
    sourceTitle: z.string(),
    privacy: z.enum(PRIVACIES),
    /** `datetime-local` values in the person's time zone; '' for now / never. */
    publishAt: z.string(),
    expiresAt: z.string(),
    /** The place (geo): a description and coordinates, as typed. Drafts saved before these existed read ''. */
    place: z.string().default(''),
    latitude: z.string().default(''),
    longitude: z.string().default(''),
    altitude: z.string().default(''),
    /** The post's own address: a path such as /notes/hello (`canonical_url`), and an article's slug. */
    canonicalPath: z.string().default(''),
    slug: z.string().default(''),
    /**
     * Other Personas to publish it as too, each with its first Channel it may write to: one post for each
     * (`POST /api/drafts/{id}/publish`, `destinations`). Drafts saved before this existed read none.
     */
    alsoAs: z
      .array(z.string().max(DRAFT_LIMITS.fieldChars))
      .max(DRAFT_LIMITS.destinations - 1)
      .default([]),
    /** For an edit of a post published as several Personas: the edit changes every copy, not this one alone. */
    editCopies: z.boolean().default(false),
    /** GUID of the post replied to. */
    replyTo: z.string().nullable(),
    /** GUID of the post this draft edits; null for a new post. */
    editing: z.string().nullable(),
    /**
     * The id of the draft this one was copied from when two pages or desks changed that draft apart: the
     * later change kept the draft, the other is kept as this copy, so that no text is lost.
     */
    copyOf: z.string().nullable().default(null),
    /** When the person last changed it, in their clock (ms): of two changes made apart, the later wins. */
    updatedAt: z.number().int().min(0).max(MAX_DRAFT_TIME),
  }),
);
export type Draft = z.infer<typeof draftSchema>;

/** The fields a person writes in: a draft with all of them blank holds nothing. */
export const DRAFT_WRITTEN_FIELDS = [
  'title',
  'text',
  'tags',
  'sourceUrl',
  'sourceTitle',
  'publishAt',
  'expiresAt',
  'place',
  'latitude',
  'longitude',
  'altitude',
  'canonicalPath',
  'slug',
] as const satisfies readonly (keyof Draft)[];

/** A draft with nothing in it yet: a public note, as no Persona in particular (the composer's first). */
export function newDraft(id: string, updatedAt: number, init: Partial<Draft> = {}): Draft {
  return {
    id,
    personaGuid: null,
    channelGuid: null,
    type: 'post.note',
    privacy: 'visibility.public',
    ...(Object.fromEntries(DRAFT_WRITTEN_FIELDS.map((field) => [field, ''])) as Record<
      (typeof DRAFT_WRITTEN_FIELDS)[number],
      string
    >),
    replyTo: null,
    editing: null,
    copyOf: null,
    alsoAs: [],
    editCopies: false,
    updatedAt,
    ...init,
  };
}

/** A draft's id: the page makes one (a UUID) when the person starts writing. */
const DRAFT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The end of 9999, in ms: any later time is not a clock's. */
const MAX_DRAFT_TIME = 253_402_300_799_999;

/**
 * What a person may keep of drafts, and each draft at most: far more than anyone keeps. A draft's text is
 * as long as a post's may be (one longer could not be published); the other fields are as long as the
 * post's fields they become, with room for what is typed but not yet valid.
 */
export const DRAFT_LIMITS = {
  /** Drafts of an account (removed ones apart). */
  count: 1000,
  /** Removed drafts remembered, so that a desk that still holds one learns it is gone, not that it is new. */
  removedKept: 1000,
  /** One draft, as JSON. */
  draftBytes: 512 * 1024,
  /** All the drafts of an archive together, as JSON: the count of drafts at their largest. */
  bytes: 1000 * 512 * 1024,
  textChars: LIMITS.textChars,
  /** Title, source title, place: as the post's. */
  lineChars: LIMITS.titleChars,
  /** Tags as typed, a comma list of at most LIMITS.tagsPerPost tags. */
  tagsChars: LIMITS.tagsPerPost * (LIMITS.tagChars + 2),
  /** A web address, a path, a time or coordinate as typed, a GUID. */
  fieldChars: LIMITS.pathChars,
  /** Where one draft may be published at once: a post as each of these Personas. */
  destinations: 10,
} as const;

const FIELD_BOUNDS: Partial<Record<keyof Draft, number>> = {
  text: DRAFT_LIMITS.textChars,
  title: DRAFT_LIMITS.lineChars,
  sourceTitle: DRAFT_LIMITS.lineChars,
  place: DRAFT_LIMITS.lineChars,
  tags: DRAFT_LIMITS.tagsChars,
};

/**
 * Why a draft cannot be kept, or null: a field longer than its bound, or the whole larger than a draft may
 * be. One rule for the route, the page (which says so as the person types) and an archive.
 */
export function draftTooLarge(draft: Draft): string | null {
  for (const [field, value] of Object.entries(draft)) {
    if (typeof value !== 'string') continue;
    const bound = FIELD_BOUNDS[field as keyof Draft] ?? DRAFT_LIMITS.fieldChars;
    if (value.length > bound && charCount(value) > bound) return `${field} must be at most ${bound} characters`;
  }
  if (new TextEncoder().encode(JSON.stringify(draft)).length > DRAFT_LIMITS.draftBytes) {
    return `a draft must be at most ${DRAFT_LIMITS.draftBytes} bytes as JSON`;
  }
  return null;
}

/** A draft as the instance keeps it: with the version each save raises. */
export const keptDraftAnswer = z.lazy(() =>
  draftSchema.unwrap().extend({
    version: z.number().int().positive(),
    /** When the instance saved it (unix seconds). */
    saved_unix: z.number().int(),
  }),
);
export type KeptDraft = z.infer<typeof keptDraftAnswer>;

/** `GET /api/drafts`: `since`, a cursor an earlier answer gave, for what changed after it (removals too). */
export const draftsInput = z.lazy(() =>
  z.object({
    since: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'since must be a cursor an earlier answer gave')
      .transform(Number)
      .optional(),
  }),
);
export type DraftsInput = z.infer<typeof draftsInput>;

/**
 * `GET /api/drafts`: the account's drafts, newest change first; with `since`, only those changed after it,
 * and the ids removed after it. `cursor`: what to ask `since` next time.
 */
export const draftsAnswer = z.lazy(() =>
  z.strictObject({
    drafts: z.array(keptDraftAnswer).max(DRAFT_LIMITS.count),
    removed: z
      .array(z.strictObject({ id: z.string(), version: z.number().int().positive() }))
      .max(DRAFT_LIMITS.removedKept),
    cursor: z.number().int().nonnegative(),
  }),
);
export type DraftsAnswer = z.infer<typeof draftsAnswer>;

/** A request variable's text as a draft's nullable field: '' or left out is none. */
const orNull = () =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s === '' ? null : s));

/** A field as typed; left out, nothing typed. */
const typed = () => z.string().default('');

/** A whole number as a request variable carries it. */
const wholeText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d{1,15}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be at most ${max}`);

/**
 * `POST /api/drafts`: a draft's fields (named as in the draft, a JSON body or a form), `version`, the version
 * of it the page last had from the instance (0 for a draft it never had from there), and `writer`.
 */
export const saveDraftInput = z.lazy(() =>
  draftSchema
    .unwrap()
    .extend({
      personaGuid: orNull(),
      channelGuid: orNull(),
      replyTo: orNull(),
      editing: orNull(),
      copyOf: orNull(),
      editCopies: z
        .enum(['true', 'false'], { error: 'editCopies must be true or false' })
        .optional()
        .transform((s) => s === 'true'),
      alsoAs: z
        .string()
        .optional()
        .transform((s) => [...new Set((s ?? '').split(',').map((t) => t.trim().toLowerCase()))].filter(Boolean))
        .refine((list) => list.length < DRAFT_LIMITS.destinations, {
          message: `alsoAs must name at most ${DRAFT_LIMITS.destinations - 1} Personas`,
        }),
      type: z.enum(POST_TYPES, { error: `type must be one of ${POST_TYPES.join(', ')}` }),
      privacy: z.enum(PRIVACIES, { error: `privacy must be one of ${PRIVACIES.join(', ')}` }),
      title: typed(),
      text: typed(),
      tags: typed(),
      sourceUrl: typed(),
      sourceTitle: typed(),
      publishAt: typed(),
      expiresAt: typed(),
      updatedAt: wholeText('updatedAt', MAX_DRAFT_TIME),
      version: wholeText('version', Number.MAX_SAFE_INTEGER),
      /** The saving page's own id: its saves follow one another, never made apart (store/drafts.ts). */
      writer: z
        .string()
        .regex(DRAFT_ID, 'writer must be 1 to 64 letters, digits, - or _')
        .optional()
        .transform((s) => s ?? ''),
    })
    .transform(({ version, writer, ...draft }): { draft: Draft; version: number; writer: string } => ({
      draft,
      version,
      writer,
    })),
);
export type SaveDraftInput = z.infer<typeof saveDraftInput>;

/**
 * What a save did: the draft as the instance now keeps it, and, when another page or desk had changed it
 * since the version named, the other change kept as a copy (`copyOf`), the later of the two being `draft`.
 */
export const savedDraftAnswer = z.lazy(() =>
  z.strictObject({ draft: keptDraftAnswer, copy: keptDraftAnswer.nullable() }),
);
export type SavedDraftAnswer = z.infer<typeof savedDraftAnswer>;

/** `DELETE /api/drafts/{id}`: `version`, the version the page would remove; left out, whatever is kept. */
export const removeDraftInput = z.lazy(() =>
  z.object({ version: wholeText('version', Number.MAX_SAFE_INTEGER).optional() }),
);
export type RemoveDraftInput = z.infer<typeof removeDraftInput>;

export const removedDraftAnswer = z.lazy(() =>
  z.strictObject({ id: z.string(), version: z.number().int().nonnegative(), removed: z.boolean() }),
);
export type RemovedDraftAnswer = z.infer<typeof removedDraftAnswer>;

/** Whether a path segment can be a draft's id. */
export const isDraftId = (s: string): boolean => DRAFT_ID.test(s);

/** The draft of a kept draft, without what the instance adds. */
export const draftOfKept = ({ version: _version, saved_unix: _saved, ...draft }: KeptDraft): Draft => draft;

/** A Persona's GUID, or a Persona's and a Channel's joined by a colon: where a copy of a draft is published. */
const DESTINATION = new RegExp(
  `^(${GUID_PATTERN.source.slice(1, -1)})(?::(${GUID_PATTERN.source.slice(1, -1)}))?$`,
  'i',
);

export interface Destination {
  persona_guid: string;
  /** The Persona's first writable Channel when left out. */
  channel_guid: string | undefined;
}

/**
 * `POST /api/drafts/{id}/publish`: the post's variables as `POST /api/posts/write` takes them for a new post,
 * `destinations` (a comma list of Persona GUIDs, each with `:` and a Channel GUID where it is not the
 * Persona's first; one post each; left out, the one `persona_guid` and `channel_guid` name), and `version`,
 * the version of the draft the page publishes (left out, whatever is kept).
 */
export const publishDraftInput = z.lazy(() =>
  writeInput
    .unwrap()
    .omit({ guid: true })
    .extend({
      destinations: z
        .string()
        .transform((s) => [...new Set(s.split(',').map((d) => d.trim().toLowerCase()))].filter(Boolean))
        .refine((list) => list.length >= 1 && list.length <= DRAFT_LIMITS.destinations, {
          message: `destinations must name 1 to ${DRAFT_LIMITS.destinations} Personas`,
        })
        .refine((list) => list.every((d) => DESTINATION.test(d)), {
          message: 'destinations must be Persona GUIDs, each with a colon and a Channel GUID where wanted',
        })
        .transform((list) =>
          list.map((d): Destination => {
            const [persona_guid = '', channel_guid] = d.split(':');
            return { persona_guid, channel_guid };
          }),
        )
        .refine((list) => new Set(list.map((d) => d.persona_guid)).size === list.length, {
          message: 'destinations must name each Persona once',
        })
        .optional(),
      version: wholeText('version', Number.MAX_SAFE_INTEGER).optional(),
    }),
);
export type PublishDraftInput = z.infer<typeof publishDraftInput>;
