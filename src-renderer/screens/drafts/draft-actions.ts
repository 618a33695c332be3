import type { Draft } from '../../../src-shared/api/draft';
import { useDrafts } from '../../state/drafts';
import { UNDO_MS } from '../../state/post-delete';
import { useToasts } from '../../state/toasts';
import { useUi } from '../../state/ui';
import { isScheduled, sendDraft } from '../composer/send';

/** What the Drafts list does to a draft without opening it; a refusal opens it with the problems shown. */

/**
 * Sends a draft as it is but for `changes` (a publish time). Refused, the draft keeps the changes and opens
 * in the composer, each problem by its field, as if it had been sent from there.
 */
export async function sendFromList(draft: Draft, changes: Partial<Omit<Draft, 'id'>> = {}): Promise<boolean> {
  const sent = { ...draft, ...changes };
  try {
    await sendDraft(sent);
    return true;
  } catch (error) {
    if (Object.keys(changes).length > 0) useDrafts.getState().change(draft.id, changes);
    useUi.getState().openComposer(draft.id, error);
    return false;
  }
}

/** Publish now: a publish time still to come is dropped (that is what "now" means); an edit is saved as it is. */
export const publishNow = (draft: Draft): Promise<boolean> =>
  sendFromList(draft, draft.editing === null && isScheduled(draft) ? { publishAt: '' } : {});

/** Removes the draft at once (it lives in this browser only, so there is nothing to wait for); Undo keeps it again as it was. */
export function deleteDraft(draft: Draft): void {
  useDrafts.getState().remove(draft.id);
  const toast = useToasts.getState().show('Draft deleted.', {
    ms: UNDO_MS,
    action: {
      label: 'Undo',
      run: () => {
        useToasts.getState().dismiss(toast);
        useDrafts.getState().add(draft);
      },
    },
  });
}
