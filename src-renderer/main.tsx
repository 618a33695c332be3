import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { deskBridge } from './api/bridge';
import { pageConnection } from './api/clients';
import { ErrorBoundary } from './components/ErrorBoundary';
import { restoreSession, useSession } from './state/session';
import { applyStoredTheme } from './state/theme';
import { signInWithLink, takeSignInCode } from './state/sign-in-link';
import './styles/app.css';

applyStoredTheme();

// The desktop window's main process adds the owner token itself: nothing to sign in to there.
if (deskBridge()) useSession.getState().connect(pageConnection(null), 'desktop');
else {
  restoreSession();
  // Opened with the link `npm run serve` printed: its one-time code signs this browser in.
  const code = takeSignInCode();
  if (code !== null) void signInWithLink(code);
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary label="the desk">
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}
