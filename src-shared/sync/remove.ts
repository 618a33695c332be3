import type { PublishingDb } from '../store/db';
import type { RemoteRow } from '../store/sync-rows';
import { isLinkedPersona } from './identity';

/**
 * Forgets a remote, in one transaction. Local copies of its posts stay readable; its Personas and
 * Channels stay as local ones of the owner, so nothing written as them is lost, and the outbox items
 * still waiting for it go (there is nowhere left to send them), and where its drafts stood with this desk's. Posts keep naming the remote they came
 * from: with the remote gone, they are no longer syncing.
 */
export async function removeRemoteRows(db: PublishingDb, remote: RemoteRow): Promise<void> {
  const tables = [
    db.remotes,
    db.cursors,
    db.outbox,
    db.conflicts,
    db.personas,
    db.channels,
    db.draftLinks,
    db.draftCursors,
  ];
  await db.transaction('rw', tables, async () => {
    await db.outbox.where('[remoteGuid+seq]').between([remote.guid, -Infinity], [remote.guid, Infinity]).delete();
    await db.cursors.where('[remoteGuid+timeline]').between([remote.guid, ''], [remote.guid, '\uffff']).delete();
    await db.draftLinks.where('[remoteGuid+draftId]').between([remote.guid, ''], [remote.guid, '\uffff']).delete();
    await db.draftCursors.delete(remote.guid);
    await db.conflicts.where('remoteGuid').equals(remote.guid).delete();
    const personas = (await db.personas.toArray()).filter((p) => isLinkedPersona(p) && p.remoteGuid === remote.guid);
    await db.personas.bulkPut(personas.map((p) => ({ ...p, remoteGuid: null })));
    const channels = (await db.channels.toArray()).filter((c) => c.remoteGuid === remote.guid);
    await db.channels.bulkPut(channels.map((c) => ({ ...c, remoteGuid: null })));
    await db.remotes.delete(remote.guid);
  });
}
