import { DRAFT_LIMITS, newDraft, type Draft } from '../api/draft';
import type { PublishingDb } from './db';
import type { DraftRow } from './rows';

/**
 * Drafts as the instance keeps them (api/draft.ts). Every save raises the draft's version and gives it the
 * next `seq`, the order of all draft changes, so that a page or desk asks for what changed after the last
 * `seq` it saw. A save names the version it was made from: the instance tells a change made from an older
 * version (another page or desk changed the draft in between) and keeps both texts, never one over the other.
 */

const LAST = Number.MAX_SAFE_INTEGER;

/** The account's drafts, kept (`gone` 0) or removed (1), changed after `since`. */
const changedAfter = (db: PublishingDb, accountGuid: string, gone: 0 | 1, since: number) =>
  db.drafts
    .where('[accountGuid+gone+seq]')
    .between([accountGuid, gone, since + 1], [accountGuid, gone, LAST], true, true);

export interface DraftList {
  /** Newest change first. */
  drafts: DraftRow[];
  removed: DraftRow[];
  /** The last change of any draft: what to ask after next time. */
  cursor: number;
}

/**
 * The account's drafts; with `since`, only those changed after it, and those removed after it. One read
 * transaction, so that no change falls between what is listed and the cursor answered.
 */
export function listDrafts(db: PublishingDb, accountGuid: string, since?: number): Promise<DraftList> {
  return db.transaction('r', db.drafts, async () => {
    const drafts = await changedAfter(db, accountGuid, 0, since ?? 0).toArray();
    const removed = since === undefined ? [] : await changedAfter(db, accountGuid, 1, since).toArray();
    return {
      drafts: drafts.sort((a, b) => b.updatedAt - a.updatedAt || b.seq - a.seq),
      removed,
      cursor: await lastSeq(db),
    };
  });
}

/** The last draft change of any account: what a cursor says when it has seen every one. */
export const lastSeq = async (db: PublishingDb): Promise<number> => (await db.drafts.orderBy('seq').last())?.seq ?? 0;

/** Why a save or removal was not made. */
export interface DraftRefused {
  /** `too-many`: the account keeps DRAFT_LIMITS.count; `ahead`: the version named is none the instance gave; `changed`: a removal of a version since changed. */
  refused: 'too-many' | 'ahead' | 'changed';
}

export interface DraftSaved {
  draft: DraftRow;
  /** The other of two changes made apart, kept as a draft of its own (`copyOf`); null when there were not two. */
  copy: DraftRow | null;
}

/** What a person wrote in a draft, and for what: two drafts that say the same are one change, not two. */
const sameWords = (a: Draft, b: Draft): boolean => {
  const { id: _a, updatedAt: _at, copyOf: _c, ...left } = a;
  const { id: _b, updatedAt: _bt, copyOf: _d, ...right } = b;
  return (Object.keys(left) as (keyof typeof left)[]).every(
    (key) => JSON.stringify(left[key]) === JSON.stringify(right[key]),
  );
};

/** The draft fields of a row. */
export function draftOf(row: DraftRow): Draft {
  const {
    accountGuid: _account,
    version: _version,
    seq: _seq,
    savedUnix: _saved,
    gone: _gone,
    writer: _writer,
    ...draft
  } = row;
  return draft;
}

export interface DraftSave {
  accountGuid: string;
  draft: Draft;
  /** The version the change was made from: 0 for a draft the writer never had from the instance. */
  version: number;
  /** Who saves (a page's own id): a save from the writer of the version kept is not a change made apart. */
  writer: string;
  nowUnix: number;
}

/**
 * Keeps a draft. Made from the version kept, from a removed or unknown draft, by the named writer of the
 * version kept, or saying what that says, it is the draft's next version. Made from an older version, the
 * later of the two changes (by `updatedAt`) keeps the draft and the other is kept as a copy: no text is lost.
 */
export function saveDraft(db: PublishingDb, save: DraftSave): Promise<DraftSaved | DraftRefused> {
  return db.transaction('rw', db.drafts, async () => {
    const { accountGuid, draft, version, writer, nowUnix } = save;
    const stored = await db.drafts.get([accountGuid, draft.id]);
    if (stored && version > stored.version) return { refused: 'ahead' };
    const kept = stored?.gone === 0 ? stored : undefined;
    let seq = await lastSeq(db);
    const row = (fields: Draft, at: number): DraftRow => ({
      ...fields,
      accountGuid,
      version: at,
      seq: ++seq,
      savedUnix: nowUnix,
      gone: 0,
      writer,
    });
    if (
      !kept ||
      version === kept.version ||
      (writer !== '' && kept.writer === writer) ||
      sameWords(draftOf(kept), draft)
    ) {
      if (!kept && (await changedAfter(db, accountGuid, 0, 0).count()) >= DRAFT_LIMITS.count) {
        return { refused: 'too-many' };
      }
      const next = row(draft, (stored?.version ?? 0) + 1);
      await db.drafts.put(next);
      return { draft: next, copy: null };
    }
    if ((await changedAfter(db, accountGuid, 0, 0).count()) >= DRAFT_LIMITS.count) return { refused: 'too-many' };
    const incomingLater = draft.updatedAt >= kept.updatedAt;
    const earlier = incomingLater ? draftOf(kept) : draft;
    const copy = row({ ...earlier, id: globalThis.crypto.randomUUID(), copyOf: draft.id }, 1);
    const winner = incomingLater ? row(draft, kept.version + 1) : kept;
    await db.drafts.bulkPut(incomingLater ? [winner, copy] : [copy]);
    return { draft: winner, copy };
  });
}

/** A removed draft: nothing written is kept, only where it stands. */
const emptied = (row: DraftRow): DraftRow => ({
  ...row,
  ...newDraft(row.id, row.updatedAt, { type: row.type, privacy: row.privacy }),
});

export interface DraftRemoval {
  /** The draft's version now (the removal's), 0 for one never kept here. */
  version: number;
  /** False when it was removed already, or never kept. */
  removed: boolean;
}

/**
 * Removes a draft; with `version`, only if that is the version kept (a page that read an older one would
 * remove text it never saw). Only the newest DRAFT_LIMITS.removedKept removals are remembered.
 */
export function removeDraft(
  db: PublishingDb,
  accountGuid: string,
  id: string,
  version: number | undefined,
  nowUnix: number,
): Promise<DraftRemoval | DraftRefused> {
  return db.transaction('rw', db.drafts, async () => {
    const stored = await db.drafts.get([accountGuid, id]);
    if (!stored) return { version: 0, removed: false };
    if (version !== undefined && version > stored.version) return { refused: 'ahead' };
    if (stored.gone === 1) return { version: stored.version, removed: false };
    if (version !== undefined && version < stored.version) return { refused: 'changed' };
    const gone: DraftRow = {
      ...emptied(stored),
      version: stored.version + 1,
      seq: (await lastSeq(db)) + 1,
      savedUnix: nowUnix,
      gone: 1,
    };
    await db.drafts.put(gone);
    const removed = changedAfter(db, accountGuid, 1, 0);
    const excess = (await removed.count()) - DRAFT_LIMITS.removedKept;
    if (excess > 0) await db.drafts.bulkDelete(await removed.limit(excess).primaryKeys());
    return { version: gone.version, removed: true };
  });
}

/**
 * Rows for drafts that come whole from elsewhere (an archive, a page's drafts a restore kept before drafts
 * were the instance's), numbered from `afterSeq`.
 */
export const importedDraftRows = (
  accountGuid: string,
  drafts: readonly Draft[],
  afterSeq: number,
  nowUnix: number,
): DraftRow[] =>
  drafts.map((draft, i) => ({
    ...draft,
    accountGuid,
    version: 1,
    seq: afterSeq + i + 1,
    savedUnix: nowUnix,
    gone: 0,
    writer: '',
  }));

/** Keeps drafts from an archive for the account, beside those it has (none, in the store a restore writes). */
export async function keepImportedDrafts(
  db: PublishingDb,
  accountGuid: string,
  drafts: readonly Draft[],
  nowUnix: number,
): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    await db.drafts.bulkPut(importedDraftRows(accountGuid, drafts, await lastSeq(db), nowUnix));
  });
}
