import { BrowserWindow } from 'electron';
import { APP_START_URL } from './app-scheme';
import { guardNavigation } from './navigation-guard';
import { secureWebPreferences } from './web-preferences';
import { MIN_HEIGHT, MIN_WIDTH, initialBounds, loadWindowState, rememberBounds, type Rectangle } from './window-bounds';

export interface MainWindowOptions {
  dataDir: string;
  preloadPath: string;
  /** The displays' work areas, to check that the remembered place is still on a screen. */
  workAreas: readonly Rectangle[];
  openExternal: (url: string) => Promise<void>;
}

/** The app's window: where it was last time, hardened, guarded, and shown once its page has painted. */
export function openMainWindow(options: MainWindowOptions): BrowserWindow {
  const { maximized, ...bounds } = initialBounds(loadWindowState(options.dataDir), options.workAreas);
  const window = new BrowserWindow({
    ...bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'Publishing Desk',
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  guardNavigation(window.webContents, {
    openExternal: options.openExternal,
    childWindowOptions: () => ({ webPreferences: secureWebPreferences(options.preloadPath) }),
  });
  rememberBounds(window, options.dataDir);
  window.once('ready-to-show', () => {
    if (maximized) window.maximize();
    window.show();
  });
  void window.loadURL(APP_START_URL);
  return window;
}
