import { create } from 'zustand';
import type { RemotePost } from '../../src-shared/client/remote-post';
import type { RemoteStatus } from '../../src-shared/client/desk-schemas';

/**
 * Posts written from this page by a Persona linked to a remote, until that remote has nothing left to send.
 * `GET /api/sync/remotes` counts what waits in the outbox (`pending`) but does not say which posts: this is
 * the page's own memory of what it wrote, so a post can say "Waiting to send" while its remote's count is
 * above zero. Kept in localStorage so that a reload keeps saying it.
 */
const KEY = 'desk.unsent.v1';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

function write(map: Record<string, string>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(map));
  } catch {
    // Without storage the marker lasts as long as the page.
  }
}

interface UnsentStore {
  /** Post GUID to the GUID of the remote it is to be sent to. */
  byPost: Record<string, string>;
}

export const useUnsent = create<UnsentStore>(() => ({ byPost: typeof localStorage === 'undefined' ? {} : read() }));

/** A post just written or edited: remembered when its Persona is linked to a remote. */
export function wroteLocally(post: RemotePost, remotes: readonly RemoteStatus[]): void {
  const remote = remotes.find((r) => r.personas.some((p) => p.guid === post.persona.guid));
  if (!remote) return;
  const byPost = { ...useUnsent.getState().byPost, [post.guid]: remote.guid };
  useUnsent.setState({ byPost });
  write(byPost);
}

/** A remote with nothing waiting has sent everything the page remembered for it (or the remote is gone). */
export function forgetSent(remotes: readonly RemoteStatus[]): void {
  const stillWaiting = new Set(remotes.filter((r) => r.pending > 0).map((r) => r.guid));
  const before = useUnsent.getState().byPost;
  const byPost = Object.fromEntries(Object.entries(before).filter(([, remote]) => stillWaiting.has(remote)));
  if (Object.keys(byPost).length === Object.keys(before).length) return;
  useUnsent.setState({ byPost });
  write(byPost);
}
