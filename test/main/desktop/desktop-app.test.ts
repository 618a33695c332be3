import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalInstance } from '../../../src-main/desktop/instance';
import type { DeskMenuItem } from '../../../src-main/desktop/menu';
import { IpcChannel } from '../../../src-main/desktop/ipc-channels';
import type { SecretBox } from '../../../src-main/desktop/secret-box';
import { sqliteIdb } from '../../../src-main/store/sqlite-idb';
import { createInstanceWork, type InstanceWork } from '../../../src-main/instance/instance-work';
import type { Service } from '../../../src-shared/service/index';
import { openDatabase, type PublishingDb } from '../../../src-shared/store/db';
import { tempDir } from '../host-helpers';
import { FakeBrowserWindow, FakeNotification, fakeElectron } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);

const { startDesktop } = await import('../../../src-main/desktop/desktop-app');

const INDEX = '<!doctype html><title>Built renderer</title>';
const fromApp = { senderFrame: { url: 'desk://app/', parent: null } };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** What the app hands its instance, and the instance it gets back, as the tests below look at them. */
interface HandedOver {
  db: PublishingDb;
  service: Service;
  secrets: SecretBox;
  setUnsentCount: (count: number) => void;
  notifyMentions: (count: number) => void;
}

/**
 * The whole desktop app, composed as index.ts composes it, with Electron replaced by fakes and everything
 * else real: the SQLite store in a user-data folder, the service, the loopback server on a real port.
 */
describe('the desktop app', () => {
  const userData = tempDir('desktop-user-data');
  const buildDir = tempDir('desktop-build');
  const log: string[] = [];
  let deps: HandedOver | undefined;
  let serviceDepsGot: { db: unknown; secrets: unknown } | undefined;
  let port: number;
  let window: FakeBrowserWindow;
  // Counted by hand: vitest clears vi.fn calls before each test, and start() happens before them all.
  const calls = { start: 0, syncNow: 0, stop: 0 };
  const work: Pick<InstanceWork, 'start' | 'syncNow' | 'stop'> = {
    start: () => {
      calls.start++;
    },
    syncNow: () => {
      calls.syncNow++;
      return Promise.resolve();
    },
    stop: async () => {
      calls.stop++;
      log.push(`background stopping, store open: ${deps?.db.isOpen()}`);
      // Stopping takes a turn of the event loop: quitting must wait for it before closing the store.
      await new Promise((resolve) => setImmediate(resolve));
      log.push('background stopped');
    },
  };

  const handle = (url: string, init?: RequestInit) => {
    const handler = fakeElectron.protocolHandlers.get('desk');
    if (!handler) throw new Error('no desk: handler');
    return handler(new Request(url, init));
  };
  const invoke = (channel: string, ...args: unknown[]) => {
    const listener = fakeElectron.ipcHandlers.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(listener(fromApp, ...args));
  };
  const menuItem = (label: string): DeskMenuItem => {
    const flat = (items: readonly DeskMenuItem[]): DeskMenuItem[] =>
      items.flatMap((item) => [item, ...flat(item.submenu ?? [])]);
    const found = flat(fakeElectron.menus.at(-1)?.template ?? []).find((item) => item.label === label);
    if (!found) throw new Error(`no menu item ${label}`);
    return found;
  };

  beforeAll(async () => {
    fs.mkdirSync(path.join(buildDir, 'renderer'));
    fs.writeFileSync(path.join(buildDir, 'renderer', 'index.html'), INDEX);
    port = await freePort();
    fs.writeFileSync(
      path.join(userData, 'settings.json'),
      JSON.stringify({ loopback: { enabled: true, port, allowedOrigins: [] } }),
    );
    fakeElectron.app.userData = userData;
    await startDesktop({
      buildDir,
      open: async (options) => {
        const instance = await openLocalInstance({
          ...options,
          // The real sync engine, which the service answers with; starting, Sync Now and stopping are counted.
          work: (given) => {
            serviceDepsGot = { db: given.db, secrets: given.box };
            return { ...createInstanceWork(given), ...work };
          },
        });
        const { secrets, onUnsentCount, onNewMentions } = options;
        if (!onUnsentCount || !onNewMentions) throw new Error('the app gave its instance no indicators');
        deps = {
          db: instance.db,
          service: instance.service,
          secrets,
          setUnsentCount: onUnsentCount,
          notifyMentions: onNewMentions,
        };
        return instance;
      },
    });
    const created = FakeBrowserWindow.created[0];
    if (!created) throw new Error('no window');
    window = created;
  });
  afterAll(() => {
    if (!fakeElectron.app.quitted) fakeElectron.app.quit();
  });

  it('keeps its store, owner token and settings in the user-data folder', () => {
    expect(fs.existsSync(path.join(userData, 'db'))).toBe(true);
    expect(fs.readFileSync(path.join(userData, 'owner-token'), 'utf8').trim()).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(fs.existsSync(path.join(userData, 'publishing.lock'))).toBe(true);
  });

  it("answers the window's API requests through desk: with the owner's account", async () => {
    const response = await handle('desk://app/api/account/me');
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ type: 'account.owner' });
  });

  it('serves the built renderer with the CSP', async () => {
    const page = await handle('desk://app/');
    expect(await page.text()).toBe(INDEX);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('opens one hardened window on desk://app/ with the built preload, guarded against navigation', () => {
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(window.loaded).toEqual(['desk://app/']);
    expect(window.options['webPreferences']).toMatchObject({
      preload: path.join(buildDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    let prevented = false;
    window.webContents.emit('will-navigate', { url: 'https://example.org/', preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(fakeElectron.shell.openExternal).toHaveBeenCalledWith('https://example.org/');
    expect(fakeElectron.session.defaultSession.permissionHandlers).toHaveLength(2);
  });

  it('serves the loopback port from the settings, and turns it off when the person does', async () => {
    const token = fs.readFileSync(path.join(userData, 'owner-token'), 'utf8').trim();
    const info = await invoke(IpcChannel.getAppInfo);
    expect(info).toMatchObject({
      loopback: { state: 'listening', url: `http://127.0.0.1:${port}` },
      secretsEncrypted: true,
    });
    const answer = await fetch(`http://127.0.0.1:${port}/api/account/me`, { headers: { Authorization: token } });
    expect(answer.status).toBe(200);

    const updated = await invoke(IpcChannel.updateSettings, { loopback: { enabled: false } });
    expect(updated).toMatchObject({ loopback: { enabled: false, port } });
    expect(await invoke(IpcChannel.getAppInfo)).toMatchObject({ loopback: { state: 'off' } });
    await expect(fetch(`http://127.0.0.1:${port}/api/account/me`)).rejects.toThrow();
  });

  it('hands background work the store, the service, the secret box and the indicators, and starts it', async () => {
    expect(calls.start).toBe(1);
    expect(deps?.secrets.encrypted).toBe(true);
    // What the service was built with (the sync engine's place) had the same store and secret box.
    expect(serviceDepsGot?.db).toBe(deps?.db);
    expect(serviceDepsGot?.secrets).toBe(deps?.secrets);
    deps?.setUnsentCount(3);
    expect(fakeElectron.app.setBadgeCount).toHaveBeenLastCalledWith(3);
    const served = await deps?.service(new Request('http://127.0.0.1/api/posts/global'));
    expect(served?.status).toBe(200);
  });

  it('notifies mentions unless the person turned it off', async () => {
    deps?.notifyMentions(2);
    expect(FakeNotification.shown.map((n) => n.options.body)).toEqual(['You were mentioned in 2 new posts.']);
    FakeNotification.shown[0]?.emit('click');
    expect(window.webContents.sent.at(-1)).toEqual([IpcChannel.command, { command: 'show-mentions' }]);
    await invoke(IpcChannel.updateSettings, { notifyMentions: false });
    deps?.notifyMentions(1);
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it("runs sync from the menu and the interface, and sends the interface the menu's commands", async () => {
    menuItem('Sync Now').click?.();
    await invoke(IpcChannel.syncNow);
    expect(calls.syncNow).toBe(2);
    menuItem('New Post').click?.();
    menuItem('Persona 2').click?.();
    expect(window.webContents.sent.slice(-2)).toEqual([
      [IpcChannel.command, { command: 'new-post' }],
      [IpcChannel.command, { command: 'switch-persona', position: 2 }],
    ]);
  });

  it('writes the login item when the person chooses to open at login', async () => {
    fakeElectron.app.setLoginItemSettings.mockClear();
    const autostart = tempDir('autostart');
    vi.stubEnv('XDG_CONFIG_HOME', autostart);
    await invoke(IpcChannel.updateSettings, { openAtLogin: true });
    vi.unstubAllEnvs();
    if (process.platform === 'linux')
      expect(fs.existsSync(path.join(autostart, 'autostart', 'publishing-desk.desktop'))).toBe(true);
    else
      expect(fakeElectron.app.setLoginItemSettings).toHaveBeenCalledWith(
        expect.objectContaining({ openAtLogin: true }),
      );
  });

  it('keeps backups of the user-data folder, and restarts on request by relaunching and quitting', async () => {
    const made = await handle('desk://app/api/backups', { method: 'POST' });
    expect(made.status).toBe(200);
    const backup = (await made.json()).data;
    expect(backup).toMatchObject({ reason: 'manual', state: 'good' });
    expect(fs.existsSync(path.join(userData, 'backups', backup.name, 'backup.json'))).toBe(true);
    const listed = (await (await handle('desk://app/api/backups')).json()).data;
    expect(listed).toMatchObject({ restart: 'app', backups: [{ name: backup.name }] });

    // The orderly quit itself is the next test's; here only that a restart asks for it, after the relaunch.
    const quit = vi.spyOn(fakeElectron.app, 'quit').mockImplementation(() => {});
    try {
      await invoke(IpcChannel.restart);
      expect(fakeElectron.app.relaunch).toHaveBeenCalledOnce();
      expect(quit).toHaveBeenCalledOnce();
      expect(fakeElectron.app.relaunch.mock.invocationCallOrder[0]).toBeLessThan(quit.mock.invocationCallOrder[0] ?? 0);
    } finally {
      quit.mockRestore();
    }
  });

  it('on quit, waits for background work, then closes the store, then quits; every answered write is kept', async () => {
    const written = await handle('desk://app/api/posts/write', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'Written just before quitting', post_type: 'post.note' }),
    });
    expect(written.status).toBe(200);
    const guid: string = (await written.json()).data[0].guid;

    fakeElectron.app.quit();
    expect(fakeElectron.app.quitted).toBe(false);
    await vi.waitFor(() => expect(fakeElectron.app.quitted).toBe(true));
    expect(log).toEqual(['background stopping, store open: true', 'background stopped']);
    expect(calls.stop).toBe(1);
    expect(deps?.db.isOpen()).toBe(false);
    expect(fs.existsSync(path.join(userData, 'publishing.lock'))).toBe(false);

    const reopened = openDatabase(sqliteIdb(path.join(userData, 'db')));
    await reopened.open();
    expect(await reopened.posts.where('guid').equals(guid).count()).toBe(1);
    reopened.close();
  });
});
