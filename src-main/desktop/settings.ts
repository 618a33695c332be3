import path from 'node:path';
import { readJsonFile, writeJsonFile } from '../store/json-file';
import {
  DEFAULT_SETTINGS,
  applySettingsPatch,
  storedSettingsSchema,
  type Settings,
  type SettingsPatch,
} from './settings-schema';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStore {
  get(): Settings;
  /** Saves the changed settings, then tells the listeners (which apply them), then answers them. */
  update(patch: SettingsPatch): Promise<Settings>;
  /** Called after every change with the new and the previous settings. */
  onChange(listener: SettingsListener): void;
}

export type SettingsListener = (next: Settings, previous: Settings) => void | Promise<void>;

export function openSettings(folder: string): SettingsStore {
  const file = path.join(folder, SETTINGS_FILE);
  let current: Settings = readJsonFile(file, storedSettingsSchema) ?? DEFAULT_SETTINGS;
  const listeners: SettingsListener[] = [];
  // One change at a time: a second change waits until the listeners have applied the first.
  let queue: Promise<unknown> = Promise.resolve();
  const apply = async (patch: SettingsPatch): Promise<Settings> => {
    const previous = current;
    const next = applySettingsPatch(previous, patch);
    writeJsonFile(file, next);
    current = next;
    for (const listener of listeners) await listener(next, previous);
    return next;
  };
  return {
    get: () => current,
    update: (patch) => {
      const done = queue.then(() => apply(patch));
      queue = done.catch(() => undefined);
      return done;
    },
    onChange: (listener) => void listeners.push(listener),
  };
}
