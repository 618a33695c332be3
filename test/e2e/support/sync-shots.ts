import type { Page } from 'playwright-core';
import { shot } from './desk-page';

/** The sizes every sync state is photographed at: the shell's three layouts (use-media.ts). */
const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
  ['wide', { width: 1920, height: 1080 }],
] as const;

/**
 * Photographs the Remotes screen in light and dark at each size (`sync-<state>-<size>-<scheme>.png`): the
 * sidebar beside it on a laptop, the side column too on a wide screen. A phone shows its menu, where the
 * status lines are, in a picture of its own (`…-phone-<scheme>-menu.png`). Leaves the page as it was.
 */
export async function shootSyncState(page: Page, state: string): Promise<void> {
  const before = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { name: 'Remotes and sync' }).waitFor();
      await shot(page, `sync-${state}-${size}-${scheme}`);
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.getByRole('list', { name: 'Sync status' }).scrollIntoViewIfNeeded();
        await shot(page, `sync-${state}-${size}-${scheme}-menu`);
        await menu.getByRole('button', { name: 'Close menu' }).click();
        await menu.waitFor({ state: 'detached', timeout: 5_000 });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}
