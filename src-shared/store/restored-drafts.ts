import { z } from 'zod';
import { DRAFT_LIMITS, draftSchema, type Draft } from '../api/draft';
import type { PublishingDb } from './db';

/**
 * Drafts a restore brought back, kept in the store's `settings` table under this key until the page takes
 * them (`GET` then `DELETE /api/account/restored-drafts`): drafts live in the page's localStorage, which
 * a restore on the host cannot reach. One row, since they are few (DRAFT_LIMITS) and always taken whole.
 * It is not the person's setting: an export leaves it out (archive/export.ts).
 */
export const RESTORED_DRAFTS = 'restoredDrafts';

const storedSchema = z.array(z.unknown()).max(DRAFT_LIMITS.count);

/** Keeps a restore's drafts for the page; none leaves nothing behind. */
export async function keepRestoredDrafts(db: PublishingDb, drafts: readonly Draft[]): Promise<void> {
  if (drafts.length === 0) await db.settings.delete(RESTORED_DRAFTS);
  else await db.settings.put({ key: RESTORED_DRAFTS, value: JSON.stringify(drafts) });
}

/**
 * The drafts waiting for the page, read through the schema (the row came from an archive): an unreadable
 * one is left out rather than costing the others.
 */
export async function restoredDrafts(db: PublishingDb): Promise<Draft[]> {
  const row = await db.settings.get(RESTORED_DRAFTS);
  if (!row) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(row.value);
  } catch {
    return [];
  }
  const list = storedSchema.safeParse(raw);
  if (!list.success) return [];
  return list.data.flatMap((entry) => {
    const parsed = draftSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function clearRestoredDrafts(db: PublishingDb): Promise<void> {
  await db.settings.delete(RESTORED_DRAFTS);
}
