import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoginItemOptions {
  platform: NodeJS.Platform;
  /** app.setLoginItemSettings, which works on macOS and Windows only. */
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args?: string[] }): void;
  /** How to start this app: the executable (the AppImage file for an AppImage), then its arguments. */
  command: readonly [string, ...string[]];
  /** Linux: the XDG autostart folder; default `$XDG_CONFIG_HOME/autostart` or `~/.config/autostart`. */
  autostartDir?: string;
}

export const AUTOSTART_FILE = 'publishing-desk.desktop';

/**
 * "Open at login". macOS and Windows keep login items themselves; Linux desktops start what the XDG
 * autostart folder lists, which Electron does not manage, so there the entry is written (or removed) here.
 */
export function applyOpenAtLogin(enabled: boolean, options: LoginItemOptions): void {
  if (options.platform === 'linux') {
    const folder = options.autostartDir ?? defaultAutostartDir();
    const file = path.join(folder, AUTOSTART_FILE);
    if (!enabled) {
      fs.rmSync(file, { force: true });
      return;
    }
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(file, autostartEntry(options.command));
    return;
  }
  const [executable, ...args] = options.command;
  options.setLoginItemSettings(
    options.platform === 'win32' ? { openAtLogin: enabled, path: executable, args } : { openAtLogin: enabled },
  );
}

function defaultAutostartDir(): string {
  const config = process.env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
  return path.join(config, 'autostart');
}

/** A desktop entry; Exec arguments quoted as the Desktop Entry Specification asks. */
export function autostartEntry(command: readonly string[]): string {
  const exec = command.map((part) => `"${part.replace(/["`$\\]/g, (c) => `\\${c}`)}"`).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Publishing Desk',
    `Exec=${exec}`,
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
