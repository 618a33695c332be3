import type { SettleAction } from '../api/vocabulary';
import type { PublishingDb } from '../store/db';
import { SyncRefusal } from './refusal';

/**
 * The person's answer to an item stopped in `attention`: `retry` puts it back in line (after they fixed the
 * post, say), `discard` drops it (the change stays here only).
 */
export async function settleItem(db: PublishingDb, seq: number, action: SettleAction, now: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.conflicts], async () => {
    const item = await db.outbox.get(seq);
    if (!item || item.state !== 'attention') throw new SyncRefusal('unknown-outbox-item');
    // A conflict is settled by choosing a version (conflicts.ts), not here.
    if (await db.conflicts.get(item.postGuid)) throw new SyncRefusal('settle-conflict-first');
    if (action === 'discard') await db.outbox.delete(seq);
    else await db.outbox.update(seq, { state: 'pending', error: null, nextAttemptUnix: now });
  });
}
