import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { App } from './App';

/** Draws the page into `root`: loaded after the entry (main.tsx) has asked for what the first screen shows. */
export function renderShell(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary label="the desk">
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}
