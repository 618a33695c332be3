import type { DeskCommand } from './commands';
import type { Settings, SettingsPatch } from './settings-schema';

/**
 * What the preload exposes to the renderer as `window.desk`: a few named functions, nothing else.
 * Types only, so the renderer can import this file without pulling in Electron.
 */
export interface DeskBridge {
  getSettings(): Promise<Settings>;
  /** Applies the change (starting or stopping the loopback server, the login item) and answers the result. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  /** Runs one round of sync now; resolves when it is done. */
  syncNow(): Promise<void>;
  getAppInfo(): Promise<AppInfo>;
  /** Quits the app in order and starts it again (a staged restore is applied at the start). */
  restart(): Promise<void>;
  /** Menu commands and notification clicks; returns the function that stops listening. */
  onCommand(listener: (command: DeskCommand) => void): () => void;
}

export interface AppInfo {
  version: string;
  platform: string;
  loopback: LoopbackStatus;
  /** Whether remote tokens are encrypted by the system keychain (safeStorage) on this computer. */
  secretsEncrypted: boolean;
}

export type LoopbackStatus =
  { state: 'off' } | { state: 'listening'; url: string } | { state: 'failed'; reason: string };

/** The window as the preload leaves it. In a plain browser (the headless host) there is no bridge. */
export interface DeskWindow {
  desk?: DeskBridge;
}

export type { DeskCommand, Settings, SettingsPatch };
