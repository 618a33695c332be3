import path from 'node:path';
import {
  type BrowserWindow,
  Menu,
  Notification,
  app,
  clipboard,
  ipcMain,
  nativeImage,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import { createStaticSite } from '../host/static';
import { createAppHandler } from './app-handler';
import { APP_SCHEME } from './app-scheme';
import type { DeskCommand } from './commands';
import { contentSecurityPolicy } from '../host/csp';
import { createDevSite } from './dev-site';
import { openLocalInstance } from './instance';
import { registerIpc } from './ipc';
import { IpcChannel } from './ipc-channels';
import { LOOPBACK_ADDRESS, createLoopbackServer } from './loopback-server';
import { menuTemplate } from './menu';
import { createMentionNotifier } from './notify-mentions';
import { applyOpenAtLogin } from './open-at-login';
import { quitAfter } from './quit';
import { createSecretBox } from './secret-box';
import { guardSession } from './session-guard';
import { openSettings } from './settings';
import { createUnsentIndicator, unsentDotBitmap } from './unsent-indicator';
import { openMainWindow } from './window';

export interface DesktopOptions {
  /** The build output: `main/`, `preload/index.cjs`, `renderer/`. */
  buildDir: string;
  /** The renderer's dev server during `npm start`; the built files otherwise. */
  devServerUrl?: string | undefined;
  /** Opens the local instance (openLocalInstance); tests pass one that watches what the app hands it. */
  open?: typeof openLocalInstance;
}

export interface Desktop {
  /** Brings the window forward (a second launch does this), opening it if it was closed. */
  focus(): void;
}

/**
 * The desktop app, once Electron is ready: the local instance, the window's `desk:` origin, the loopback
 * server, background work, menu, IPC, and an orderly quit. index.ts calls it; tests call it with Electron
 * mocked.
 */
export async function startDesktop(options: DesktopOptions): Promise<Desktop> {
  await app.whenReady();
  const dataDir = app.getPath('userData');
  const settings = openSettings(dataDir);
  const secrets = createSecretBox();
  const development = options.devServerUrl !== undefined;

  let window: BrowserWindow | undefined;
  const showWindow = (): BrowserWindow => {
    if (window === undefined || window.isDestroyed()) {
      const opened = openMainWindow({
        dataDir,
        preloadPath: path.join(options.buildDir, 'preload', 'index.cjs'),
        workAreas: screen.getAllDisplays().map((display) => display.workArea),
        openExternal: (url) => shell.openExternal(url),
      });
      opened.on('closed', () => {
        if (window === opened) window = undefined;
      });
      window = opened;
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return window;
  };
  const send = (command: DeskCommand) => showWindow().webContents.send(IpcChannel.command, command);

  const instance = await (options.open ?? openLocalInstance)({
    dataDir,
    secrets,
    onUnsentCount: createUnsentIndicator({
      platform: process.platform,
      setBadgeCount: (count) => app.setBadgeCount(count),
      window: () => window,
      overlayIcon: () => nativeImage.createFromBitmap(unsentDotBitmap(), { width: 16, height: 16 }),
    }),
    onNewMentions: createMentionNotifier({
      enabled: () => settings.get().notifyMentions,
      notifier: {
        isSupported: () => Notification.isSupported(),
        show: (message, onClick) => {
          const notification = new Notification(message);
          notification.on('click', onClick);
          notification.show();
        },
      },
      onClick: () => send({ command: 'show-mentions' }),
    }),
  });

  const appHandler = createAppHandler({
    service: instance.service,
    site: options.devServerUrl
      ? createDevSite(options.devServerUrl)
      : createStaticSite(path.join(options.buildDir, 'renderer')),
    ownerToken: instance.ownerToken,
    serviceOrigin: () => `http://${LOOPBACK_ADDRESS}:${settings.get().loopback.port}`,
    contentSecurityPolicy: contentSecurityPolicy(
      options.devServerUrl ? { socketOrigin: socketOriginOf(options.devServerUrl) } : undefined,
    ),
  });
  protocol.handle(APP_SCHEME, appHandler.handle);
  guardSession(session.defaultSession);

  const loopback = createLoopbackServer({ service: instance.service, ownerToken: instance.ownerToken });
  await loopback.apply(settings.get().loopback);
  const syncNow = () => instance.syncNow();

  settings.onChange(async (next, previous) => {
    if (JSON.stringify(next.loopback) !== JSON.stringify(previous.loopback)) await loopback.apply(next.loopback);
    if (next.openAtLogin !== previous.openAtLogin) {
      applyOpenAtLogin(next.openAtLogin, {
        platform: process.platform,
        setLoginItemSettings: (item) => app.setLoginItemSettings(item),
        command: app.isPackaged ? [process.env['APPIMAGE'] ?? process.execPath] : [process.execPath, app.getAppPath()],
      });
    }
  });

  registerIpc(ipcMain, {
    getSettings: () => settings.get(),
    updateSettings: (patch) => settings.update(patch),
    syncNow,
    getAppInfo: () => ({
      version: app.getVersion(),
      platform: process.platform,
      loopback: loopback.status(),
      secretsEncrypted: secrets.encrypted,
    }),
    // The quit below closes everything in order; the new process applies a staged restore before it opens the store.
    restart: () => {
      app.relaunch();
      app.quit();
    },
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        {
          send,
          syncNow: () => void syncNow().catch((error: unknown) => console.error('sync failed:', error)),
          copyOwnerToken: () =>
            void clipboard
              .writeText(instance.ownerToken)
              .catch((error: unknown) => console.error('copying the owner token failed:', error)),
        },
        { platform: process.platform, appName: app.getName(), development },
      ),
    ),
  );

  // The instance's one order (instance.ts): the window's and the loopback server's requests, the background
  // work, the store.
  quitAfter(app, instance.shutdown);
  app.on('activate', () => void showWindow());
  app.on('window-all-closed', () => {
    // On macOS an app stays open without windows, as people expect there.
    if (process.platform !== 'darwin') app.quit();
  });

  instance.start([appHandler, loopback]);
  showWindow();
  return { focus: () => void showWindow() };
}

/** The dev server's hot-reload socket has the dev server's host and port. */
function socketOriginOf(devServerUrl: string): string {
  const url = new URL(devServerUrl);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
}
