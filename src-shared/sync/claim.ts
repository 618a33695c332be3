import { adoptRemoteGuid } from '../store/adopt-guid';
import type { PublishingDb } from '../store/db';
import { postsByGuids } from '../store/posts-by-guid';
import { contentFingerprint } from './fingerprint';
import { ownedBy } from './ownership';
import type { PulledPost } from './pulled-post';
import { sameText } from './same-text';

/**
 * A pulled post can be the remote's copy of a local post whose publish went unanswered (its attempt was
 * counted, its item is still waiting). Such a local post takes the copy's GUID there and then, and its
 * publish item goes: the post is shown once, and never sent twice. The copy is recognised as the push
 * looks for it (push.ts): same author, same publication second, same text. A copy under the GUID of a post
 * held here that is not the remote's own (ownership.ts) is no copy: the local post keeps its item and
 * waits, and that other post stays as it is. Runs in the caller's transaction.
 */
export async function claimOwnCopies(
  db: PublishingDb,
  remoteGuid: string,
  pulled: readonly PulledPost[],
): Promise<void> {
  const tried = await db.outbox
    .where('[remoteGuid+seq]')
    .between([remoteGuid, -Infinity], [remoteGuid, Infinity])
    .filter((item) => item.op === 'publish' && item.attempts > 0)
    .toArray();
  if (tried.length === 0) return;
  const locals = await postsByGuids(
    db,
    tried.map((item) => item.postGuid),
  );
  for (const local of locals) {
    const copy = pulled.find(
      (p) =>
        p.guid !== local.guid &&
        p.persona.guid === local.personaGuid &&
        p.publishUnix === local.publishUnix &&
        sameText(p.text, local.text),
    );
    if (!copy) continue;
    const identity = {
      guid: copy.guid,
      url: copy.canonicalUrl,
      updatedUnix: copy.updatedUnix,
      id: copy.remoteId,
      content: contentFingerprint(copy),
    };
    if ('taken' in (await adoptRemoteGuid(db, local.guid, identity, ownedBy(db, remoteGuid)))) continue;
    const item = tried.find((i) => i.postGuid === local.guid);
    if (item?.seq !== undefined) await db.outbox.delete(item.seq);
  }
}
