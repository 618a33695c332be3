import type { Transaction } from 'dexie';
import { REQUEUE_WORDS_V6 } from './upgrade-v6';
import { REQUEUE_WORDS_V8 } from './upgrade-v8';

/**
 * Version 8 → 9, inside the version change: the word index of version 8 goes with its tables, so every post
 * is marked to be queued for the indexer again, by `requeueWordsV6` when the database opens (see
 * upgrade-v6.ts for why the work waits for the open). That covers the posts version 8 would have requeued.
 *
 * The requeue writes plain queue rows, over any at the same position: right here, where the new index is
 * empty, so that no row has words to take out (rows.ts IndexQueueRow). Nothing else is written or indexed
 * before it ends, as Dexie holds back every other request until the open's work is done.
 */
export async function upgradeToV9(tx: Transaction): Promise<void> {
  await tx.table('settings').put({ key: REQUEUE_WORDS_V6, value: '' });
  await tx.table('settings').delete(REQUEUE_WORDS_V8);
}
