import { EventEmitter } from 'node:events';
import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { vi } from 'vitest';
import type { DeskMenuItem } from '../../../src-main/desktop/menu';

/**
 * Electron's main-process API as far as the desktop app uses it, for running the app's composition in
 * Node. One instance per test file (`fakeElectron`), handed to `vi.mock('electron', ...)`.
 */
export class FakeApp extends EventEmitter {
  userData = '';
  isPackaged = false;
  quitted = false;
  readonly setBadgeCount = vi.fn((_count?: number) => true);
  readonly setLoginItemSettings = vi.fn();
  /** Electron starts the app again once this one has quit. */
  readonly relaunch = vi.fn();
  whenReady = () => Promise.resolve();
  getPath = (name: string) => {
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
    return this.userData;
  };
  getAppPath = () => '/app';
  getVersion = () => '0.1.0';
  getName = () => 'Publishing Desk';
  /** Like Electron: before-quit first, and the app quits unless a listener prevented it. */
  quit = () => {
    const event = {
      defaultPrevented: false,
      preventDefault: () => {
        event.defaultPrevented = true;
      },
    };
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  };
}

export class FakeWebContents extends EventEmitter {
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
  readonly sent: [string, unknown][] = [];
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  shown = 0;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    return Promise.resolve();
  }
  show(): void {
    this.shown++;
  }
  focus(): void {}
  restore(): void {}
  maximize(): void {}
  isMinimized = () => false;
  isMaximized = () => false;
  isDestroyed = () => this.destroyed;
  getNormalBounds = () => ({ x: 10, y: 10, width: 1000, height: 700 });
  readonly setOverlayIcon = vi.fn();
}

export class FakeNotification extends EventEmitter {
  static readonly shown: FakeNotification[] = [];
  static isSupported = () => true;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
}

type IpcListener = (event: { senderFrame: { url: string; parent: unknown } | null }, ...args: unknown[]) => unknown;

export function createFakeElectron() {
  const ipcHandlers = new Map<string, IpcListener>();
  const menus: { template: DeskMenuItem[] }[] = [];
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  // Plain records rather than vi.fn: vitest clears mock calls before each test, and these happen at start.
  const permissionHandlers: unknown[] = [];
  const session = Object.assign(new EventEmitter(), {
    permissionHandlers,
    setPermissionRequestHandler: (handler: unknown) => void permissionHandlers.push(handler),
    setPermissionCheckHandler: (handler: unknown) => void permissionHandlers.push(handler),
  });
  return {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    ipcHandlers,
    protocolHandlers,
    ipcMain: { handle: (channel: string, listener: IpcListener) => void ipcHandlers.set(channel, listener) },
    protocol: {
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        void protocolHandlers.set(scheme, handler),
      registerSchemesAsPrivileged: vi.fn(),
    },
    session: { defaultSession: session },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: vi.fn((_url: string) => Promise.resolve()) },
    menus,
    Menu: {
      buildFromTemplate: (template: DeskMenuItem[]) => ({ template }),
      setApplicationMenu: (menu: { template: DeskMenuItem[] }) => void menus.push(menu),
    },
    nativeImage: { createFromBitmap: () => ({ empty: false }) },
    clipboard: { writeText: vi.fn(() => Promise.resolve()) },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (plain: string) => Buffer.from(plain, 'utf8').reverse(),
      decryptString: (sealed: Buffer) => Buffer.from(sealed).reverse().toString('utf8'),
    },
  };
}

export const fakeElectron = createFakeElectron();
