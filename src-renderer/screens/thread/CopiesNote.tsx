import { useState } from 'react';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import { SyncMarker } from '../../components/SyncMarker';
import { useCopies } from '../../state/copies';
import { deletePost } from '../../state/post-delete';
import { routePath } from '../../state/route';
import { clients, describeFailure } from '../../state/session';
import { readRemotes } from '../../state/sync-actions';
import { useSync } from '../../state/sync';
import { showError, useToasts } from '../../state/toasts';

/**
 * The other copies of the opened post, when one draft was published as several Personas: each by its
 * Persona and a link to it, where it stands (waiting to send, stopped with the remote's reason, or on its
 * remote, linked there), and what can be done with that one copy: send a stopped one again, or delete it.
 * Nothing for a post published alone, or where the instance cannot say (an older one, or offline).
 */
export function CopiesNote({ guid }: { guid: string }) {
  const copies = useCopies(guid);
  const [dropped, setDropped] = useState<readonly string[]>([]);
  const others = copies.filter((post) => post.guid !== guid && !dropped.includes(post.guid));
  if (others.length === 0) return null;
  return (
    <div className="copies-note subtle">
      Also published as
      <ul aria-label="Other copies">
        {others.map((post) => (
          <Copy key={post.guid} post={post} onDrop={() => setDropped([...dropped, post.guid])} />
        ))}
      </ul>
    </div>
  );
}

function Copy({ post, onDrop }: { post: RemotePost; onDrop: () => void }) {
  const [busy, setBusy] = useState(false);
  const stopped = useSync((s) => s.remotes.flatMap((r) => r.attention).find((a) => a.post_guid === post.guid));
  const name = `${post.persona.name || post.persona.as} (@${post.persona.as})`;
  const host = post.remote_url ? URL.parse(post.remote_url)?.host : undefined;
  const retry = async (seq: number) => {
    setBusy(true);
    try {
      await clients().desk.settleOutboxItem(seq, 'retry');
      useToasts.getState().show('Back in line to be sent.');
      void readRemotes();
    } catch (error) {
      showError(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <a href={routePath({ screen: 'thread', guid: post.guid })}>{name}</a>{' '}
      {host && post.remote_url && (
        <>
          on <a href={post.remote_url}>{host}</a>{' '}
        </>
      )}
      <SyncMarker guid={post.guid} />{' '}
      {stopped && (
        <button type="button" className="link-button" disabled={busy} onClick={() => void retry(stopped.seq)}>
          Retry
        </button>
      )}{' '}
      <button
        type="button"
        className="link-button"
        aria-label={`Delete the copy as ${name}`}
        onClick={() => {
          deletePost(post);
          onDrop();
        }}
      >
        Delete
      </button>
    </li>
  );
}
