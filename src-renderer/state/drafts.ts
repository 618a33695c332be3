import { z } from 'zod';
import { create } from 'zustand';
import { DRAFT_WRITTEN_FIELDS, draftSchema, newDraft, type Draft } from '../../src-shared/api/draft';
import { DEFAULT_PRIVACY, isInstancePostType, isPrivacy } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';

/**
 * Drafts as this page holds them. The instance keeps them (`/api/drafts`: draft-sync.ts sends every change
 * there within a second and brings others' changes here); the page keeps its own copy in localStorage, saved
 * on every change (each keystroke is one synchronous write), so that typing goes on while the instance
 * cannot be reached, and a reload or a crash of the page loses at most the keystroke being typed. A draft
 * exists from the first change
 * that puts something in it: opening the composer makes none, and a draft emptied again is removed. They
 * are read back through a schema: storage is a boundary (another version of the page, or a person, may
 * have left anything there), and one unreadable draft must not cost the others.
 *
 * Tabs of one browser share the storage. Every write reads it first and keeps, for each draft, the newest
 * version of the two (by `updatedAt`); a removal leaves a dated mark, so that a tab that still holds the
 * draft does not bring it back, unless it changed it after the removal. The `storage` event brings another
 * tab's changes into this one as they happen.
 */
export const DRAFTS_KEY = 'desk.drafts.v1';
/** Draft id to the time it was removed (ms): what keeps a removal from being undone by another tab's write. */
export const GONE_KEY = 'desk.drafts.gone.v1';
/** Marks older than the newest this many are dropped: a tab that has been away that long reloads anyway. */
const GONE_KEPT = 500;

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

const goneSchema = z.lazy(() => z.record(z.string(), z.number()));
export type Gone = z.infer<typeof goneSchema>;

function readGone(storage: Storage = localStorage): Gone {
  try {
    const parsed = goneSchema.safeParse(JSON.parse(storage.getItem(GONE_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The newest marks, at most GONE_KEPT of them. */
function boundGone(gone: Gone): Gone {
  const entries = Object.entries(gone);
  return entries.length <= GONE_KEPT
    ? gone
    : Object.fromEntries(entries.sort((a, b) => b[1] - a[1]).slice(0, GONE_KEPT));
}

/**
 * Two tabs' lists as one: each draft in its newest version, newest change first; a draft removed at or
 * after its last change stays removed.
 */
export function mergeDrafts(mine: readonly Draft[], theirs: readonly Draft[], gone: Gone): Draft[] {
  const byId = new Map<string, Draft>();
  for (const draft of [...mine, ...theirs]) {
    const held = byId.get(draft.id);
    if (!held || draft.updatedAt > held.updatedAt) byId.set(draft.id, draft);
  }
  return [...byId.values()]
    .filter((d) => (gone[d.id] ?? -Infinity) < d.updatedAt)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

function writeDrafts(drafts: readonly Draft[], gone: Gone): string | null {
  try {
    localStorage.setItem(GONE_KEY, JSON.stringify(gone));
    localStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
    return null;
  } catch {
    return 'Drafts cannot be saved in this browser (storage is full or switched off).';
  }
}

/** What a post says, as a draft's fields: for an edit of it, or to take it back into Drafts. */
export function wordsOf(post: RemotePost): Partial<Draft> {
  return {
    personaGuid: post.persona.guid,
    channelGuid: post.channel_guid,
    type: isInstancePostType(post.type) ? post.type : 'post.note',
    title: post.title ?? '',
    text: post.text,
    tags: post.tags.join(', '),
    sourceUrl: post.source?.url ?? '',
    sourceTitle: post.source?.title ?? '',
    privacy: isPrivacy(post.privacy) ? post.privacy : DEFAULT_PRIVACY,
  };
}

export const blankDraft = (init: Partial<Draft> = {}): Draft =>
  newDraft(globalThis.crypto.randomUUID(), Date.now(), init);

/**
 * Whether a draft is listed with the current Persona's: it names it, or names none or one no longer here (a
 * draft restored, or begun before a Persona was removed), which the composer then writes as the current one.
 */
export const isDraftOf = (draft: Draft, currentGuid: string | null, personaGuids: readonly string[]): boolean =>
  draft.personaGuid === currentGuid || draft.personaGuid === null || !personaGuids.includes(draft.personaGuid);

/** Nothing written: every field a person writes in is blank (a kind or privacy chosen alone is not a draft). */
export const isEmptyDraft = (d: Draft): boolean => DRAFT_WRITTEN_FIELDS.every((field) => d[field].trim() === '');

/** What a person changes in a draft: all but its id and time. */
const content = ({ id: _id, updatedAt: _at, ...rest }: Draft): string => JSON.stringify(rest);

/**
 * Whether a draft is worth keeping: a new post or reply once something is written in it; an edit once it
 * differs from the post as it was opened (`opened`; unknown after a reload, when it is kept as it is).
 */
export function isWorthKeeping(draft: Draft, opened: Draft | undefined): boolean {
  if (draft.editing === null) return !isEmptyDraft(draft);
  return opened === undefined || content(draft) !== content(opened);
}

interface DraftsStore {
  /** The kept drafts: in storage and in the Drafts list. */
  drafts: Draft[];
  /** Drafts open in a composer with nothing worth keeping yet: shown there, neither stored nor listed. */
  unsaved: Record<string, Draft>;
  /** Each open draft as it was opened: an edit changed back to it is no draft any more. */
  opened: Record<string, Draft>;
  saveError: string | null;
  /** Opens a new draft for writing: it is kept from its first change that makes it worth keeping. */
  open: (draft: Draft) => void;
  /** Keeps a draft as it is (an undone deletion). */
  add: (draft: Draft) => void;
  change: (id: string, patch: Partial<Omit<Draft, 'id'>>) => void;
  remove: (id: string) => void;
  /** The composer closed: an unsaved draft is forgotten, a kept one stays. */
  close: (id: string) => void;
  /** Reads storage again (another tab wrote). */
  reload: () => void;
  /**
   * Takes what the instance keeps (draft-sync.ts): `put` as the instance has them, whatever this page held
   * of them, and `drop` removed, as another page or desk removed them.
   */
  fromInstance: (put: readonly Draft[], drop: readonly string[]) => void;
}

/** A kept draft, or one open with nothing in it yet: what a composer shows. */
export const findDraft = (s: Pick<DraftsStore, 'drafts' | 'unsaved'>, id: string): Draft | undefined =>
  s.drafts.find((d) => d.id === id) ?? s.unsaved[id];

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _gone, ...rest } = record;
  return rest;
};

export const useDrafts = create<DraftsStore>((set, get) => {
  /** Storage and this tab's list merged, `edit` applied, written back; `gone` marks what `edit` removed. */
  const commit = (edit: (drafts: Draft[], gone: Gone) => Draft[], marks: { remove?: string; keep?: string } = {}) => {
    const stored = readGone();
    const gone = boundGone({
      ...(marks.keep === undefined ? stored : without(stored, marks.keep)),
      ...(marks.remove === undefined ? {} : { [marks.remove]: Date.now() }),
    });
    const drafts = edit(mergeDrafts(get().drafts, readDrafts(), gone), gone);
    set({ drafts, saveError: writeDrafts(drafts, gone) });
  };
  const upsert = (draft: Draft) => (drafts: Draft[]) => [draft, ...drafts.filter((d) => d.id !== draft.id)];
  return {
    drafts: typeof localStorage === 'undefined' ? [] : mergeDrafts([], readDrafts(), readGone()),
    unsaved: {},
    opened: {},
    saveError: null,
    open: (draft) => {
      // A kept draft opened again stays kept: it is no longer compared with what it was opened as.
      if (get().drafts.some((d) => d.id === draft.id)) return;
      set({ opened: { ...get().opened, [draft.id]: draft }, unsaved: { ...get().unsaved, [draft.id]: draft } });
    },
    add: (draft) => commit(upsert(draft), { keep: draft.id }),
    change: (id, patch) => {
      const current = findDraft(get(), id);
      if (!current) return;
      const next = { ...current, ...patch, updatedAt: Date.now() };
      if (isWorthKeeping(next, get().opened[id])) {
        set({ unsaved: without(get().unsaved, id) });
        commit(upsert(next), { keep: id });
      } else {
        set({ unsaved: { ...get().unsaved, [id]: next } });
        if (get().drafts.some((d) => d.id === id))
          commit((drafts) => drafts.filter((d) => d.id !== id), { remove: id });
      }
    },
    remove: (id) => {
      set({ unsaved: without(get().unsaved, id), opened: without(get().opened, id) });
      commit((drafts) => drafts.filter((d) => d.id !== id), { remove: id });
    },
    close: (id) => set({ unsaved: without(get().unsaved, id), opened: without(get().opened, id) }),
    reload: () => set({ drafts: mergeDrafts(get().drafts, readDrafts(), readGone()) }),
    fromInstance: (put, drop) => {
      if (put.length === 0 && drop.length === 0) return;
      const ids = new Set([...put.map((d) => d.id), ...drop]);
      const stored = readGone();
      const gone = boundGone({
        ...Object.fromEntries(Object.entries(stored).filter(([id]) => !ids.has(id))),
        ...Object.fromEntries(drop.map((id) => [id, Date.now()])),
      });
      const drafts = [...put, ...mergeDrafts(get().drafts, readDrafts(), gone).filter((d) => !ids.has(d.id))].sort(
        (a, b) => b.updatedAt - a.updatedAt,
      );
      set({ drafts, saveError: writeDrafts(drafts, gone) });
    },
  };
});

// Another tab's change, as it happens (the event fires in every other tab of the same origin).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === DRAFTS_KEY || event.key === GONE_KEY) useDrafts.getState().reload();
  });
}
