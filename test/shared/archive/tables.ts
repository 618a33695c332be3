import type { PublishingDb } from '../../../src-shared/store/db';

/** The tables whose rows a restore gives back exactly, and what of each is not carried (secrets). */
export const COMPARED: Record<string, string[]> = {
  accounts: ['passHash'],
  personas: [],
  channels: [],
  grants: [],
  settings: [],
  remotes: ['sealedToken'],
  posts: [],
  mentions: [],
  replies: [],
  stars: [],
  pins: [],
  conflicts: [],
  remoteUrls: [],
  markers: [],
  copies: [],
  changes: [],
};

/** Every row of a table in primary-key order, without the fields named. */
export async function rowsOf(db: PublishingDb, table: string): Promise<Record<string, unknown>[]> {
  const rows = (await db.table(table).toArray()) as Record<string, unknown>[];
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([field]) => !COMPARED[table]?.includes(field))),
  );
}

/** Every compared table's rows, by table. */
export async function snapshotOf(db: PublishingDb): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = Object.keys(COMPARED);
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rowsOf(db, table)] as const)));
}
