import { useRef } from 'react';
import { useModalDialog } from '../components/modal-dialog';
import { useUi } from '../state/ui';
import { Composer } from './composer/Composer';

/** The composer over the current screen, as a modal dialog: the rest of the page waits. */
export default function ComposerDialog({ draftId }: { draftId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, true);
  const close = () => useUi.getState().closeComposer();
  const refusal = useUi((s) => s.composingRefusal);
  return (
    <dialog
      ref={dialog}
      className="composer-dialog"
      aria-label="Composer"
      onCancel={(e) => {
        // Escape is the composer's own: it decides whether the draft is kept.
        e.preventDefault();
      }}
    >
      <Composer key={draftId} draftId={draftId} onDone={close} refusal={refusal} />
    </dialog>
  );
}
