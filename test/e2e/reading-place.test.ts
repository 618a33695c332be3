import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, scrollAndSettle, shot } from './support/desk-page';
import { writeNumberedPosts } from './support/numbered-posts';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-place-owner-token-0123456789';

/** What the focus is on: a row's position in its list, or else its role and name as the page reads them. */
async function focusedThing(page: Page): Promise<{ row: number | null; inFeed: boolean; tag: string; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const row = el?.closest('article[data-index]');
    return {
      row: row && row === el ? Number(row.getAttribute('data-index')) : null,
      inFeed: !!el?.closest('[role="feed"], ol.thread'),
      tag: el?.tagName ?? '',
      name: el?.getAttribute('aria-label') ?? el?.textContent.trim().slice(0, 40) ?? '',
    };
  });
}

/**
 * Reading a long timeline and coming back to it: the place and the selected post are kept through a post
 * opened from it (Back in the page, the browser's Back and Forward) and through another timeline; Tab
 * stops once per list; the arrows and j/k move between posts. Each case has a host and a page of its own
 * holding 150 posts of different heights.
 */
describe.skipIf(!hasChromium)("the reader's place and the keyboard in a long timeline", () => {
  const { page, errors } = useDesk({
    name: 'place',
    token: TOKEN,
    freshForEachTest: true,
    arrange: ({ host }) => writeNumberedPosts(host.url, TOKEN),
    ready: ({ page }) => page.getByRole('feed', { name: 'Home' }).getByRole('article').first().waitFor(),
  });

  afterEach(() => {
    // Each case leaves no error in its page.
    expect(errors).toEqual([]);
  });

  const feed = (name = 'Home') => page.getByRole('feed', { name });
  const selectedRow = (name = 'Home') => feed(name).locator('article.selected');
  const numberOf = async (row: Locator) => (await row.textContent())?.match(/Numbered post (\d+)/)?.[1] ?? '';

  /** Scrolls down until every post is loaded (older pages come as the end nears), then back to `top`. */
  const loadAllThenScrollTo = async (top: number) => {
    for (let round = 0; round < 30 && (await feed().getByText('That is all.').count()) === 0; round++) {
      const height = await feed().evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        return el.scrollHeight;
      });
      await expect
        .poll(() =>
          feed().evaluate((el, before) => el.scrollHeight > before || el.querySelector('.end') !== null, height),
        )
        .toBe(true);
    }
    await expect.poll(() => feed().getAttribute('aria-busy')).toBe('false');
    await scrollAndSettle(feed(), { top });
  };

  /** Selects a post in the middle of the view (a click on it would open it), then moves down two with j. */
  const selectFarDown = async () => {
    const middle = await feed().evaluate((el) => {
      const box = el.getBoundingClientRect();
      const y = box.top + box.height / 2;
      const row = [...el.querySelectorAll('article')].find(
        (a) => a.getBoundingClientRect().top <= y && a.getBoundingClientRect().bottom > y,
      );
      return Number(row?.getAttribute('data-index'));
    });
    expect(middle).toBeGreaterThan(60);
    await feed().locator(`article[data-index="${middle}"]`).focus();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(middle + 2);
    const row = selectedRow();
    return {
      index: middle + 2,
      number: await numberOf(row),
      top: await feed().evaluate((el) => el.scrollTop),
      y: (await row.boundingBox())?.y ?? -1,
    };
  };

  /** The timeline shows what it showed when `before` was taken: same scroll, same post selected, focused and where it was. */
  const expectSamePlace = async (before: { index: number; number: string; top: number; y: number }, name = 'Home') => {
    await selectedRow(name).waitFor();
    await expect
      .poll(async () => Math.abs((await feed(name).evaluate((el) => el.scrollTop)) - before.top))
      .toBeLessThan(2);
    await expect(numberOf(selectedRow(name))).resolves.toBe(before.number);
    await expect.poll(() => selectedRow(name).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(Math.abs(((await selectedRow(name).boundingBox())?.y ?? 0) - before.y)).toBeLessThan(2);
  };

  it("comes back from a post to the same place and selection: Back in the page, then the browser's Forward and Back", async () => {
    onTestFailed(() => shot(page, 'failed-place-back'));
    await loadAllThenScrollTo(12_000);
    const before = await selectFarDown();
    await page.keyboard.press('o');
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    await expectSamePlace(before);
    await shot(page, 'place-back');
    // j goes on from the post that was selected.
    await page.keyboard.press('j');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(before.index + 1);
    await page.keyboard.press('k');
    await expect.poll(async () => numberOf(selectedRow())).toBe(before.number);

    const now = {
      ...before,
      top: await feed().evaluate((el) => el.scrollTop),
      y: (await selectedRow().boundingBox())?.y ?? -1,
    };
    await page.goForward();
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page.goBack();
    await expectSamePlace(now);
  });

  it('comes back to the same place and selection after reading another timeline', async () => {
    onTestFailed(() => shot(page, 'failed-place-switch'));
    await loadAllThenScrollTo(12_000);
    const before = await selectFarDown();
    await page.getByRole('link', { name: /^Everything/ }).click();
    await feed('Everything').getByRole('article').first().waitFor();
    // The other timeline is a place of its own: it starts on top, nothing selected.
    await expect(feed('Everything').evaluate((el) => el.scrollTop)).resolves.toBe(0);
    await expect(selectedRow('Everything').count()).resolves.toBe(0);
    await page.getByRole('link', { name: /^Home/ }).click();
    await expectSamePlace(before);

    // A type filter shows another list; the same filters again show this one at its place, and the focus
    // stays on the filter that the person is working.
    const notes = page.getByRole('button', { name: 'Notes' });
    await notes.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => notes.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => notes.getAttribute('aria-pressed')).toBe('true');
    await selectedRow().waitFor();
    await expect.poll(async () => Math.abs((await feed().evaluate((el) => el.scrollTop)) - before.top)).toBeLessThan(2);
    await expect(notes.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  it('stops at one post when tabbing through a timeline, from the skip link on: a few stops, not a few for every post', async () => {
    onTestFailed(() => shot(page, 'failed-place-tab'));
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // Out of sight until it has the focus, then on screen.
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 10).toBe(true);
    await shot(page, 'place-skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(0);

    const inside: string[] = [];
    for (let presses = 1; presses <= 30; presses++) {
      await page.keyboard.press('Tab');
      const now = await focusedThing(page);
      if (!now.inFeed) break;
      inside.push(`${now.tag} ${now.name}`);
    }
    // The first post's own links and buttons, then out: however many posts the timeline holds.
    expect(inside.length).toBeGreaterThan(2);
    expect(inside.length).toBeLessThan(12);
    expect(inside).toContain('BUTTON Reply');
    await expect(feed().getByRole('article').count()).resolves.toBeGreaterThan(5);
    const rows = feed().locator('article[tabindex="0"]');
    await expect(rows.count()).resolves.toBe(1);
    // Other posts' controls are clickable but no Tab stops.
    await expect(
      feed().locator('article[data-index="3"]').getByRole('button', { name: 'Reply' }).getAttribute('tabindex'),
    ).resolves.toBe('-1');
    // Shift+Tab comes back into the list through the same post.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focusedThing(page)).inFeed).toBe(true);
    await expect(
      page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('data-index')),
    ).resolves.toBe('0');
  });

  it('moves between posts with the arrows, j and k, Home and End', async () => {
    onTestFailed(() => shot(page, 'failed-place-arrows'));
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(0);
    const steps: [string, number][] = [
      ['ArrowDown', 1],
      ['j', 2],
      ['ArrowDown', 3],
      ['ArrowUp', 2],
      ['k', 1],
      ['End', 39],
      ['Home', 0],
    ];
    for (const [key, row] of steps) {
      await page.keyboard.press(key);
      await expect.poll(async () => (await focusedThing(page)).row, { message: `${key} to row ${row}` }).toBe(row);
      await expect(feed().locator('article[tabindex="0"]').getAttribute('data-index')).resolves.toBe(String(row));
    }
    // From one of a post's own buttons too.
    await feed().locator('article[data-index="0"]').getByRole('button', { name: 'Reply' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(1);
  });

  it('still takes a click on a control of a post that is not selected, and selects that post', async () => {
    onTestFailed(() => shot(page, 'failed-place-click'));
    await page.keyboard.press('j');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(0);
    const third = feed().locator('article[data-index="2"]');
    const star = third.getByRole('button', { name: 'Star' });
    await expect(star.getAttribute('tabindex')).resolves.toBe('-1');
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect(third.getAttribute('class')).resolves.toContain('selected');
    // Now the list's Tab stop, its controls are Tab stops again.
    await expect.poll(() => star.getAttribute('tabindex')).toBe(null);
  });

  it('stops at one post when tabbing through a conversation', async () => {
    onTestFailed(() => shot(page, 'failed-place-thread-tab'));
    await feed().locator('article[data-index="0"] .post-content').click();
    const guid = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    for (let i = 1; i <= 6; i++)
      await api(new URL(page.url()).origin, TOKEN, 'POST', '/api/posts/write', {
        content: `Answer ${i}`,
        post_type: 'post.note',
        reply_to: guid,
      });
    await page.reload();
    const list = page.getByRole('list', { name: 'Conversation' });
    await list
      .getByRole('article', { name: /reply level 1/ })
      .first()
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('true');
    const inside: string[] = [];
    for (let presses = 1; presses <= 30; presses++) {
      await page.keyboard.press('Tab');
      const now = await focusedThing(page);
      if (!now.inFeed) break;
      inside.push(`${now.tag} ${now.name}`);
    }
    expect(inside.length).toBeGreaterThan(2);
    expect(inside.length).toBeLessThan(12);
    await expect(list.locator('article[tabindex="0"]').count()).resolves.toBe(1);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focusedThing(page)).row).toBe(1);
  });
});
