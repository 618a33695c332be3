import type {
  BrowserWindowConstructorOptions,
  HandlerDetails,
  WebContentsWillNavigateEventParams,
  WebContentsWillRedirectEventParams,
  WindowOpenHandlerResponse,
} from 'electron';
import { isAppUrl } from './app-scheme';

/** Links that may leave the app, to the system's browser or mail program; nothing else (no file:, no custom schemes). */
const EXTERNAL_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

export function isExternalLink(url: string): boolean {
  try {
    return EXTERNAL_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of a WebContents the guards use (Electron's WebContents has them all). */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent & WebContentsWillNavigateEventParams) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent & WebContentsWillRedirectEventParams) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'did-create-window', listener: (window: { webContents: GuardedContents }) => void): unknown;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
}

export interface GuardOptions {
  /** shell.openExternal: the system's browser. */
  openExternal: (url: string) => Promise<void>;
  /** Options for a window the app opens on one of its own pages (same hardening as the main window). */
  childWindowOptions: () => BrowserWindowConstructorOptions;
}

/**
 * Keeps every window on the app's own pages. A navigation elsewhere (a clicked link, a redirect, a script
 * setting location) is cancelled, and a web or mail link goes to the system's browser instead; a new
 * window is allowed only for an app page and gets the same hardened options; <webview> is never attached.
 */
export function guardNavigation(contents: GuardedContents, options: GuardOptions): void {
  const leaveApp = (url: string) => {
    if (isExternalLink(url))
      options.openExternal(url).catch((error: unknown) => console.warn('could not open', url, error));
  };
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    leaveApp(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // A window opened on an app page is guarded like its opener.
  contents.on('did-create-window', (window) => guardNavigation(window.webContents, options));
  contents.setWindowOpenHandler((details) => {
    if (isAppUrl(details.url)) return { action: 'allow', overrideBrowserWindowOptions: options.childWindowOptions() };
    leaveApp(details.url);
    return { action: 'deny' };
  });
}
