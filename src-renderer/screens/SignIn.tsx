import { useEffect, useState, type SubmitEvent } from 'react';
import type { AboutAnswer } from '../../src-shared/api/answers';
import { createClients, pageConnection } from '../api/clients';
import { useSession, describeFailure } from '../state/session';

type Ways = AboutAnswer['sign_in'];

/** How the instance can be signed in to, as it says itself; null until it has said, or when it cannot. */
function useSignInWays(): Ways | null {
  const [ways, setWays] = useState<Ways | null>(null);
  useEffect(() => {
    let current = true;
    createClients(pageConnection(null))
      .desk.about()
      .then(
        (about) => current && setWays(about.sign_in),
        // An instance that does not say is offered every way, as before it could.
        () => current && setWays({ password: true, link: true }),
      );
    return () => void (current = false);
  }, []);
  return ways;
}

/**
 * In a browser the page needs the owner's sign-in. It leads with what this instance accepts: the name and
 * password when the owner has set one, else the one-time link `npm run serve` prints; the owner token it
 * prints works always.
 */
export function SignIn() {
  const reason = useSession((s) => (s.session.status === 'signed-out' ? s.session.reason : null));
  const ways = useSignInWays();
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
  const leading = ways?.password || ways?.link;

  return (
    <main className="sign-in">
      <h1>Publishing Desk</h1>
      {reason && <p role="alert">{reason}</p>}
      {ways?.password && (
        <form
          onSubmit={run('password', () => useSession.getState().signIn(name, password))}
          aria-labelledby="password-title"
        >
          <h2 id="password-title">Sign in</h2>
          <label>
            Account name
            <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" required />
          </label>
          <label>
            Password
            <input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
            />
          </label>
          {error?.form === 'password' && (
            <p className="field-error" role="alert">
              {error.text}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            Sign in
          </button>
        </form>
      )}
      {ways && !ways.password && ways.link && (
        <section aria-labelledby="link-title">
          <h2 id="link-title">Sign in with the link</h2>
          <p>
            Open the sign-in link printed where the desk was started: <code>npm run serve</code> prints it in its
            terminal. It signs in one browser, once, within 15 minutes.
          </p>
          <p className="subtle">
            No password is set on this instance: start it with <code>--password</code> to sign in with one.
          </p>
        </section>
      )}
      <form onSubmit={run('token', () => useSession.getState().usePastedToken(token))} aria-labelledby="token-title">
        <h2 id="token-title">{leading ? 'Or use the owner token' : 'Use the owner token'}</h2>
        <p className="subtle">
          <code>npm run serve</code> prints it, and keeps it in the data folder's <code>owner-token</code> file.
        </p>
        <label>
          Owner token
          <input
            value={token}
            onChange={(e) => setToken(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
          />
        </label>
        {error?.form === 'token' && (
          <p className="field-error" role="alert">
            {error.text}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Use this token
        </button>
      </form>
    </main>
  );
}
