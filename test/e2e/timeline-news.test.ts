import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, scrollAndSettle, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';
import { nextSecond } from '../support/wait';

const TOKEN = 'e2e-news-owner-token-0123456789';

/**
 * New posts arriving while the person reads: their place is kept, and what is new since they looked is
 * marked. Each case has a page of its own that has seen 30 posts, and writes what else it needs.
 */
describe.skipIf(!hasChromium)('new posts in a timeline', () => {
  const { host, page, errors, openPage } = useDesk({
    name: 'news',
    token: TOKEN,
    fakeClock: true,
    freshForEachTest: true,
    arrange: async () => {
      for (let i = 1; i <= 30; i++)
        await write(`Older post ${i}\n\n${'A line to give the post some height. '.repeat(4)}`);
    },
  });

  const write = (content: string) =>
    api(host.url, TOKEN, 'POST', '/api/posts/write', { content, post_type: 'post.note' });
  const feed = () => page.getByRole('feed', { name: 'Home' });
  const marker = () => page.getByRole('separator').filter({ hasText: 'New since you last looked' });

  /** Home seen, then left for Everything: leaving tells the instance the newest post seen there. */
  const leaveHomeTellingTheInstance = async () => {
    await feed().getByRole('article').first().waitFor();
    const told = page.waitForResponse((r) => r.url().endsWith('/api/markers') && r.request().method() === 'POST');
    await page.getByRole('link', { name: /^Everything/ }).click();
    expect((await told).status()).toBe(200);
  };
  /** Posts newer than every one seen: equal times sort by GUID, so they are written in a later second. */
  const writeFresh = async (count: number) => {
    await nextSecond();
    for (let n = 1; n <= count; n++) await write(`Fresh post ${n}`);
  };

  afterEach(() => {
    // Each case leaves no error in its page.
    expect(errors).toEqual([]);
  });

  it('keeps the post being read in place when new ones arrive above, and jumps up to them on request', async () => {
    onTestFailed(() => shot(page, 'failed-news'));
    await feed().getByRole('article').first().waitFor();
    await scrollAndSettle(feed(), { top: 1500 });
    // The post at the top of the view: its text names it, whatever order the same second gave.
    const readingText = await feed().evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const row = [...el.querySelectorAll('article')].find((a) => a.getBoundingClientRect().bottom > top + 10);
      return row?.textContent.match(/Older post \d+/)?.[0] ?? '';
    });
    const reading = feed()
      .getByRole('article')
      .filter({ hasText: new RegExp(`${readingText}\\b`) });
    const topBefore = (await reading.boundingBox())?.y ?? 0;

    // Equal times sort by GUID: a post sure to arrive above the ones seen is written in a later second.
    await nextSecond();
    for (const n of [1, 2, 3]) await write(`Fresh post ${n}`);
    await page.clock.fastForward(16_000);
    const jump = page.getByRole('button', { name: '3 new posts above' });
    await jump.waitFor();
    // The new rows are measured in the frames after they arrive: the post being read ends up where it was.
    await expect.poll(async () => Math.abs(((await reading.boundingBox())?.y ?? 0) - topBefore)).toBeLessThan(3);
    await shot(page, 'news-waiting-above');

    await jump.click();
    await feed().getByText('Fresh post 3').waitFor();
    await expect.poll(() => feed().evaluate((el) => el.scrollTop)).toBe(0);
    await expect(jump.count()).resolves.toBe(0);
    // The marker sits on the first post that was there before, under the three new ones.
    await expect(marker().locator('xpath=ancestor::article').getAttribute('data-index')).resolves.toBe('3');
    await shot(page, 'news-marker');
  });

  it('remembers per timeline what was seen: the marker moves on after leaving, also through a reload', async () => {
    // Three posts newer than the ones seen, written while the page is closed and read into it when it opens
    // again: it shows them above the marker. (An open page at the top of its timeline shows what arrives as
    // it arrives, and counts it as seen.)
    await feed().getByRole('article').first().waitFor();
    await page.goto('about:blank');
    await nextSecond();
    for (const n of [1, 2, 3]) await write(`Fresh post ${n}`);
    await page.goto(host.url);
    await marker().waitFor();

    await page.getByRole('link', { name: /^Everything/ }).click();
    await page.getByRole('feed', { name: 'Everything' }).waitFor();
    await page.getByRole('link', { name: /^Home/ }).click();
    await feed().getByText('Fresh post 3').waitFor();
    await expect(marker().count()).resolves.toBe(0);

    await page.goto('about:blank');
    await nextSecond();
    await write('Written while the page was closed');
    await page.goto(host.url);
    await feed().getByText('Written while the page was closed').waitFor();
    await expect(marker().locator('xpath=ancestor::article').getAttribute('data-index')).resolves.toBe('1');
  });

  it('shows another browser what is new since this one looked: the instance keeps the mark', async () => {
    await leaveHomeTellingTheInstance();
    await writeFresh(3);
    // A browser that never saw the timeline: without the instance's mark, everything would count as seen.
    const other = await openPage();
    const otherFeed = other.getByRole('feed', { name: 'Home' });
    await otherFeed.getByText('Fresh post 3').waitFor();
    const otherMarker = other.getByRole('separator').filter({ hasText: 'New since you last looked' });
    await expect(otherMarker.locator('xpath=ancestor::article').getAttribute('data-index')).resolves.toBe('3');
    await shot(other, 'news-marker-other-browser');
  });

  it('offers to continue where the person left off, further down than the posts read at first', async () => {
    await leaveHomeTellingTheInstance();
    // More new posts than the first page holds: where reading stopped is not even read yet.
    await writeFresh(60);
    const other = await openPage();
    const otherFeed = other.getByRole('feed', { name: 'Home' });
    await otherFeed.getByRole('article').first().waitFor();
    const offer = other.getByRole('button', { name: 'Continue where you left off' });
    await offer.click();
    const otherMarker = other.getByRole('separator').filter({ hasText: 'New since you last looked' });
    const markedRow = otherMarker.locator('xpath=ancestor::article');
    await expect(markedRow.getAttribute('data-index')).resolves.toBe('60');
    // On screen and selected (j and k go on from there), with the oldest post new to the person above it.
    const within = async (row: typeof markedRow) => {
      const [box, view] = await Promise.all([row.boundingBox(), otherFeed.boundingBox()]);
      return box !== null && view !== null && box.y >= view.y - 1 && box.y + box.height <= view.y + view.height + 1;
    };
    await expect.poll(() => within(markedRow)).toBe(true);
    await expect(within(otherFeed.locator('article[data-index="59"]'))).resolves.toBe(true);
    await expect(markedRow.getAttribute('class')).resolves.toContain('selected');
    await expect.poll(() => markedRow.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(offer.count()).resolves.toBe(0);
    await shot(other, 'news-continue');
  });
});
