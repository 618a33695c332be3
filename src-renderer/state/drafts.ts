import { z } from 'zod';
import { create } from 'zustand';
import { POST_TYPES, PRIVACIES } from '../../src-shared/api/vocabulary';

/**
 * Drafts, saved in localStorage on every change so that a reload or a crash loses nothing. They are read
 * back through a schema: storage is a boundary (another version of the page, or a person, may have left
 * anything there), and one unreadable draft must not cost the others.
 */
export const draftSchema = z.object({
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
});
export type Draft = z.infer<typeof draftSchema>;

export const DRAFTS_KEY = 'desk.drafts.v1';

export function readDrafts(storage: Storage = localStorage): Draft[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(DRAFTS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    const parsed = draftSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function writeDrafts(drafts: readonly Draft[]): string | null {
  try {
    localStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
    return null;
  } catch {
    return 'Drafts cannot be saved in this browser (storage is full or switched off).';
  }
}

export function blankDraft(init: Partial<Draft> = {}): Draft {
  return {
    id: globalThis.crypto.randomUUID(),
    personaGuid: null,
    channelGuid: null,
    type: 'post.note',
    title: '',
    text: '',
    tags: '',
    sourceUrl: '',
    sourceTitle: '',
    privacy: 'visibility.public',
    publishAt: '',
    expiresAt: '',
    place: '',
    latitude: '',
    longitude: '',
    altitude: '',
    canonicalPath: '',
    slug: '',
    replyTo: null,
    editing: null,
    updatedAt: Date.now(),
    ...init,
  };
}

/** A draft with nothing written in it is not worth keeping. */
export const isEmptyDraft = (d: Draft): boolean => d.text.trim() === '' && d.title.trim() === '' && d.sourceUrl.trim() === '';

interface DraftsStore {
  drafts: Draft[];
  saveError: string | null;
  add: (draft: Draft) => void;
  change: (id: string, patch: Partial<Omit<Draft, 'id'>>) => void;
  remove: (id: string) => void;
  /** Reads storage again (another tab may have written). */
  reload: () => void;
}

export const useDrafts = create<DraftsStore>((set, get) => {
  const save = (drafts: Draft[]) => set({ drafts, saveError: writeDrafts(drafts) });
  return {
    drafts: typeof localStorage === 'undefined' ? [] : readDrafts(),
    saveError: null,
    add: (draft) => save([draft, ...get().drafts.filter((d) => d.id !== draft.id)]),
    change: (id, patch) => save(get().drafts.map((d) => (d.id === id ? { ...d, ...patch, updatedAt: Date.now() } : d))),
    remove: (id) => save(get().drafts.filter((d) => d.id !== id)),
    reload: () => set({ drafts: readDrafts() }),
  };
});
