import { create } from 'zustand';
import type { RemotePost } from '../../src-shared/client/remote-post';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { readStoredRecord, writeStoredRecord } from '../util/stored-record';

/**
 * Posts written from this page by a Persona linked to a remote, until that remote has nothing left to send.
 * `GET /api/sync/remotes` names the first 250 waiting items (`waiting`) and counts them all (`pending`):
 * this is the page's own memory of what it wrote, so a post beyond that list can still say "Waiting to
 * send" while its remote's count is above zero. Kept in localStorage so that a reload keeps saying it.
 */
const KEY = 'desk.unsent.v1';

const read = () => readStoredRecord(KEY, (value): value is string => typeof value === 'string');

/** Without storage the marker lasts as long as the page. */
const write = (map: Record<string, string>) => writeStoredRecord(KEY, map);

interface UnsentStore {
  /** Post GUID to the GUID of the remote it is to be sent to. */
  byPost: Record<string, string>;
}

export const useUnsent = create<UnsentStore>(() => ({ byPost: typeof localStorage === 'undefined' ? {} : read() }));

/** A post just written or edited: remembered when its Persona is linked to a remote. */
export function wroteLocally(post: RemotePost, remotes: readonly RemoteStatusAnswer[]): void {
  const remote = remotes.find((r) => r.personas.some((p) => p.guid === post.persona.guid));
  if (!remote) return;
  const byPost = { ...useUnsent.getState().byPost, [post.guid]: remote.guid };
  useUnsent.setState({ byPost });
  write(byPost);
}

/** A remote with nothing waiting has sent everything the page remembered for it (or the remote is gone). */
export function forgetSent(remotes: readonly RemoteStatusAnswer[]): void {
  const stillWaiting = new Set(remotes.filter((r) => r.pending > 0).map((r) => r.guid));
  const before = useUnsent.getState().byPost;
  const byPost = Object.fromEntries(Object.entries(before).filter(([, remote]) => stillWaiting.has(remote)));
  if (Object.keys(byPost).length === Object.keys(before).length) return;
  useUnsent.setState({ byPost });
  write(byPost);
}
