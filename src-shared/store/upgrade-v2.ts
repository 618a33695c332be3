import type { Table, Transaction } from 'dexie';
import { changeUnixOf, wordRowsOf } from './post-derived';
import type { ChannelRow, PersonaRow, PostRow } from './rows';

/** Posts are rewritten in batches so that a large store upgrades in bounded memory. */
const BATCH = 1000;

/**
 * Version 1 → 2: numbers Personas and Channels in order of creation (so the first Channel is
 * `channel_id` 1), and gives every post its `changeUnix` and its search words.
 */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  await numberInOrder(tx.table<PersonaRow, string>('personas'));
  await numberInOrder(tx.table<ChannelRow, string>('channels'));
  const posts = tx.table<PostRow, number>('posts');
  const words = tx.table('words');
  let after = 0;
  for (;;) {
    const batch = await posts.where(':id').above(after).limit(BATCH).toArray();
    if (batch.length === 0) return;
    await posts.bulkPut(batch.map((post) => ({ ...post, changeUnix: changeUnixOf(post) })));
    await words.bulkPut(batch.flatMap(wordRowsOf));
    after = batch.at(-1)?.id ?? after;
  }
}

async function numberInOrder<T extends { guid: string; createdUnix: number; position: number; id?: number }>(
  table: Table<T, string>,
): Promise<void> {
  const rows = await table.toArray();
  rows.sort((a, b) => a.createdUnix - b.createdUnix || a.position - b.position || (a.guid < b.guid ? -1 : 1));
  await table.bulkPut(rows.map((row, index) => ({ ...row, id: index + 1 })));
}
