import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';
import { nextSecond } from '../support/wait';

const TOKEN = 'e2e-walk-owner-token-0123456789';

interface Stop {
  /** The focused element's role and accessible name, as assistive technology reads them. */
  aria: string;
  /** Whether the focus is drawn: an outline of 2 px or more on it, or on the label of a hidden radio. */
  visible: boolean;
  inDialog: boolean;
}

/** The element that has the focus now, read through the accessibility tree. */
async function focused(page: Page): Promise<Stop> {
  const onBody = await page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
  if (onBody) return { aria: 'the page itself', visible: false, inDialog: false };
  const line = (await page.locator('*:focus').ariaSnapshot({ timeout: 2000 })).split('\n')[0]?.replace(/^- /, '') ?? '';
  // Role, name and states; the text inside, which the snapshot adds after a colon, is not the name.
  const snapshot = /^[a-z]+(?: "[^"]*")?(?: \[[^\]]*\])*/.exec(line)?.[0] ?? line;
  // A details' summary is read as its text, with no role of its own in the snapshot: named by that text.
  const summary = await page.evaluate(() => document.activeElement?.tagName === 'SUMMARY');
  const aria = summary ? `summary "${line.replace(/^text: /, '')}"` : snapshot;
  const { visible, inDialog } = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    return { visible: drawn(el) || drawn(el?.closest('label') ?? null), inDialog: !!el?.closest('dialog[open]') };
  });
  return { aria, visible, inDialog };
}

async function walk(page: Page, steps: number, key = 'Tab'): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press(key);
    stops.push(await focused(page));
  }
  return stops;
}

/**
 * Every control of the main screen reached by Tab, named and with visible focus; dialogs hold and give back
 * the focus. Each case has a page of its own: the walk by Tab starts where the focus was left, so a case
 * that focused a control would move the next one's starting point.
 */
describe.skipIf(!hasChromium)('the desk by keyboard alone', () => {
  const { page, errors } = useDesk({
    name: 'walk',
    token: TOKEN,
    freshForEachTest: true,
    arrange: async ({ host }) => {
      await api(host.url, TOKEN, 'POST', '/api/posts/write', { content: 'A first note', post_type: 'post.note' });
      // A second later, so that it is the newest, the first in the timeline: the one whose controls Tab reaches.
      await nextSecond();
      await api(host.url, TOKEN, 'POST', '/api/posts/write', {
        content: 'A second note, mentioning @me',
        post_type: 'post.note',
      });
    },
    ready: ({ page }) => page.getByRole('feed', { name: 'Home' }).getByRole('article').first().waitFor(),
  });

  afterEach(() => {
    // Each case leaves no error in its page.
    expect(errors).toEqual([]);
  });

  it('has the landmarks: navigation, search, the main content', async () => {
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await expect(page.getByRole('complementary').count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Personas' }).count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Timelines' }).count()).resolves.toBe(1);
    await expect(page.getByRole('search').count()).resolves.toBe(1);
  });

  it('reaches every control of the main screen by Tab, each with a name and a visible focus', async () => {
    onTestFailed(() => shot(page, 'failed-walk'));
    await page.locator('body').focus();
    // Round the whole page: after its last control the focus leaves for the browser, then starts again.
    const all = await walk(page, 40);
    const stops = all.slice(
      0,
      all.findIndex((s) => s.aria === 'the page itself'),
    );
    expect(stops.length).toBeGreaterThan(20);
    const unnamed = stops.filter((s) => !/"[^"]+"/.test(s.aria));
    expect(unnamed).toEqual([]);
    expect(stops.filter((s) => !s.visible)).toEqual([]);
    const seen = stops.map((s) => s.aria);
    // In the order of the page: the skip link, Personas, New post, search, the timelines, then the posts'
    // own controls: those of one post, the timeline's Tab stop, however many posts it shows.
    const expected = [
      'link "Skip to content"',
      'button "Act as Me (1)" [pressed]',
      'button "New post"',
      'searchbox "Search posts"',
      'link "Home"',
      'link "Everything"',
      'link "Main"',
      'link "Drafts"',
      'link "Remotes and sync"',
      'link "Profile and Personas"',
      'button "Sign out"',
      'button "Articles" [pressed]',
      'button "Notes" [pressed]',
      'link "Me @me"',
      'button "Reply"',
      'button "Repost"',
      'button "Star"',
      'button "Pin colour (none)"',
      'button "More actions"',
    ];
    for (const want of expected) expect(seen, JSON.stringify(seen)).toContain(want);
    expect(seen[0]).toBe('link "Skip to content"');
    expect(seen.filter((s) => s === 'button "Reply"')).toHaveLength(1);
    expect(seen.filter((s) => /^article/.test(s))).toHaveLength(1);
    const order = expected.map((want) => seen.indexOf(want));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The post's time is the link to its conversation, named by what it shows.
    expect(seen.some((s) => /^link ".*(ago|now)"/.test(s))).toBe(true);
    // A mention in the text is a link to the Persona's posts.
    expect(seen).toContain('link "@me"');
  });

  it('keeps the focus inside the shortcuts list while it is open, and gives it back on closing', async () => {
    const opener = page.getByRole('link', { name: 'Everything' });
    await opener.focus();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    const stops = [...(await walk(page, 4)), ...(await walk(page, 3, 'Shift+Tab'))];
    expect(stops.every((s) => s.inDialog)).toBe(true);
    expect(stops.map((s) => s.aria)).toContain('button "Close"');
    await page.keyboard.press('Escape');
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('keeps the focus inside the composer, and gives it back to New post when it closes', async () => {
    onTestFailed(() => shot(page, 'failed-walk-composer'));
    const opener = page.getByRole('button', { name: 'New post' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const composer = page.getByRole('dialog', { name: 'Composer' });
    await composer.waitFor();
    // The text field has the focus at once.
    await expect.poll(async () => (await focused(page)).aria).toBe('textbox "Text (Markdown)"');
    const stops = [...(await walk(page, 30)), ...(await walk(page, 5, 'Shift+Tab'))];
    expect(stops.filter((s) => !s.inDialog)).toEqual([]);
    expect(stops.filter((s) => !/"[^"]+"/.test(s.aria))).toEqual([]);
    expect(stops.filter((s) => !s.visible)).toEqual([]);
    const names = stops.map((s) => s.aria);
    for (const want of [
      'radio "Note" [checked]',
      'combobox "Persona"',
      'combobox "Channel"',
      'summary "Place and address"',
      'button "Publish"',
      'button "Cancel"',
    ])
      expect(names).toContain(want);
    // Of the kinds, only the chosen one is a Tab stop (arrows choose another), as in any radio group.
    expect(names).not.toContain('radio "Article"');
    await shot(page, 'walk-composer');
    await page.getByRole('textbox', { name: 'Text (Markdown)' }).focus();
    await page.keyboard.press('Escape');
    await composer.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
