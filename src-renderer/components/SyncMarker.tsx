import { remoteName, useSync } from '../state/sync';
import { useUnsent } from '../state/unsent';

/**
 * Whether this post has reached its remote: "Needs attention" with the remote's reason when a change to it
 * was stopped, "Waiting to send" while a change to it waits in the outbox (the remote's `waiting` list, or
 * the page's memory of what it wrote while the remote still has items to send). Nothing for posts that are
 * synced or belong to no remote.
 */
export function SyncMarker({ guid }: { guid: string }) {
  const stopped = useSync((s) => {
    for (const remote of s.remotes) {
      const item = remote.attention.find((a) => a.post_guid === guid);
      if (item) return `${remoteName(remote)}: ${item.reason}`;
    }
    return null;
  });
  // Listed by the instance: a change to this post waits in the outbox, whoever made it.
  const listedBy = useSync((s) => {
    const remote = s.remotes.find((r) => r.waiting.some((w) => w.post_guid === guid));
    return remote ? remoteName(remote) : null;
  });
  // Remembered by the page: written here, while its remote still has something to send.
  const rememberedBy = useSync((s) => {
    const remoteGuid = useUnsent.getState().byPost[guid];
    const remote = s.remotes.find((r) => r.guid === remoteGuid);
    return remote && remote.pending > 0 ? remoteName(remote) : null;
  });
  // Subscribed so that a post forgotten as sent loses its marker at once.
  const remembered = useUnsent((s) => s.byPost[guid] !== undefined);
  const waitingFor = listedBy ?? (remembered ? rememberedBy : null);
  if (stopped) {
    return (
      <span className="badge badge-attention" role="note">
        Needs attention: {stopped}
      </span>
    );
  }
  if (waitingFor) {
    return (
      <span className="badge badge-waiting" title={`${waitingFor} has not received it yet.`}>
        Waiting to send
      </span>
    );
  }
  return null;
}
