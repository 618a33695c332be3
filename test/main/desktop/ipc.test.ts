import { describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../../../src-main/desktop/ipc-channels';
import { registerIpc, type InvokeEvent, type IpcHandlers, type IpcRegistrar } from '../../../src-main/desktop/ipc';
import { DEFAULT_SETTINGS, applySettingsPatch } from '../../../src-main/desktop/settings-schema';

type Listener = (event: InvokeEvent, ...args: unknown[]) => unknown;

/** ipcMain as far as registering goes; `invoke` calls a handler the way a renderer's invoke would. */
class FakeIpc implements IpcRegistrar {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  invoke(event: InvokeEvent, channel: string, ...args: unknown[]): Promise<unknown> {
    // As for a renderer, what the handler throws arrives as a rejection.
    return new Promise((resolve) => {
      const listener = this.handlers.get(channel);
      if (!listener) throw new Error(`no handler for ${channel}`);
      resolve(listener(event, ...args));
    });
  }
}

const fromApp: InvokeEvent = { senderFrame: { url: 'desk://app/timeline/home', parent: null } };

function setup() {
  const ipc = new FakeIpc();
  const handlers = {
    getSettings: vi.fn(() => DEFAULT_SETTINGS),
    updateSettings: vi.fn((patch: Parameters<IpcHandlers['updateSettings']>[0]) =>
      Promise.resolve(applySettingsPatch(DEFAULT_SETTINGS, patch)),
    ),
    syncNow: vi.fn(() => Promise.resolve()),
    getAppInfo: vi.fn(() => ({
      version: '0.1.0',
      platform: 'linux',
      loopback: { state: 'off' as const },
      secretsEncrypted: true,
    })),
    restart: vi.fn(),
  } satisfies IpcHandlers;
  registerIpc(ipc, handlers);
  return { ipc, handlers };
}

describe('the IPC handlers', () => {
  it('answer the top frame of an app page', async () => {
    const { ipc, handlers } = setup();
    expect(await ipc.invoke(fromApp, IpcChannel.getSettings)).toEqual(DEFAULT_SETTINGS);
    const updated = await ipc.invoke(fromApp, IpcChannel.updateSettings, {
      loopback: { enabled: false },
      openAtLogin: true,
    });
    expect(updated).toMatchObject({
      loopback: { enabled: false, port: DEFAULT_SETTINGS.loopback.port },
      openAtLogin: true,
    });
    await ipc.invoke(fromApp, IpcChannel.syncNow);
    await ipc.invoke(fromApp, IpcChannel.restart);
    expect(handlers.restart).toHaveBeenCalledOnce();
    expect(handlers.syncNow).toHaveBeenCalledTimes(1);
    expect(await ipc.invoke(fromApp, IpcChannel.getAppInfo)).toMatchObject({ version: '0.1.0' });
  });

  it('refuse an unknown sender: another page, an embedded frame, a frame that is gone', async () => {
    const { ipc, handlers } = setup();
    const strangers: InvokeEvent[] = [
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'file:///tmp/page.html', parent: null } },
      { senderFrame: { url: 'desk://elsewhere/', parent: null } },
      { senderFrame: { url: 'desk://app/', parent: { url: 'desk://app/' } } },
      { senderFrame: null },
    ];
    for (const event of strangers) {
      for (const channel of [IpcChannel.getSettings, IpcChannel.syncNow, IpcChannel.getAppInfo]) {
        await expect(ipc.invoke(event, channel), `${channel} from ${event.senderFrame?.url}`).rejects.toThrow(
          /refused/,
        );
      }
      await expect(ipc.invoke(event, IpcChannel.updateSettings, { openAtLogin: true })).rejects.toThrow(/refused/);
    }
    expect(handlers.getSettings).not.toHaveBeenCalled();
    expect(handlers.updateSettings).not.toHaveBeenCalled();
    expect(handlers.syncNow).not.toHaveBeenCalled();
    expect(handlers.getAppInfo).not.toHaveBeenCalled();
  });

  it('refuse bad arguments before the handler runs', async () => {
    const { ipc, handlers } = setup();
    const badPatches: unknown[][] = [
      [],
      [null],
      ['openAtLogin'],
      [{ openAtLogin: 'yes' }],
      [{ notifyMentions: 1 }],
      [{ loopback: { port: 80 } }],
      [{ loopback: { port: 8788.5 } }],
      [{ loopback: { allowedOrigins: ['https://example.org/path'] } }],
      [{ loopback: { allowedOrigins: ['*'] } }],
      [{ loopback: { enabled: true, extra: 1 } }],
      [{ unknownSetting: true }],
      [{ openAtLogin: true }, 'a second argument'],
    ];
    for (const args of badPatches) {
      await expect(ipc.invoke(fromApp, IpcChannel.updateSettings, ...args), JSON.stringify(args)).rejects.toThrow(
        /invalid arguments/,
      );
    }
    await expect(ipc.invoke(fromApp, IpcChannel.syncNow, 'now')).rejects.toThrow(/invalid arguments/);
    await expect(ipc.invoke(fromApp, IpcChannel.getSettings, {})).rejects.toThrow(/invalid arguments/);
    expect(handlers.updateSettings).not.toHaveBeenCalled();
    expect(handlers.syncNow).not.toHaveBeenCalled();
    expect(handlers.getSettings).not.toHaveBeenCalled();
  });

  it('register only the five calls the preload offers', () => {
    const { ipc } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(
      [
        IpcChannel.getAppInfo,
        IpcChannel.getSettings,
        IpcChannel.syncNow,
        IpcChannel.updateSettings,
        IpcChannel.restart,
      ].sort(),
    );
  });
});
