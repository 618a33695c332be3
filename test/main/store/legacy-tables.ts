import type { PublishingDb } from '../../../src-shared/store/db';

/** What legacy-writer.ts is asked to write, and answers. */
export interface LegacyWriterData {
  dataDir: string;
  databaseName: string;
  token: string;
  /** Posts written in bulk, as the bench's corpus, beside the service's writes. */
  corpus: number;
}

/** Every table, its rows as Dexie reads them (unpacked), in primary-key order. */
export type Tables = Record<string, unknown[]>;
export type LegacyWriterMessage = { tables: Tables; deletedId: number; deletedSeq: number } | { error: string };

export async function readTables(db: PublishingDb): Promise<Tables> {
  const tables: Tables = {};
  for (const table of db.tables) tables[table.name] = await table.toArray();
  return tables;
}
