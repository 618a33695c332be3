import { useState, type FormEvent, type ReactNode } from 'react';
import { describeFailure } from '../../state/session';
import { useToasts } from '../../state/toasts';

/** Runs a form's task: busy while it runs, its failure shown in the form, a short note when it is done. */
export function useTask() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (task: () => Promise<void>, done: string) => async (e?: FormEvent) => {
    e?.preventDefault();
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
  return { busy, error, run };
}

export function Problem({ error }: { error: string | null }): ReactNode {
  return error ? <p className="field-error" role="alert">{error}</p> : null;
}
