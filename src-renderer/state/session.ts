import { create } from 'zustand';
import { isRemoteError } from '../../src-shared/client/errors';
import { createClients, pageConnection, type Clients, type Connection } from '../api/clients';
import { loadSession, saveSession, type SavedSession } from '../api/saved-session';
import { refusesThisSession } from './session-refused';

/**
 * Who the page talks to the instance as. In the desktop window there is nothing to sign in to (the main
 * process lends the owner token); in a browser the person signs in or pastes a token.
 */
export type SessionState =
  | { status: 'signed-out'; reason: string | null }
  | { status: 'signed-in'; clients: Clients; source: SavedSession['source'] | 'desktop' };

interface SessionStore {
  session: SessionState;
  /** For tests and the desktop: connect with this connection as it is. */
  connect: (connection: Connection, source: SavedSession['source'] | 'desktop') => void;
  signIn: (name: string, password: string) => Promise<void>;
  /** Trades the one-time code of a printed sign-in link for a session, kept as a password sign-in's is. */
  signInWithLink: (code: string) => Promise<void>;
  usePastedToken: (token: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** The instance refused the token: back to sign-in, with a reason. */
  tokenRefused: () => void;
}

export const useSession = create<SessionStore>((set, get) => ({
  session: { status: 'signed-out', reason: null },

  connect: (connection, source) =>
    set({ session: { status: 'signed-in', clients: sessionClients(connection), source } }),

  signIn: async (name, password) => {
    const anonymous = createClients(pageConnection(null));
    const { token } = await anonymous.instance.login(name.trim(), password);
    saveSession({ token, source: 'login' });
    get().connect(pageConnection(token), 'login');
  },

  signInWithLink: async (code) => {
    const anonymous = createClients(pageConnection(null));
    const { token } = await anonymous.desk.signInWithCode(code);
    saveSession({ token, source: 'login' });
    get().connect(pageConnection(token), 'login');
  },

  usePastedToken: async (token) => {
    const clients = sessionClients(pageConnection(token.trim()));
    // Checked before it is kept: a mistyped token is said at once, not as a blank timeline later.
    await clients.desk.profile();
    saveSession({ token: token.trim(), source: 'pasted' });
    set({ session: { status: 'signed-in', clients, source: 'pasted' } });
  },

  signOut: async () => {
    const { session } = get();
    if (session.status === 'signed-in' && session.source === 'login') {
      await session.clients.desk.logout().catch(() => undefined);
    }
    saveSession(null);
    set({ session: { status: 'signed-out', reason: null } });
  },

  tokenRefused: () => {
    if (get().session.status !== 'signed-in') return;
    saveSession(null);
    set({ session: { status: 'signed-out', reason: 'The instance no longer accepts this sign-in. Sign in again.' } });
  },
}));

/**
 * The clients of a session: whichever of their calls the instance answers by refusing the token signs this
 * session out (the one place that happens). The clients of a session that has since ended sign out no other,
 * and a token only being tried (pasted, not yet kept) is said to be refused by the call that tried it.
 */
function sessionClients(connection: Connection): Clients {
  const made: Clients = createClients(connection, (failure) => {
    const { session, tokenRefused } = useSession.getState();
    if (refusesThisSession(failure) && session.status === 'signed-in' && session.clients === made) tokenRefused();
  });
  return made;
}

/** The clients of the signed-in page; throws when called signed out (no screen that calls it is shown then). */
export function clients(): Clients {
  const { session } = useSession.getState();
  if (session.status !== 'signed-in') throw new Error('not signed in');
  return session.clients;
}

/** Restores a browser sign-in kept from before a reload. */
export function restoreSession(): void {
  const saved = loadSession();
  if (saved) useSession.getState().connect(pageConnection(saved.token), saved.source);
}

/** A failure as a person reads it. (A refused token has signed the page out already: see sessionClients.) */
export function describeFailure(error: unknown): string {
  if (isRemoteError(error)) {
    if (error.kind === 'uncertain' || error.kind === 'offline')
      return 'The instance did not answer. Is it still running?';
    const detail = error.list.length > 1 ? `: ${error.list.join('; ')}` : '';
    return `${error.remoteText ?? error.message}${detail}`;
  }
  return error instanceof Error ? error.message : String(error);
}
