import { DRAFT_LIMITS, draftOfKept, draftTooLarge, type Draft, type KeptDraft } from '../api/draft';
import { isRemoteError } from '../client/errors';
import { ownerAccount } from '../store/bootstrap';
import type { PublishingDb } from '../store/db';
import {
  draftOf,
  lastSeq,
  listDrafts,
  removeDraft,
  saveDraft,
  type DraftRefused,
  type DraftSaved,
} from '../store/drafts';
import type { DraftRow } from '../store/rows';
import type { DraftLinkRow, RemoteRow } from '../store/sync-rows';
import type { RemoteDrafts } from './connection';
import { EXCHANGE_EVERY_SECONDS } from './reading-places';

/**
 * The drafts of this desk's owner and those of the account on a remote of this project (api/draft.ts), made
 * the same at every cycle: what changed there since the last exchange is saved here, then what changed here
 * is saved there, each as the next version of the version last the same on both (DraftLinkRow). A draft
 * changed on both sides apart is kept twice, on both, by the rules of a save (store/drafts.ts): the later
 * keeps it, the other becomes a copy. A removal is made on the other side unless the draft changed there
 * since, when it comes back instead: no text is lost for a removal made elsewhere.
 *
 * A draft names Personas and Channels by GUID. Those linked to the remote are the same GUIDs there; one of
 * this desk's own the remote cannot name, so it goes there without it and keeps it here.
 *
 * Not at every poll, so that an idle one stays as it was: when a draft changed here since the last exchange,
 * at a Sync Now, and every EXCHANGE_EVERY_SECONDS otherwise (as reading places). Answers whether it was made.
 */
export async function exchangeDrafts(
  db: PublishingDb,
  input: { remote: RemoteRow; drafts: RemoteDrafts; now: number; manual: boolean; lastUnix: number | null },
): Promise<boolean> {
  const owner = await ownerAccount(db);
  if (!owner) return false;
  const { remote, drafts: there, now } = input;
  const cursor = await db.draftCursors.get(remote.guid);
  const changedHere = (await lastSeq(db)) > (cursor?.hereSeq ?? 0);
  const due = input.manual || input.lastUnix === null || changedHere || now - input.lastUnix >= EXCHANGE_EVERY_SECONDS;
  if (!due) return false;
  const shared = await sharedTargets(db, owner.guid, remote.guid);
  const links = new Map((await linksOf(db, remote.guid)).map((link) => [link.draftId, link]));
  // This desk, to the remote's store; and the remote, to this one's: saves that follow one another are no conflict.
  const writer = remote.guid;
  const note = async (draftId: string, hereVersion: number, thereVersion: number) => {
    const link: DraftLinkRow = { remoteGuid: remote.guid, draftId, hereVersion, thereVersion };
    links.set(draftId, link);
    await db.draftLinks.put(link);
  };
  /** Saves a draft of the remote's here, from `version` (0: as a new one). */
  const keepHere = async (kept: KeptDraft, version: number): Promise<DraftSaved | DraftRefused> => {
    const here = await db.drafts.get([owner.guid, kept.id]);
    const draft = inward(draftOfKept(kept), here, shared);
    const save = { accountGuid: owner.guid, draft, version, writer, nowUnix: now };
    const saved = await saveDraft(db, save);
    // This store went back (a restore) past the version last exchanged: as a new change, both texts kept.
    return 'refused' in saved && saved.refused === 'ahead' ? saveDraft(db, { ...save, version: 0 }) : saved;
  };

  const theirs = await there.list(cursor?.thereCursor ?? undefined);
  for (const kept of theirs.drafts) {
    const link = links.get(kept.id);
    // As last exchanged: this desk's own change, read back.
    if (link?.thereVersion === kept.version || draftTooLarge(draftOfKept(kept)) !== null) continue;
    const before = await db.drafts.get([owner.guid, kept.id]);
    const saved = await keepHere(kept, link?.hereVersion ?? 0);
    if ('refused' in saved) continue;
    // Taken here; or this desk's later change kept the draft and theirs is a copy here: sent below.
    const taken = before?.gone !== 0 || saved.draft.version !== before.version;
    await note(kept.id, taken ? saved.draft.version : (link?.hereVersion ?? 0), kept.version);
  }
  for (const gone of theirs.removed) {
    const link = links.get(gone.id);
    if (!link || link.thereVersion === gone.version) continue;
    const here = await db.drafts.get([owner.guid, gone.id]);
    // Changed here since it was last the same: it stays, and is saved there again below.
    if (here?.gone === 0 && here.version !== link.hereVersion) {
      await note(gone.id, link.hereVersion, gone.version);
      continue;
    }
    const removed = here?.gone === 0 ? await removeDraft(db, owner.guid, gone.id, here.version, now) : null;
    await note(gone.id, removed && !('refused' in removed) ? removed.version : link.hereVersion, gone.version);
  }

  const ours = await listDrafts(db, owner.guid, cursor?.hereSeq ?? 0);
  for (const row of ours.drafts) {
    const link = links.get(row.id);
    if (link?.hereVersion === row.version) continue;
    const saved = await sentThere(there, outward(draftOf(row), shared), link?.thereVersion ?? 0, writer);
    if (saved === null) continue;
    if (saved.draft.updatedAt === row.updatedAt) {
      await note(row.id, row.version, saved.draft.version);
    } else {
      // The remote's change was the later: it keeps the draft here too, and this desk's is the copy.
      const here = await keepHere(saved.draft, row.version);
      if (!('refused' in here)) await note(row.id, here.draft.version, saved.draft.version);
    }
    if (saved.copy) {
      const copy = await keepHere(saved.copy, 0);
      if (!('refused' in copy)) await note(saved.copy.id, copy.draft.version, saved.copy.version);
    }
  }
  for (const row of ours.removed) {
    const link = links.get(row.id);
    if (!link || link.hereVersion === row.version) continue;
    try {
      const removed = await there.remove(row.id, link.thereVersion);
      await note(row.id, row.version, removed.version);
    } catch (error) {
      // Changed there since: the next exchange brings that change here.
      if (!(isRemoteError(error) && error.status === 409)) throw error;
    }
  }
  await db.draftCursors.put({ remoteGuid: remote.guid, thereCursor: theirs.cursor, hereSeq: ours.cursor });
  await forgetStaleLinks(db, owner.guid, remote.guid, links);
  return true;
}

/**
 * Saves a draft there from `version`; null when the remote refuses it for what it is (too large or too many
 * for it: it stays here, and is tried again at its next change). Refused from a version, it is sent once more
 * as a new change: the remote may no longer have that version (it went back, a restore), and what else it
 * refuses it refuses again.
 */
async function sentThere(
  there: RemoteDrafts,
  draft: Draft,
  version: number,
  writer: string,
): Promise<Awaited<ReturnType<RemoteDrafts['save']>> | null> {
  try {
    return await there.save(draft, version, writer);
  } catch (error) {
    if (!isRemoteError(error) || error.kind !== 'rejected') throw error;
    if (error.status === 400 && version !== 0) return sentThere(there, draft, 0, writer);
    return null;
  }
}

interface Shared {
  personas: ReadonlySet<string>;
  channels: ReadonlySet<string>;
}

/** The owner's Personas and Channels linked to the remote: the same GUIDs there. */
async function sharedTargets(db: PublishingDb, ownerGuid: string, remoteGuid: string): Promise<Shared> {
  const linked = (rows: readonly { guid: string; accountGuid: string; remoteGuid?: string | null | undefined }[]) =>
    new Set(rows.filter((row) => row.accountGuid === ownerGuid && row.remoteGuid === remoteGuid).map((r) => r.guid));
  return { personas: linked(await db.personas.toArray()), channels: linked(await db.channels.toArray()) };
}

/** A draft as the remote may hold it: naming only what it shares with this desk. */
const outward = (draft: Draft, shared: Shared): Draft => ({
  ...draft,
  personaGuid: draft.personaGuid !== null && shared.personas.has(draft.personaGuid) ? draft.personaGuid : null,
  channelGuid: draft.channelGuid !== null && shared.channels.has(draft.channelGuid) ? draft.channelGuid : null,
  alsoAs: draft.alsoAs.filter((guid) => shared.personas.has(guid)),
});

/**
 * A draft of the remote's, here: what it names that both share, or else what this desk's copy names that
 * the remote cannot (one of this desk's own), or none.
 */
function inward(draft: Draft, here: DraftRow | undefined, shared: Shared): Draft {
  const pick = (theirs: string | null, mine: string | null | undefined, both: ReadonlySet<string>) =>
    theirs !== null && both.has(theirs) ? theirs : mine && !both.has(mine) ? mine : null;
  return {
    ...draft,
    personaGuid: pick(draft.personaGuid, here?.personaGuid, shared.personas),
    channelGuid: pick(draft.channelGuid, here?.channelGuid, shared.channels),
    alsoAs: [
      ...draft.alsoAs.filter((guid) => shared.personas.has(guid)),
      ...(here?.alsoAs ?? []).filter((guid) => !shared.personas.has(guid)),
    ],
  };
}

const linksOf = (db: PublishingDb, remoteGuid: string) =>
  db.draftLinks.where('[remoteGuid+draftId]').between([remoteGuid, ''], [remoteGuid, '\uffff']).toArray();

/** Links of drafts this store no longer holds at all (a removal forgotten), once there are more than it can hold. */
async function forgetStaleLinks(
  db: PublishingDb,
  ownerGuid: string,
  remoteGuid: string,
  links: ReadonlyMap<string, DraftLinkRow>,
): Promise<void> {
  if (links.size <= DRAFT_LIMITS.count + DRAFT_LIMITS.removedKept) return;
  const held = new Set(
    (await db.drafts.where('[accountGuid+id]').between([ownerGuid, ''], [ownerGuid, '\uffff']).primaryKeys()).map(
      ([, id]) => id,
    ),
  );
  const stale = [...links.keys()].filter((id) => !held.has(id));
  await db.draftLinks.bulkDelete(stale.map((id): [string, string] => [remoteGuid, id]));
}
