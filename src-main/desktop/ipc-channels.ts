/**
 * IPC channel names, shared by the main process and the preload. Imports nothing, because the preload
 * is bundled into one sandboxed file and should carry no more than it uses.
 */
export const IpcChannel = {
  getSettings: 'desk:settings:get',
  updateSettings: 'desk:settings:update',
  syncNow: 'desk:sync-now',
  getAppInfo: 'desk:app-info',
  /** Quits in order and starts again: a staged restore is applied at the start. */
  restart: 'desk:restart',
  /** Main to renderer: a DeskCommand from the menu or a notification. */
  command: 'desk:command',
} as const;
