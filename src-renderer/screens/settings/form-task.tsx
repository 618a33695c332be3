import { useState, type SubmitEvent, type ReactNode } from 'react';
import { describeFailure } from '../../state/session';
import { useToasts } from '../../state/toasts';

/**
 * Runs a form's task: busy while it runs, its failure shown in the form, a short note when it is done. The
 * handler it gives a form returns nothing: the task's every outcome is handled here.
 */
export function useTask() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const perform = async (task: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await task();
      useToasts.getState().show(done);
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  const run = (task: () => Promise<void>, done: string) => (e?: SubmitEvent) => {
    e?.preventDefault();
    void perform(task, done);
  };
  return { busy, error, run };
}

export function Problem({ error }: { error: string | null }): ReactNode {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
