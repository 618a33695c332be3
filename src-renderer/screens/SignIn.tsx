import { useState, type SubmitEvent } from 'react';
import { useSession, describeFailure } from '../state/session';

/** In a browser the page needs the owner's sign-in: name and password, or the token `npm run serve` printed. */
export function SignIn() {
  const reason = useSession((s) => (s.session.status === 'signed-out' ? s.session.reason : null));
  const [name, setName] = useState('owner');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<{ form: 'password' | 'token'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const perform = async (form: 'password' | 'token', task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError({ form, text: describeFailure(failure) });
    } finally {
      setBusy(false);
    }
  };
  // The form's handler returns nothing: every outcome of the task is handled in perform.
  const run = (form: 'password' | 'token', task: () => Promise<void>) => (e: SubmitEvent) => {
    e.preventDefault();
    void perform(form, task);
  };

  return (
    <main className="sign-in">
      <h1>Publishing Desk</h1>
      {reason && <p role="alert">{reason}</p>}
      <form onSubmit={run('password', () => useSession.getState().signIn(name, password))} aria-labelledby="password-title">
        <h2 id="password-title">Sign in</h2>
        <label>Account name<input value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" required /></label>
        <label>Password<input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required /></label>
        {error?.form === 'password' && <p className="field-error" role="alert">{error.text}</p>}
        <button type="submit" className="primary" disabled={busy}>Sign in</button>
      </form>
      <form onSubmit={run('token', () => useSession.getState().usePastedToken(token))} aria-labelledby="token-title">
        <h2 id="token-title">Or use the owner token</h2>
        <p className="subtle"><code>npm run serve</code> prints it, and keeps it in the data folder's <code>owner-token</code> file.</p>
        <label>Owner token<input value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" spellCheck={false} required /></label>
        {error?.form === 'token' && <p className="field-error" role="alert">{error.text}</p>}
        <button type="submit" disabled={busy}>Use this token</button>
      </form>
    </main>
  );
}
