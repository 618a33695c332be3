import { useEffect } from 'react';
import { create } from 'zustand';
import {
  draftOfKept,
  type Draft,
  type DraftsAnswer,
  type KeptDraft,
  type SavedDraftAnswer,
} from '../../src-shared/api/draft';
import { ErrorText } from '../../src-shared/api/errors';
import { isRemoteError } from '../../src-shared/client/errors';
import { isUnsent, readKept, updateKept, writerId, type Kept } from './draft-kept';
import { useDrafts } from './drafts';
import { clients } from './session';

/**
 * This page's drafts and the instance's, kept the same (docs/sync.md, "Drafts"). Every change made here is
 * sent within SAVE_WITHIN_MS, as the draft's next version; what other pages and desks change is read when
 * the event stream tells of it (and at start, and when the browser comes back online). Drafts this page
 * holds from before the instance kept them (an earlier release kept them in the page alone) are unsent
 * changes like any other, so the first start of this release moves them into the instance.
 */

/** A change is sent at most this long after it was made, however fast the person goes on typing. */
const SAVE_WITHIN_MS = 700;
/** After a failure to reach the instance, the next try waits this long, then longer, up to the last. */
const RETRY_MS = [2_000, 5_000, 15_000, 60_000] as const;

interface DraftSyncStore {
  /** Why the instance does not yet have this page's last changes (kept in this browser meanwhile); null when it does. */
  problem: string | null;
  /** Drafts the instance refused, by id, with why: not sent again until they change. */
  refused: Record<string, { updatedAt: number; reason: string }>;
}

export const useDraftSync = create<DraftSyncStore>(() => ({ problem: null, refused: {} }));

let cursor: number | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
/** The one run of sending or reading at a time, and whether another was asked for meanwhile. */
let running: Promise<void> | null = null;
let again: { full: boolean } | null = null;
/** While the shell is on screen (signed in): a retry after it went does nothing. */
let active = false;

/** Keeps the page's drafts and the instance's the same while the shell is on screen (it is only while signed in). */
export function useDraftsSynced(): void {
  useEffect(() => {
    const stop = useDrafts.subscribe((state, before) => {
      if (state.drafts !== before.drafts) schedule(SAVE_WITHIN_MS);
    });
    const online = () => void syncDrafts(true);
    window.addEventListener('online', online);
    active = true;
    void syncDrafts(true);
    return () => {
      active = false;
      stop();
      window.removeEventListener('online', online);
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
  }, []);
}

function schedule(delayMs: number): void {
  if (timer !== null || !active) return;
  timer = setTimeout(() => {
    timer = null;
    void syncDrafts(false);
  }, delayMs);
}

/**
 * Sends what changed here and reads what changed elsewhere; `full` reads every draft (at start, after the
 * event stream could not say what changed), otherwise only what changed after the last read.
 */
export function syncDrafts(full: boolean): Promise<void> {
  if (running) {
    again = { full: full || (again?.full ?? false) };
    return running;
  }
  running = (async () => {
    try {
      await read(full || cursor === null);
      await send();
      failures = 0;
      useDraftSync.setState({ problem: null });
    } catch (error) {
      useDraftSync.setState({ problem: problemOf(error) });
      schedule(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)] ?? SAVE_WITHIN_MS);
    } finally {
      running = null;
      if (again) {
        const next = again;
        again = null;
        void syncDrafts(next.full);
      }
    }
  })();
  return running;
}

/** Everything typed here is in the instance (before an archive is made of it); throws when it cannot be. */
export async function saveDraftsNow(): Promise<void> {
  await syncDrafts(false);
  const { problem } = useDraftSync.getState();
  if (problem !== null) throw new Error(problem);
}

function problemOf(error: unknown): string {
  if (isRemoteError(error) && (error.kind === 'offline' || error.kind === 'uncertain' || error.kind === 'server'))
    return 'The instance cannot be reached: drafts are kept in this browser and saved there once it can.';
  return `Drafts are kept in this browser, not yet in the instance: ${error instanceof Error ? error.message : String(error)}`;
}

/** Takes the instance's drafts: those this page has no unsent change of, as the instance has them. */
async function read(full: boolean): Promise<void> {
  const answer = await clients().desk.drafts(full ? undefined : (cursor ?? undefined));
  const { put, drop, kept } = taken(answer, full, useDrafts.getState().drafts, readKept());
  updateKept(() => kept);
  useDrafts.getState().fromInstance(put, drop);
  cursor = answer.cursor;
}

/**
 * What an answer of `GET /api/drafts` changes here, as a pure function of what the page holds: drafts to
 * take as the instance has them, ids to drop (removed elsewhere), and what the instance now keeps. A draft
 * with a change not yet sent is left alone: sending it settles it (store/drafts.ts keeps both texts).
 */
export function taken(
  answer: DraftsAnswer,
  full: boolean,
  held: readonly Draft[],
  kept: Kept,
): { put: Draft[]; drop: string[]; kept: Kept } {
  const local = new Map(held.map((d) => [d.id, d]));
  const next: Kept = { ...kept };
  const put: Draft[] = [];
  const drop: string[] = [];
  const unsent = (id: string) => {
    const draft = local.get(id);
    return draft !== undefined && isUnsent(draft, kept[id]);
  };
  for (const theirs of answer.drafts) {
    // Held at this version already, or removed here at it (the removal is on its way).
    if (unsent(theirs.id) || kept[theirs.id]?.version === theirs.version) continue;
    put.push(draftOfKept(theirs));
    next[theirs.id] = { version: theirs.version, updatedAt: theirs.updatedAt };
  }
  const onInstance = new Set(answer.drafts.map((d) => d.id));
  const removed = full
    ? Object.keys(kept).filter((id) => !onInstance.has(id))
    : answer.removed.map((r) => r.id).filter((id) => !onInstance.has(id));
  const forgotten = new Set(removed.filter((id) => !unsent(id)));
  drop.push(...[...forgotten].filter((id) => local.has(id)));
  return { put, drop, kept: Object.fromEntries(Object.entries(next).filter(([id]) => !forgotten.has(id))) };
}

/** Sends each change made here, then each removal. */
async function send(): Promise<void> {
  const { desk } = clients();
  const writer = writerId();
  // Read once: a save settled below changes only its own draft's entry (and its copy's, which is new).
  const keptBefore = readKept();
  for (const draft of useDrafts.getState().drafts) {
    const kept = keptBefore[draft.id];
    if (!isUnsent(draft, kept) || useDraftSync.getState().refused[draft.id]?.updatedAt === draft.updatedAt) continue;
    let saved: SavedDraftAnswer;
    try {
      saved = await desk.saveDraft({ ...wireOf(draft), version: kept?.version ?? 0, writer });
    } catch (error) {
      if (!refusedSave(draft, error)) throw error;
      continue;
    }
    settle(draft, saved);
  }
  const held = new Set(useDrafts.getState().drafts.map((d) => d.id));
  for (const [id, kept] of Object.entries(readKept())) {
    if (held.has(id)) continue;
    try {
      await desk.removeDraft(id, kept.version);
    } catch (error) {
      // Changed elsewhere since this page read it: it comes back with that change at the next read.
      if (isRemoteError(error) && error.status === 409) {
        updateKept((all) => ({ ...all, [id]: { version: 0, updatedAt: -1 } }));
        continue;
      }
      throw error;
    }
    updateKept(({ [id]: _gone, ...rest }) => rest);
  }
}

/** A draft as request variables: a field that is none (null) is left out, which the route reads as none. */
const wireOf = (draft: Draft): Record<keyof Draft, string | number | readonly string[] | undefined> =>
  Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value ?? undefined])) as Record<
    keyof Draft,
    string | number | readonly string[] | undefined
  >;

/**
 * Takes the answer to a save of `sent`. When the instance kept another change as the later one, this page
 * takes it, and what was typed here goes on in the copy the instance made of it.
 */
function settle(sent: Draft, saved: SavedDraftAnswer): void {
  const mark = (d: KeptDraft) => ({ version: d.version, updatedAt: d.updatedAt });
  const ours = saved.draft.updatedAt === sent.updatedAt && saved.draft.id === sent.id;
  if (ours) {
    updateKept((kept) => ({
      ...kept,
      [sent.id]: mark(saved.draft),
      ...(saved.copy ? { [saved.copy.id]: mark(saved.copy) } : {}),
    }));
    useDrafts.getState().fromInstance(saved.copy ? [draftOfKept(saved.copy)] : [], []);
    return;
  }
  const now = useDrafts.getState().drafts.find((d) => d.id === sent.id) ?? sent;
  const put = [draftOfKept(saved.draft)];
  if (saved.copy) put.push({ ...now, id: saved.copy.id, copyOf: sent.id });
  updateKept((kept) => ({
    ...kept,
    [sent.id]: mark(saved.draft),
    ...(saved.copy ? { [saved.copy.id]: mark(saved.copy) } : {}),
  }));
  useDrafts.getState().fromInstance(put, []);
}

/**
 * A save the instance refused for what the draft is: one naming a Persona or Channel it no longer has is
 * sent again without them (the composer offers the first); one too large, or one too many, stays in this
 * browser with the reason shown. Answers false for any other failure.
 */
function refusedSave(draft: Draft, error: unknown): boolean {
  if (!isRemoteError(error) || error.kind !== 'rejected') return false;
  if (error.remoteText === ErrorText.invalidPersona || error.remoteText === ErrorText.invalidChannel) {
    const field = error.remoteText === ErrorText.invalidPersona ? 'personaGuid' : 'channelGuid';
    useDrafts.getState().change(draft.id, { [field]: null });
    return true;
  }
  if (error.remoteText === ErrorText.draftVersionAhead) {
    // The instance holds an older store than the one this page last saw (a restore): saved as new, both texts kept.
    updateKept(({ [draft.id]: _gone, ...rest }) => rest);
    return true;
  }
  const reason = error.remoteText ?? error.message;
  useDraftSync.setState(({ refused }) => ({
    refused: { ...refused, [draft.id]: { updatedAt: draft.updatedAt, reason } },
  }));
  return true;
}
