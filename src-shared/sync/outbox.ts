import type { AccountSnapshot } from '../store/account-snapshot';
import type { PublishingDb } from '../store/db';
import type { PostRow } from '../store/rows';
import type { OutboxOp, OutboxRow } from '../store/sync-rows';
import { isLinkedPersona } from './identity';

export interface LocalChange {
  op: OutboxOp;
  post: PostRow;
  /** Who stars or pins; publish, edit and delete act as the post's author. */
  actingPersonaGuid?: string;
  /** Pin colour for `pin`. */
  value?: string | null;
  now: number;
}

const AUTHOR_OPS: readonly OutboxOp[] = ['publish', 'edit', 'delete'];

/**
 * Records a local change for the remote where the acting Persona lives, in the caller's transaction: the
 * change and its outbox item are stored together or not at all. Changes by local-only Personas, and stars
 * or pins on posts that live on another remote, stay local.
 *
 * Items not yet tried are merged, because what is sent is read from the post when it is sent:
 * - an edit while a publish or edit of the post waits adds nothing (that item sends the latest text);
 * - deleting a post whose publish never left removes every item of it: the remote never knew it.
 * An item already tried (attempts > 0) may be on the wire, so later changes queue behind it instead.
 */
export async function queueChange(db: PublishingDb, change: LocalChange, account: AccountSnapshot): Promise<void> {
  const personaGuid = AUTHOR_OPS.includes(change.op) ? change.post.personaGuid : change.actingPersonaGuid;
  if (!personaGuid) return;
  const persona = account.personaByGuid.get(personaGuid);
  if (!isLinkedPersona(persona)) return;
  const remoteGuid = persona.remoteGuid;

  const waiting = (await db.outbox.where('postGuid').equals(change.post.guid).toArray()).filter(
    (item) => item.remoteGuid === remoteGuid,
  );
  const untried = (ops: readonly OutboxOp[]) => waiting.filter((item) => item.attempts === 0 && ops.includes(item.op));

  if (change.op === 'publish') {
    // From now on the post belongs to that remote (pull and push both go by it).
    await db.posts.put({ ...change.post, remoteGuid });
  } else if (!onRemote(change.post, remoteGuid, waiting)) {
    return;
  }
  if (change.op === 'edit' && untried(['publish', 'edit']).length > 0) return;
  if (change.op === 'delete') {
    const neverSent = untried(['publish']).length > 0;
    const dropped = untried(['publish', 'edit', 'star', 'unstar', 'pin', 'unpin']).map((item) => item.seq ?? -1);
    // No empty bulk calls (see store/adopt-guid.ts).
    if (dropped.length > 0) await db.outbox.bulkDelete(dropped);
    if (neverSent) return;
  }
  const item: OutboxRow = {
    remoteGuid,
    op: change.op,
    postGuid: change.post.guid,
    personaGuid,
    value: change.value ?? null,
    baseUpdatedUnix: change.op === 'edit' ? (change.post.remoteUpdatedUnix ?? null) : null,
    createdUnix: change.now,
    attempts: 0,
    nextAttemptUnix: change.now,
    state: 'pending',
    uncertain: 0,
    error: null,
  };
  await db.outbox.add(item);
}

/** The post is on that remote already, or on its way there. */
function onRemote(post: PostRow, remoteGuid: string, waiting: readonly OutboxRow[]): boolean {
  return post.remoteGuid === remoteGuid || waiting.some((item) => item.op === 'publish');
}
