/**
 * The commands the application menu (and a notification click) send to the renderer. One table, imported
 * by the menu and by the renderer, so a shortcut shown in the menu is the one the interface answers to.
 * Imports nothing: the renderer loads this file too.
 */
export type DeskCommand =
  | { command: 'new-post' }
  | { command: 'search' }
  | { command: 'switch-persona'; position: PersonaPosition }
  | { command: 'preferences' }
  | { command: 'show-mentions' };

/** The Persona's place in the switcher, first is 1; the menu offers the first nine. */
export type PersonaPosition = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export const PERSONA_POSITIONS: readonly PersonaPosition[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Electron accelerator syntax; `CmdOrCtrl` is Command on macOS and Control elsewhere. */
export const SHORTCUTS = {
  newPost: 'CmdOrCtrl+N',
  search: 'CmdOrCtrl+F',
  /** Followed by the Persona's position, 1 to 9. */
  switchPersonaPrefix: 'CmdOrCtrl+',
  syncNow: 'CmdOrCtrl+Shift+R',
  preferences: 'CmdOrCtrl+,',
} as const;
