import type { PublishingDb } from '../store/db';
import { postsByGuids } from '../store/posts-by-guid';
import type { RemoteRow } from '../store/sync-rows';
import type { RemoteConnection } from './connection';
import { storePulledPage } from './store-pulled';
import { dropUnconfirmed, dueUnconfirmed } from './unconfirmed';

/**
 * Posts read again by themselves per cycle at most: a remote that served many versions in the second they
 * were stamped is caught up with over a few cycles.
 */
export const CONFIRMED_PER_CYCLE = 20;

/**
 * The last step of a pull (pull-remote.ts). A remote's list may serve a post as it was at the first read
 * within the second of its last change (the reference keeps each post's answer per that second), so its
 * word on a version is not the post's. store-pulled.ts notes the versions it cannot take from a list: those
 * the list served within the second they were stamped (by the answer's `Date`; where the remote does not
 * say, those stamped with the newest second of the answer), as an edit later in that second shows nowhere
 * but in the post's own answer, and those that say something other than the version held here within the
 * same second (a newer edit, or an older copy). Each is read by itself
 * when due, and what the post says is stored: nothing when it is the version held, so a list that keeps
 * serving an older copy changes nothing. Answers how many posts changed here.
 */
export async function confirmVersions(
  db: PublishingDb,
  input: { remote: RemoteRow; connection: RemoteConnection; now: number },
): Promise<number> {
  const { remote, now } = input;
  const due = await dueUnconfirmed(db, remote.guid, now, CONFIRMED_PER_CYCLE);
  let stored = 0;
  for (const note of due) {
    const [held] = await postsByGuids(db, [note.postGuid]);
    // Not served (deleted or hidden there): what the remote no longer serves is for gone.ts to find.
    const post = await input.connection.read({ guid: note.postGuid, remoteId: held?.remoteId ?? null });
    if (post) stored += (await storePulledPage(db, { remote, posts: [post], now })).stored;
  }
  await dropUnconfirmed(db, remote.guid, due);
  return stored;
}
