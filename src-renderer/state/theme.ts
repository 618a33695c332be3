import { create } from 'zustand';
import { applyTheme, storedTheme, THEME_KEY, THEMES, type Theme } from '../util/theme-choice';

export { THEMES, type Theme };

interface ThemeStore {
  theme: Theme;
  choose: (theme: Theme) => void;
}

export const useTheme = create<ThemeStore>((set) => ({
  theme: typeof localStorage === 'undefined' ? 'system' : storedTheme(),
  choose: (chosen) => {
    try {
      if (chosen === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, chosen);
    } catch {
      // Without storage the choice lasts as long as the page.
    }
    applyTheme(chosen);
    set({ theme: chosen });
  },
}));

/** Before the first paint, so that a dark choice never flashes light. */
export const applyStoredTheme = (): void => applyTheme(useTheme.getState().theme);
