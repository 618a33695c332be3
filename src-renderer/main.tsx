import './api/zod-without-eval';
import { deskBridge } from './api/bridge';
import { pageConnection } from './api/clients';
import { useAccount } from './state/account';
import { openFirstTimeline } from './state/first-timeline';
import { restoreSession, useSession } from './state/session';
import { applyStoredTheme } from './state/theme';
import { signInWithLink, takeSignInCode } from './state/sign-in-link';
import './styles/app.css';

// The shell's code (React DOM, the screens) is asked for first, and arrives while the rest below runs.
const shell = import('./app/shell');

applyStoredTheme();

// The desktop window's main process adds the owner token itself: nothing to sign in to there.
if (deskBridge()) useSession.getState().connect(pageConnection(null), 'desktop');
else {
  restoreSession();
  // Opened with the link `npm run serve` printed: its one-time code signs this browser in.
  const code = takeSignInCode();
  if (code !== null) void signInWithLink(code);
}

// The first timeline is asked for now, not once the shell is drawn, and the account beside it: the instance
// reads them while the shell's code arrives.
if (useSession.getState().session.status === 'signed-in') {
  openFirstTimeline();
  void useAccount.getState().loadOnce();
}

const root = document.getElementById('root');
if (root) void shell.then(({ renderShell }) => renderShell(root));
