import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-first-screen-owner-token-0123456789';
const KEY = 'desk.first-screen.v1';

/** The page's script files: without them only the first paint, written into the shell, runs. */
const ENTRY_AND_SHELL = /\/assets\/[^/]+\.js$/;

/**
 * A returning person's load paints the screen the page last showed at the same address, before the page's
 * code has arrived, and the page's own drawing takes its place (src-renderer/first-screen/).
 */
describe.skipIf(!hasChromium)('the first screen of a returning person', () => {
  const { page, context, host, errors } = useDesk({
    name: 'first-screen',
    token: TOKEN,
    freshForEachTest: true,
    arrange: async ({ host }) => {
      for (let i = 1; i <= 12; i++)
        await api(host.url, TOKEN, 'POST', '/api/posts/write', { content: `Note number ${i}`, post_type: 'post.note' });
    },
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  /** Opens the Everything timeline and waits until its screen is kept for the next load; answers its first post's words. */
  async function visitEverything(on: Page): Promise<string> {
    await on.goto(`${host.url}/everything`);
    const first = on.getByRole('feed', { name: 'Everything' }).getByRole('article').first().locator('.post-content');
    await first.waitFor();
    await on.waitForFunction((key) => localStorage.getItem(key)?.includes('/everything') === true, KEY);
    return first.innerText();
  }

  it('paints the last visit’s posts before the page’s code has run, and only at the same address', async () => {
    onTestFailed(() => shot(page, 'failed-first-screen'));
    const top = await visitEverything(page);
    expect(top).toMatch(/^Note number \d+$/);

    const again = await context.newPage();
    onTestFailed(() => shot(again, 'failed-first-screen-painted'));
    // Nothing of the page's own code arrives: what shows is the painted screen alone.
    await again.route(ENTRY_AND_SHELL, (route) => route.abort());
    await again.goto(`${host.url}/everything`);
    const painted = again.locator('#first-screen');
    await painted.locator('article').first().waitFor();
    await expect(painted.locator('article .post-content').first().innerText()).resolves.toBe(top);
    // A picture: inert, so clicks and the focus go to the page beneath, and hidden from assistive technology.
    await expect(painted.evaluate((el) => (el as HTMLElement).inert)).resolves.toBe(true);
    await expect(again.getByRole('feed').count()).resolves.toBe(0);
    // Its times were told at the last visit: in place, but not shown.
    await expect(painted.locator('time').first().isVisible()).resolves.toBe(false);
    await expect(painted.locator('.post-content').first().isVisible()).resolves.toBe(true);
    // Its rows are laid out in order, one under the other, as the timeline drew them.
    const tops = await painted.locator('article').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().top));
    expect(tops.length).toBeGreaterThan(2);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(tops.length);
    await shot(again, 'first-screen-painted-laptop-light');

    // Another address (the Home timeline) has no screen kept: nothing is painted there.
    await again.goto(`${host.url}/mentions`);
    await again.waitForLoadState('load');
    await expect(again.locator('#first-screen').count()).resolves.toBe(0);
    await again.close();
  });

  it('gives way to the page’s own timeline, with nothing shown twice', async () => {
    onTestFailed(() => shot(page, 'failed-first-screen-swap'));
    const top = await visitEverything(page);
    await api(host.url, TOKEN, 'POST', '/api/posts/write', {
      content: 'Written since the last visit',
      post_type: 'post.note',
    });

    const again = await context.newPage();
    onTestFailed(() => shot(again, 'failed-first-screen-swap-again'));
    await again.goto(`${host.url}/everything`);
    const feed = again.getByRole('feed', { name: 'Everything' });
    await feed.getByRole('article').filter({ hasText: 'Written since the last visit' }).waitFor();
    await expect(again.locator('#first-screen').count()).resolves.toBe(0);
    // The last visit's first post, second now, is shown once: the painted copy of it is gone.
    await expect(again.getByText(top, { exact: true }).count()).resolves.toBe(1);
    // The screen kept now is this visit's, with the new post on top.
    await again.waitForFunction(
      (key) => localStorage.getItem(key)?.includes('Written since the last visit') === true,
      KEY,
    );
    await again.close();
  });

  it('is painted in the colours the person chose, and never to another session', async () => {
    onTestFailed(() => shot(page, 'failed-first-screen-session'));
    await page.evaluate(() => localStorage.setItem('desk.theme.v1', 'dark'));
    await visitEverything(page);

    const again = await context.newPage();
    await again.route(ENTRY_AND_SHELL, (route) => route.abort());
    await again.goto(`${host.url}/everything`);
    await again.locator('#first-screen article').first().waitFor();
    await expect(again.evaluate(() => document.documentElement.dataset['theme'])).resolves.toBe('dark');
    await shot(again, 'first-screen-painted-laptop-dark');

    // Another token in the same browser: the screen was the other session's.
    await again.evaluate(() =>
      localStorage.setItem('desk.session.v1', JSON.stringify({ token: 'another', source: 'pasted' })),
    );
    await again.reload();
    await again.waitForLoadState('load');
    await expect(again.locator('#first-screen').count()).resolves.toBe(0);
    await again.close();
  });

  it('is painted as each layout drew it: a phone’s bars, a wide window’s columns', async () => {
    for (const [layout, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['wide', { width: 1600, height: 900 }],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const visit = await context.newPage();
        await visit.setViewportSize(viewport);
        await visit.emulateMedia({ colorScheme });
        await visitEverything(visit);
        await visit.close();
        const again = await context.newPage();
        await again.setViewportSize(viewport);
        await again.emulateMedia({ colorScheme });
        await again.route(ENTRY_AND_SHELL, (route) => route.abort());
        await again.goto(`${host.url}/everything`);
        await again.locator('#first-screen article').first().waitFor();
        await expect(again.locator(`#first-screen .shell.${layout}`).count()).resolves.toBe(1);
        await shot(again, `first-screen-painted-${layout}-${colorScheme}`);
        await again.close();
      }
    }
  });

  it('is forgotten on signing out, and a damaged one is passed over', async () => {
    onTestFailed(() => shot(page, 'failed-first-screen-sign-out'));
    await visitEverything(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('textbox', { name: 'Owner token' }).waitFor();
    await expect(page.evaluate((key) => localStorage.getItem(key), KEY)).resolves.toBeNull();

    await page.evaluate((key) => {
      localStorage.setItem(
        'desk.session.v1',
        JSON.stringify({ token: 'e2e-first-screen-owner-token-0123456789', source: 'pasted' }),
      );
      localStorage.setItem(key, '{"path": "/everything", "html": 7');
    }, KEY);
    await page.goto(`${host.url}/everything`);
    await page.getByRole('feed', { name: 'Everything' }).getByRole('article').first().waitFor();
    await expect(page.locator('#first-screen').count()).resolves.toBe(0);
  });
});
