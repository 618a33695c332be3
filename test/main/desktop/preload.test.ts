import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeskBridge, DeskCommand } from '../../../src-main/desktop/bridge-types';
import { IpcChannel } from '../../../src-main/desktop/ipc-channels';

const exposed = new Map<string, unknown>();
const renderer = new EventEmitter();
const invoke = vi.fn((channel: string, ...args: unknown[]) => Promise.resolve({ channel, args }));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) => renderer.on(channel, listener),
    off: (channel: string, listener: (...args: unknown[]) => void) => renderer.off(channel, listener),
  },
}));

describe('the preload', () => {
  let desk: DeskBridge;
  beforeAll(async () => {
    await import('../../../src-main/preload');
    desk = exposed.get('desk') as DeskBridge;
  });

  it('exposes window.desk and nothing else: five named functions', () => {
    expect([...exposed.keys()]).toEqual(['desk']);
    expect(Object.keys(desk).sort()).toEqual([
      'getAppInfo',
      'getSettings',
      'onCommand',
      'restart',
      'syncNow',
      'updateSettings',
    ]);
    for (const value of Object.values(desk)) expect(typeof value).toBe('function');
  });

  it('turns each call into one invoke on its channel, passing only the arguments', async () => {
    await desk.getSettings();
    await desk.updateSettings({ openAtLogin: true });
    await desk.syncNow();
    await desk.getAppInfo();
    await desk.restart();
    expect(invoke.mock.calls).toEqual([
      [IpcChannel.getSettings],
      [IpcChannel.updateSettings, { openAtLogin: true }],
      [IpcChannel.syncNow],
      [IpcChannel.getAppInfo],
      [IpcChannel.restart],
    ]);
  });

  it('hands menu commands to the page without the IPC event, until it stops listening', () => {
    const seen: unknown[][] = [];
    const stop = desk.onCommand((...args) => seen.push(args));
    const sender = { send: () => undefined };
    const command: DeskCommand = { command: 'switch-persona', position: 3 };
    renderer.emit(IpcChannel.command, { sender }, command);
    expect(seen).toEqual([[command]]);
    stop();
    renderer.emit(IpcChannel.command, { sender }, { command: 'search' });
    expect(seen).toHaveLength(1);
    expect(renderer.listenerCount(IpcChannel.command)).toBe(0);
  });
});
