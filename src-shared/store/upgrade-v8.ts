import type { Transaction } from 'dexie';

/** Settings key: the last `[type+order]` key looked at by the requeue (JSON), while it is unfinished. */
export const REQUEUE_WORDS_V8 = 'requeue-words-v8-after';
/**
 * Version 7 → 8, inside the version change: marked the posts that gain words to be queued for the indexer
 * again when the database opened. Version 9 queues every post instead and takes the mark away
 * (upgrade-v9.ts), so the mark is no longer acted on.
 */
export async function upgradeToV8(tx: Transaction): Promise<void> {
  await tx.table('settings').put({ key: REQUEUE_WORDS_V8, value: '' });
}
