import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { dropFirstScreenWhenDrawn } from '../first-screen/drop';
import { App } from './App';

/** Draws the page into `root`: loaded after the entry (main.tsx) has asked for what the first screen shows. */
export function renderShell(root: HTMLElement): void {
  // The last visit's screen, painted while this code arrived (first-paint.ts), goes as this one is drawn.
  dropFirstScreenWhenDrawn(root);
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary label="the desk">
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}
