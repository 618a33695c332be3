import type { MenuItemConstructorOptions } from 'electron';
import { PERSONA_POSITIONS, SHORTCUTS, type DeskCommand } from './commands';

/** A menu item whose click needs no arguments; Electron's template type accepts it as is. */
export type DeskMenuItem = Omit<MenuItemConstructorOptions, 'click' | 'submenu'> & {
  click?: () => void;
  submenu?: DeskMenuItem[];
};

export interface MenuActions {
  /** Hands a command to the window's interface. */
  send(command: DeskCommand): void;
  syncNow(): void;
  /** Puts the owner token on the clipboard, for setting up another client of the loopback server. */
  copyOwnerToken(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Adds reload and developer tools, which a built app does not offer. */
  development: boolean;
}

/**
 * The application menu. Its shortcuts are the interface's (commands.ts): the menu shows them, and
 * because a menu accelerator works wherever the focus is, they reach the interface even from a text field.
 */
export function menuTemplate(actions: MenuActions, options: MenuOptions): DeskMenuItem[] {
  const mac = options.platform === 'darwin';
  const preferences: DeskMenuItem = {
    label: mac ? 'Settings…' : 'Preferences…',
    accelerator: SHORTCUTS.preferences,
    click: () => actions.send({ command: 'preferences' }),
  };
  const appMenu: DeskMenuItem = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      preferences,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const fileMenu: DeskMenuItem = {
    label: '&File',
    submenu: [
      { label: 'New Post', accelerator: SHORTCUTS.newPost, click: () => actions.send({ command: 'new-post' }) },
      { type: 'separator' },
      { label: 'Sync Now', accelerator: SHORTCUTS.syncNow, click: () => actions.syncNow() },
      { label: 'Copy Owner Token', click: () => actions.copyOwnerToken() },
      { type: 'separator' },
      ...(mac
        ? [{ role: 'close' } satisfies DeskMenuItem]
        : [preferences, { type: 'separator' } satisfies DeskMenuItem, { role: 'quit' } satisfies DeskMenuItem]),
    ],
  };
  const goMenu: DeskMenuItem = {
    label: '&Go',
    submenu: [
      { label: 'Search', accelerator: SHORTCUTS.search, click: () => actions.send({ command: 'search' }) },
      { label: 'Mentions', click: () => actions.send({ command: 'show-mentions' }) },
      { type: 'separator' },
      ...PERSONA_POSITIONS.map((position): DeskMenuItem => ({
        label: `Persona ${position}`,
        accelerator: `${SHORTCUTS.switchPersonaPrefix}${position}`,
        click: () => actions.send({ command: 'switch-persona', position }),
      })),
    ],
  };
  const viewMenu: DeskMenuItem = {
    label: '&View',
    submenu: [
      ...(options.development
        ? [
            { role: 'reload' } satisfies DeskMenuItem,
            { role: 'toggleDevTools' } satisfies DeskMenuItem,
            { type: 'separator' } satisfies DeskMenuItem,
          ]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  return [...(mac ? [appMenu] : []), fileMenu, { role: 'editMenu' }, viewMenu, goMenu, { role: 'windowMenu' }];
}
