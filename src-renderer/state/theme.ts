import { z } from 'zod';
import { create } from 'zustand';

/** Light, dark, or as the system says: the person's choice of colours. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const KEY = 'desk.theme.v1';
const theme = z.lazy(() => z.enum(THEMES));

/** The choice kept in localStorage; anything unreadable is the system's. */
function storedTheme(): Theme {
  try {
    return theme.catch('system').parse(localStorage.getItem(KEY));
  } catch {
    return 'system';
  }
}

/** The colours follow `data-theme` on the root element (styles/app.css); the system's choice is no attribute. */
function apply(chosen: Theme): void {
  if (chosen === 'system') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = chosen;
}

interface ThemeStore {
  theme: Theme;
  choose: (theme: Theme) => void;
}

export const useTheme = create<ThemeStore>((set) => ({
  theme: typeof localStorage === 'undefined' ? 'system' : storedTheme(),
  choose: (chosen) => {
    try {
      if (chosen === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, chosen);
    } catch {
      // Without storage the choice lasts as long as the page.
    }
    apply(chosen);
    set({ theme: chosen });
  },
}));

/** Before the first paint, so that a dark choice never flashes light. */
export const applyStoredTheme = (): void => apply(useTheme.getState().theme);
