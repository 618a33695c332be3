/**
 * The person's choice of colours as localStorage keeps it, read and applied without the page's libraries:
 * the first screen (first-screen/paint.ts) is painted in it before the rest of the page has loaded.
 */

/** Light, dark, or as the system says. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_KEY = 'desk.theme.v1';

const isTheme = (value: string | null): value is Theme => (THEMES as readonly (string | null)[]).includes(value);

/** The choice kept; anything unreadable is the system's. */
export function storedTheme(): Theme {
  try {
    const kept = localStorage.getItem(THEME_KEY);
    return isTheme(kept) ? kept : 'system';
  } catch {
    return 'system';
  }
}

/** The colours follow `data-theme` on the root element (styles/app.css); the system's choice is no attribute. */
export function applyTheme(chosen: Theme): void {
  if (chosen === 'system') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = chosen;
}
