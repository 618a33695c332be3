import { useState, type FormEvent } from 'react';
import { useSession, describeFailure } from '../state/session';

/** In a browser the page needs the owner's sign-in: name and password, or the token `npm run serve` printed. */
export function SignIn() {
  const reason = useSession((s) => (s.session.status === 'signed-out' ? s.session.reason : null));
  const [name, setName] = useState('owner');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (task: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <h1>Publishing Desk</h1>
      {reason && <p role="alert">{reason}</p>}
      <form onSubmit={run(() => useSession.getState().signIn(name, password))} aria-labelledby="password-title">
        <h2 id="password-title">Sign in</h2>
        <label>Account name<input value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" required /></label>
        <label>Password<input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required /></label>
        <button type="submit" className="primary" disabled={busy}>Sign in</button>
      </form>
      <form onSubmit={run(() => useSession.getState().usePastedToken(token))} aria-labelledby="token-title">
        <h2 id="token-title">Or use the owner token</h2>
        <p className="subtle">`npm run serve` prints it, and keeps it in the data folder's <code>owner-token</code> file.</p>
        <label>Owner token<input value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" spellCheck={false} required /></label>
        <button type="submit" disabled={busy}>Use this token</button>
      </form>
      {error && <p className="field-error" role="alert">{error}</p>}
    </main>
  );
}
