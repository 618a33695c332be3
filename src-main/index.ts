/**
 * The Electron main process of Publishing Desk. Everything that happens before Electron is ready lives
 * here; the app itself is started by startDesktop (desktop/desktop-app.ts).
 */
import path from 'node:path';
import { app, dialog, protocol } from 'electron';
import { APP_ID } from './desktop/app-identity';
import { APP_SCHEME_PRIVILEGES } from './desktop/app-scheme';
import { startDesktop, type Desktop } from './desktop/desktop-app';
import { keepNewFilesPrivate } from './store/private-files';

keepNewFilesPrivate();

// Must happen before the app is ready, or the scheme gets no origin of its own.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

// Windows shows notifications only for the id the installer gave the app's shortcut.
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

// One app per user-data folder: a second launch brings the first one's window forward and leaves.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let desktop: Desktop | undefined;
  app.on('second-instance', () => desktop?.focus());
  // A terminal's Ctrl+C or a service manager's stop quits the same orderly way as the menu's Quit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  startDesktop({
    buildDir: path.join(import.meta.dirname, '..'),
    devServerUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'],
  }).then(
    (started) => {
      desktop = started;
    },
    (error: unknown) => {
      dialog.showErrorBox('Publishing Desk could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    },
  );
}
