/**
 * The preload: runs sandboxed, before the page, and hands it `window.desk` (bridge-types.ts) through
 * contextBridge. Only these functions cross; the page never sees ipcRenderer or an IPC event object
 * (which would carry the sender).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DeskBridge, DeskCommand, DeskWindow } from './desktop/bridge-types';
import { IpcChannel } from './desktop/ipc-channels';

const bridge = {
  getSettings: () => ipcRenderer.invoke(IpcChannel.getSettings),
  updateSettings: (patch) => ipcRenderer.invoke(IpcChannel.updateSettings, patch),
  syncNow: () => ipcRenderer.invoke(IpcChannel.syncNow),
  getAppInfo: () => ipcRenderer.invoke(IpcChannel.getAppInfo),
  restart: () => ipcRenderer.invoke(IpcChannel.restart),
  onCommand: (listener) => {
    const forward = (_event: IpcRendererEvent, command: DeskCommand) => listener(command);
    ipcRenderer.on(IpcChannel.command, forward);
    return () => void ipcRenderer.off(IpcChannel.command, forward);
  },
} satisfies DeskBridge;

const key = 'desk' satisfies keyof DeskWindow;
contextBridge.exposeInMainWorld(key, bridge);
