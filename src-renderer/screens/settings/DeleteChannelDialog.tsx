import { useRef, useState, type SubmitEvent } from 'react';
import type { ChannelAnswer } from '../../../src-shared/api/answers';
import { useModalDialog } from '../../components/modal-dialog';
import { channelName, useAccount } from '../../state/account';
import { deleteChannel, moveTargets } from '../../state/channel-delete';
import { describeFailure } from '../../state/session';
import { useToasts } from '../../state/toasts';
import { Problem } from './form-task';

const nameOf = (c: ChannelAnswer | undefined) => (c ? channelName(c) : '');
const posts = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

/**
 * Asks before a Channel is deleted, says what becomes of its posts and lets the person choose where they
 * go (the first other Channel unless they choose). A refusal is shown here and the dialog stays open.
 */
export function DeleteChannelDialog(props: { channel: ChannelAnswer; onClose: () => void; onDeleted: () => void }) {
  const { channel } = props;
  const channels = useAccount((s) => s.channels);
  const personas = useAccount((s) => s.personas);
  const targets = moveTargets(channel, channels);
  const [chosen, setChosen] = useState<string | null>(null);
  const moveTo = targets.find((c) => c.guid === chosen)?.guid ?? targets[0]?.guid ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, true);

  const title = nameOf(channel);
  const target = nameOf(targets.find((c) => c.guid === moveTo));
  const writers = personas.filter((p) => channel.writers.includes(p.guid)).map((p) => `@${p.as}`);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy || !moveTo) return;
    setBusy(true);
    setError(null);
    try {
      const result = await deleteChannel(channel.guid, moveTo);
      useToasts
        .getState()
        .show(
          `Channel ${title} deleted; ${posts(result.moved_posts)} moved to ${nameOf(result.channels.find((c) => c.guid === result.moved_to))}.`,
        );
      props.onDeleted();
    } catch (failure) {
      setError(describeFailure(failure));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="delete-channel-title"
      aria-describedby="delete-channel-what"
      // Escape, or the browser closing it: the same as Cancel, unless the deletion is under way.
      onCancel={(e) => busy && e.preventDefault()}
      onClose={() => !busy && props.onClose()}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="delete-channel-title" dir="auto">
          Delete Channel {title}?
        </h2>
        <p id="delete-channel-what" dir="auto">
          Its posts are not deleted: they move to {target || 'the Channel you choose'}, with their stars, pins and
          conversations, and drafts for it go along.
          {writers.length > 0 && ` ${writers.join(', ')} will be able to write there, as they could here.`}
        </p>
        <label>
          Move its posts to
          <select value={moveTo} onChange={(e) => setChosen(e.target.value)} disabled={busy}>
            {targets.map((c) => (
              <option key={c.guid} value={c.guid}>
                {nameOf(c)}
              </option>
            ))}
          </select>
        </label>
        <Problem error={error} />
        <div className="dialog-actions">
          <button type="button" onClick={props.onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={busy || !moveTo}>
            {busy ? 'Deleting…' : 'Delete Channel'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
