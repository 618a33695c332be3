import type { RemotePost } from '../../src-shared/client/remote-post';
import { loadSession } from '../api/saved-session';
import { readStoredRecord, writeStoredRecord } from '../util/stored-record';
import { usePosts } from './posts';
import { clients, describeFailure, useSession } from './session';
import { reloadTimeline } from './timeline-posts';
import { positionsOf, useTimelines } from './timelines';
import { showError, useToasts } from './toasts';

/**
 * Deleting a post: one step, with Undo for a few seconds, and done even if the page goes away.
 *
 * The service has no undelete, and posting the text again would give it another GUID (its replies, stars
 * and links would point at nothing), so the DELETE can only be sent once the undo time is over. Until then
 * the deletion is a promise of the page, and it is written down where the next page finds it: a list of
 * pending deletions in localStorage, kept until the instance has answered.
 *
 * - The undo time ends: the DELETE is sent. Undo before that takes the post off the list.
 * - The page goes away first (reload, closed tab): at `pagehide` the DELETE is sent with `keepalive`, which
 *   the browser finishes after the page is gone (same origin, so the Authorization header may go along).
 * - Whether or not that arrived, the next page finishes every deletion left on the list once its undo time
 *   is over (a post already gone counts as deleted), and hides those posts meanwhile.
 * - The instance refuses, or does not answer: the post is shown again with a message saying it was not
 *   deleted, and it is off the list. Nothing is left half done without the person seeing it.
 */

/** How long a deletion can be undone: it is sent to the instance only then. */
export const UNDO_MS = 6000;

const KEY = 'desk.pending-deletes.v1';
/** More pending deletions than anyone makes in an undo time: a list grown past it was not written by this page. */
const MOST = 200;

const readPending = (): Record<string, number> =>
  readStoredRecord(KEY, (value): value is number => typeof value === 'number' && Number.isFinite(value));

function writePending(pending: Record<string, number>): void {
  const entries = Object.entries(pending)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MOST);
  writeStoredRecord(KEY, Object.fromEntries(entries));
}

const dropPending = (guid: string): void => {
  const { [guid]: _done, ...rest } = readPending();
  writePending(rest);
};

/** The deletions this page asked for and has not finished: the ones it sends as it goes away. */
const mine = new Set<string>();

/** Hides the post at once, offers Undo, and deletes it when the undo time is over (see above). */
export function deletePost(post: RemotePost): void {
  const positions = positionsOf(post.guid);
  useTimelines.getState().removed(post.guid);
  writePending({ ...readPending(), [post.guid]: Date.now() });
  mine.add(post.guid);
  const toast = useToasts.getState().show('Post deleted.', {
    ms: UNDO_MS,
    action: {
      label: 'Undo',
      run: () => {
        useToasts.getState().dismiss(toast);
        // Already sent (the page was hidden and shown again): nothing is left to undo.
        if (!(post.guid in readPending())) return;
        dropPending(post.guid);
        mine.delete(post.guid);
        useTimelines.getState().restored(post.guid, positions);
      },
    },
  });
  setTimeout(() => void finish(post.guid, positions), UNDO_MS);
}

/** Sends one pending deletion, unless it was undone or finished meanwhile (by this page or another tab). */
async function finish(guid: string, positions: Record<string, number> | null): Promise<void> {
  if (!(guid in readPending())) return;
  try {
    // null: the post is not there any more (a DELETE sent as the last page went away arrived).
    await clients().instance.deletePost(guid);
    usePosts.getState().forget(guid);
    useTimelines.getState().removed(guid);
  } catch (error) {
    if (positions) useTimelines.getState().restored(guid, positions);
    else for (const key of Object.keys(useTimelines.getState().byKey)) void reloadTimeline(key);
    showError(`The post was not deleted: ${describeFailure(error)}`);
  } finally {
    dropPending(guid);
    mine.delete(guid);
  }
}

/** The page goes away: what it promised to delete is sent now, with a request the browser finishes alone. */
function sendAsThePageGoes(): void {
  if (mine.size === 0 || useSession.getState().session.status !== 'signed-in') return;
  const http = /^https?:$/.test(globalThis.location.protocol);
  // In the desktop window (`desk://app`) the main process adds the owner token; in a browser it is the saved one.
  const token = http ? loadSession()?.token : null;
  if (http && !token) return;
  for (const guid of mine) {
    void globalThis
      .fetch(`${globalThis.location.protocol}//${globalThis.location.host}/api/posts/${encodeURIComponent(guid)}`, {
        method: 'DELETE',
        keepalive: true,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify({ guid }),
      })
      .catch(() => undefined);
  }
}

/**
 * At the start of a signed-in page: finishes the deletions an earlier page left (each once its undo time
 * is over), keeps their posts out of the timelines until then, and sends this page's own as it goes away.
 */
export function installPendingDeletes(): () => void {
  const timers = Object.entries(readPending()).map(([guid, at]) =>
    setTimeout(() => void finish(guid, null), Math.max(0, Math.min(at + UNDO_MS - Date.now(), UNDO_MS))),
  );
  const hidden = new Set(Object.keys(readPending()));
  const unsubscribe = useTimelines.subscribe((now) => {
    for (const guid of hidden) {
      if (!(guid in readPending())) hidden.delete(guid);
      else if (Object.values(now.byKey).some((t) => t.guids.includes(guid))) useTimelines.getState().removed(guid);
    }
  });
  globalThis.addEventListener('pagehide', sendAsThePageGoes);
  return () => {
    for (const timer of timers) clearTimeout(timer);
    unsubscribe();
    globalThis.removeEventListener('pagehide', sendAsThePageGoes);
  };
}
