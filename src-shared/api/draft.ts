import { z } from 'zod';
import { POST_TYPES, PRIVACIES } from './vocabulary';

/**
 * A draft as the page keeps it (in localStorage: src-renderer/state/drafts.ts), and as an archive carries it
 * (`data/drafts.jsonl`, docs/archive.md): one schema, so that what the page saves the archive takes and
 * gives back. Drafts are the page's, not the store's: the service holds them only between a restore and
 * the page's next start (`/api/account/restored-drafts`).
 */
export const draftSchema = z.lazy(() =>
  z.object({
    id: z.string().min(1),
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
    /** GUID of the post replied to. */
    replyTo: z.string().nullable(),
    /** GUID of the post this draft edits; null for a new post. */
    editing: z.string().nullable(),
    updatedAt: z.number(),
  }),
);
export type Draft = z.infer<typeof draftSchema>;

/**
 * What an export request, an archive or a restore carries of drafts at most: far more than a person keeps
 * (the page holds them all in one localStorage entry, which browsers cap at a few MB).
 */
export const DRAFT_LIMITS = {
  count: 1000,
  /** Of all the drafts together, as JSON. */
  bytes: 32 * 1024 * 1024,
} as const;

/** `GET /api/account/restored-drafts` (extension): the drafts a restore brought back, for the page to take. */
export const restoredDraftsAnswer = z.lazy(() => z.array(draftSchema));

/** `DELETE /api/account/restored-drafts`: how many were waiting (the page took them). */
export const restoredDraftsClearedAnswer = z.lazy(() => z.object({ cleared: z.number().int().nonnegative() }));
export type RestoredDraftsCleared = z.infer<typeof restoredDraftsClearedAnswer>;
