import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-shell-owner-token-0123456789';

/**
 * The shell at a phone's size, a laptop's and a wide screen's: bars on a phone with the sidebar as a menu,
 * a centred column and a side column on a wide screen; the person's choice of colours; the edited marker.
 */
describe.skipIf(!hasChromium)('the shell at every size', () => {
  const { page, host, errors } = useDesk({
    name: 'shell',
    token: TOKEN,
    freshForEachTest: true,
    arrange: async ({ host }) => {
      for (const content of ['A first note', 'A second note'])
        await api(host.url, TOKEN, 'POST', '/api/posts/write', { content, post_type: 'post.note' });
    },
    ready: ({ page }) => page.getByRole('feed', { name: 'Home' }).getByRole('article').first().waitFor(),
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('on a phone: a top bar, a bottom bar, and the sidebar as a menu that closes on a choice', async () => {
    onTestFailed(() => shot(page, 'failed-shell-phone'));
    await page.setViewportSize({ width: 390, height: 844 });
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.waitFor();
    // No sidebar stacked over the screen: the posts start under the top bar.
    expect(await page.getByRole('complementary', { name: 'Desk' }).count()).toBe(0);
    const feedTop = (await page.getByRole('feed', { name: 'Home' }).boundingBox())?.y ?? Infinity;
    expect(feedTop).toBeLessThan(200);
    await expect(sections.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBe('page');
    await shot(page, 'shell-phone');

    await sections.getByRole('link', { name: 'Mentions' }).click();
    await page.waitForURL(`${host.url}/mentions`);

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('navigation', { name: 'Personas' }).waitFor();
    await shot(page, 'shell-phone-menu');
    await menu.getByRole('link', { name: /^Everything/ }).click();
    await page.waitForURL(`${host.url}/everything`);
    await menu.waitFor({ state: 'detached' });

    // Search opens the menu with the search field ready; Escape closes it.
    await sections.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search posts');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await sections.getByRole('button', { name: 'New' }).click();
    await page.getByRole('form', { name: 'New post' }).waitFor();
  });

  it('on a wide screen: the column of posts centred, sync in a side column', async () => {
    onTestFailed(() => shot(page, 'failed-shell-wide'));
    await page.setViewportSize({ width: 1920, height: 1080 });
    const side = page.getByRole('complementary', { name: 'Sync and scheduled' });
    await side.getByText('Local only: no remotes.').waitFor();
    await side.getByText('Nothing waits for its time.').waitFor();
    const screen = await page.getByRole('region', { name: /^Home/ }).boundingBox();
    const main = await page.getByRole('main').boundingBox();
    if (!screen || !main) throw new Error('the screen is not laid out');
    expect(Math.abs(screen.x - main.x - (main.x + main.width - (screen.x + screen.width)))).toBeLessThan(2);
    expect(screen.width).toBeLessThan(900);
    await shot(page, 'shell-wide');
    // At a laptop's size the sidebar has it again, and there is no side column.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('complementary', { name: 'Desk' }).getByText('Local only: no remotes.').waitFor();
    expect(await side.count()).toBe(0);
  });

  it('keeps the colours the person chose over the system, through a reload', async () => {
    onTestFailed(() => shot(page, 'failed-shell-theme'));
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await background();
    await page.getByRole('link', { name: 'Profile and Personas' }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await page.getByRole('radio', { name: 'Dark' }).waitFor();
    expect(await background()).toBe(dark);
    await page.getByRole('radio', { name: 'As the system' }).check();
    await expect.poll(background).toBe(light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).toBe(dark);
  });

  it('marks a post changed after it was written, and not one written with an earlier date', async () => {
    onTestFailed(() => shot(page, 'failed-shell-edited'));
    const write = async (params: Record<string, unknown>, guid = '') => {
      const answer = await api(host.url, TOKEN, 'POST', guid ? `/api/posts/${guid}/write` : '/api/posts/write', params);
      expect(answer.status).toBe(200);
      return answer.json.data[0] as { guid: string };
    };
    await write({ content: 'Written with an old date', post_type: 'post.note', publish_at: '2020-01-01T10:00:00Z' });
    const changed = await write({ content: 'Written, then changed', post_type: 'post.note' });
    // Changed beyond the moment a write takes (EDIT_GRACE_S): the host stamps by the second.
    const later = Math.floor(Date.now() / 1000) + 3;
    await expect
      .poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000, interval: 100 })
      .toBeGreaterThanOrEqual(later);
    await write({ content: 'Written, then changed here' }, changed.guid);
    await page.getByRole('link', { name: /^Everything/ }).click();
    const edited = page.getByRole('article').filter({ hasText: 'Written, then changed here' });
    await edited.getByText('edited', { exact: true }).waitFor();
    const dated = page.getByRole('article').filter({ hasText: 'Written with an old date' });
    await dated.waitFor();
    expect(await dated.getByText('edited', { exact: true }).count()).toBe(0);
  });
});
