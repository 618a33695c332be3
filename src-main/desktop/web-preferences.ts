import type { WebPreferences } from 'electron';

/**
 * Every window's web preferences (Electron's security checklist): the page runs sandboxed, isolated from
 * the preload, without Node; no <webview>, no insecure content, no navigation by dropping a file.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  };
}
