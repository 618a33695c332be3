import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, nextFrames, scrollAndSettle, shot } from './support/desk-page';
import { writeNumberedPosts } from './support/numbered-posts';
import { useDesk } from './support/use-desk';
import { nextSecond } from '../support/wait';

const TOKEN = 'e2e-place-news-owner-token-0123456789';

/**
 * Coming back to a timeline after posts arrived above the place left: a file of its own, as its page has
 * a clock the test moves (and a process keeps one folder of databases).
 */
describe.skipIf(!hasChromium)("the reader's place when posts came meanwhile", () => {
  const { host, page, errors } = useDesk({
    name: 'place-news',
    token: TOKEN,
    fakeClock: true,
    freshForEachTest: true,
    arrange: ({ host }) => writeNumberedPosts(host.url, TOKEN),
    ready: ({ page }) => page.getByRole('feed', { name: 'Home' }).getByRole('article').first().waitFor(),
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('keeps the post that was being read where it was, and counts the new ones above', async () => {
    onTestFailed(() => shot(page, 'failed-place-news'));
    const feed = page.getByRole('feed', { name: 'Home' });
    await scrollAndSettle(feed, { top: 3000 });
    const reading = await feed.evaluate((el) => {
      const top = el.getBoundingClientRect().top + el.clientHeight / 2;
      const row = [...el.querySelectorAll('article')].find(
        (a) => a.getBoundingClientRect().top <= top && a.getBoundingClientRect().bottom > top,
      );
      return row?.textContent.match(/Numbered post \d+\./)?.[0] ?? '';
    });
    const row = feed.getByRole('article').filter({ hasText: reading });
    // Selected by the focus (a click on its text opens it), which may bring it into view over a few frames:
    // measured once it stays put.
    await row.focus();
    const yNow = async () => (await row.boundingBox())?.y ?? -1;
    await expect
      .poll(async () => {
        const before = await yNow();
        await nextFrames(page);
        return Math.abs((await yNow()) - before);
      })
      .toBeLessThan(1);
    const y = await yNow();
    await row.locator('.post-content').click();
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();

    // While the post is read, three posts are written, and more than a poll's time goes by.
    await nextSecond();
    for (const n of [1, 2, 3])
      await api(host.url, TOKEN, 'POST', '/api/posts/write', { content: `Fresh post ${n}`, post_type: 'post.note' });
    await page.clock.fastForward(16_000);
    await page.goBack();

    await page.getByRole('button', { name: '3 new posts above' }).waitFor();
    await expect.poll(async () => Math.abs(((await row.boundingBox())?.y ?? 0) - y)).toBeLessThan(2);
    await expect(row.getAttribute('class')).resolves.toContain('selected');
    await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, 'place-news');
  });
});
