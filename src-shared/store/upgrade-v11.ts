import type { Transaction } from 'dexie';
import { z } from 'zod';
import { DRAFT_LIMITS, draftSchema, type Draft } from '../api/draft';
import { importedDraftRows } from './drafts';
import type { AccountRow, SettingRow } from './rows';

/**
 * The settings key under which a restore of an earlier version left the archive's drafts for the page to
 * take (drafts were then the page's alone).
 */
export const RESTORED_DRAFTS_V10 = 'restoredDrafts';

const waitingSchema = z.array(z.unknown()).max(DRAFT_LIMITS.count);

/** The drafts a restore left waiting, each read through the schema: an unreadable one is left out, not the others. */
function waitingDrafts(row: SettingRow | undefined): Draft[] {
  if (!row) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(row.value);
  } catch {
    return [];
  }
  const list = waitingSchema.safeParse(raw);
  if (!list.success) return [];
  return list.data.flatMap((entry) => {
    const parsed = draftSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Version 10 → 11, inside the version change: drafts a restore left waiting for the page become the owner's
 * drafts in the new table, and the waiting row goes. The owner is the account ordered first by name, as
 * everywhere (store/bootstrap.ts ownerAccount).
 */
export async function upgradeToV11(tx: Transaction): Promise<void> {
  const settings = tx.table<SettingRow, string>('settings');
  const drafts = waitingDrafts(await settings.get(RESTORED_DRAFTS_V10));
  const owner = await tx.table<AccountRow, string>('accounts').orderBy('name').first();
  if (owner && drafts.length > 0) {
    await tx.table('drafts').bulkPut(importedDraftRows(owner.guid, drafts, 0, Math.floor(Date.now() / 1000)));
  }
  await settings.delete(RESTORED_DRAFTS_V10);
}
