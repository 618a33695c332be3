import { afterEach, describe, expect, it } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-scheduled-owner-token-0123456789';
const HOUR = 3600;

/**
 * Scheduled posts in the page, against a real host: they wait on the Scheduled screen, off the timelines,
 * until their time comes or the person publishes them now; their time can be changed, and a cancelled one
 * goes back to Drafts.
 */
describe.skipIf(!hasChromium)('scheduled posts in a browser', () => {
  const { host, page, errors, postWith } = useDesk({ name: 'scheduled', token: TOKEN, freshForEachTest: true });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  const nowUnix = () => Math.floor(Date.now() / 1000);
  const write = async (
    content: string,
    params: Record<string, unknown> = {},
  ): Promise<{ guid: string; publish_unix: number }> => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/posts/write', {
      content,
      post_type: 'post.note',
      ...params,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data[0];
  };
  const read = async (guid: string) => api(host.url, TOKEN, 'GET', `/api/posts/${guid}`);
  /** What is written before the page reads it: one published note and two scheduled ones. */
  const arrange = async () => {
    await write('Published this morning');
    const soon = await write('Going out in three hours', { publish_at: nowUnix() + 3 * HOUR });
    const later = await write('Going out tomorrow', { publish_at: nowUnix() + 24 * HOUR });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    return { soon, later };
  };
  const scheduledList = () => page.getByRole('list', { name: 'Scheduled posts' });
  const openScheduled = async (count: number) => {
    await page.getByRole('link', { name: new RegExp(`^Scheduled \\(${count}\\)`) }).click();
    await page.waitForURL(`${host.url}/scheduled`);
    await page.getByRole('heading', { name: 'Scheduled' }).waitFor();
  };

  it('keeps scheduled posts off the top of Home and Everything, and lists them soonest first with the count', async () => {
    await arrange();
    const home = page.getByRole('feed');
    await home.getByRole('article').first().waitFor();
    await expect(home.getByRole('article').allTextContents()).resolves.toEqual([
      expect.stringContaining('Published this morning'),
    ]);
    await page.getByRole('link', { name: /^Everything/ }).click();
    const everything = page.getByRole('feed', { name: 'Everything' });
    await everything.getByText('Published this morning').waitFor();
    await expect(everything.getByText(/Going out/).count()).resolves.toBe(0);

    await openScheduled(2);
    const items = scheduledList().getByRole('listitem');
    await expect(items.count()).resolves.toBe(2);
    await expect(items.nth(0).textContent()).resolves.toMatch(/Going out in three hours.*in 3 hours ·/);
    await expect(items.nth(1).textContent()).resolves.toMatch(/Going out tomorrow.*in 1 day ·/);
    await shot(page, 'scheduled-list');
  });

  it('changes the time of a scheduled post', async () => {
    const { later } = await arrange();
    await openScheduled(2);
    // A whole minute two days ahead, written as the field writes it in the browser's time zone.
    const target = Math.floor((nowUnix() + 48 * HOUR) / 60) * 60;
    const value = await page.evaluate((unix) => {
      const d = new Date(unix * 1000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, target);
    await page.getByRole('button', { name: 'Change time: Going out tomorrow' }).click();
    await page.getByLabel('Publish at').fill(value);
    await page.getByRole('button', { name: 'Save time' }).click();
    await page.getByText('New time saved.').waitFor();
    await expect(scheduledList().getByRole('listitem').nth(1).textContent()).resolves.toMatch(
      /Going out tomorrow.*in 2 days ·/,
    );
    expect((await read(later.guid)).json.data[0].publish_unix).toBe(target);

    // A time already past is refused in words, not sent.
    await page.getByRole('button', { name: 'Change time: Going out tomorrow' }).click();
    await page.getByLabel('Publish at').fill('2001-01-01T10:00');
    await page.getByRole('button', { name: 'Save time' }).click();
    await page.getByRole('alert').filter({ hasText: 'That time has passed' }).waitFor();
    expect((await read(later.guid)).json.data[0].publish_unix).toBe(target);
  });

  it('publishes a scheduled post now: it leaves the list and is on Home', async () => {
    const { soon } = await arrange();
    await openScheduled(2);
    await page.getByRole('button', { name: 'Publish now: Going out in three hours' }).click();
    await page.getByRole('link', { name: /^Scheduled \(1\)/ }).waitFor();
    await expect(scheduledList().getByText('Going out in three hours').count()).resolves.toBe(0);
    expect((await read(soon.guid)).json.data[0].publish_unix).toBeLessThanOrEqual(nowUnix());

    await page.getByRole('link', { name: /^Home/ }).click();
    await postWith('Going out in three hours').waitFor();
    const home = page.getByRole('feed');
    await expect(home.getByRole('article').first().textContent()).resolves.toContain('Going out in three hours');
    await expect(home.getByText('Going out tomorrow').count()).resolves.toBe(0);
  });

  it('cancels a scheduled post: not published, and back in Drafts with its words', async () => {
    const { soon, later } = await arrange();
    await openScheduled(2);
    await page.getByRole('button', { name: 'Cancel, back to Drafts: Going out tomorrow' }).click();
    await page.getByRole('link', { name: /^Scheduled \(1\)/ }).waitFor();
    expect((await read(later.guid)).status).toBe(400);
    await page.getByRole('button', { name: 'Cancel, back to Drafts: Going out in three hours' }).click();
    await page.getByText('Nothing is scheduled.', { exact: false }).waitFor();
    await expect(page.getByRole('link', { name: /^Scheduled$/ }).count()).resolves.toBe(1);
    expect((await read(soon.guid)).status).toBe(400);

    await page.getByRole('link', { name: /^Drafts \(2\)/ }).click();
    const drafts = page.getByRole('list', { name: 'Drafts' });
    await drafts.getByText('Going out tomorrow').waitFor();
    await drafts.getByText('Going out in three hours').waitFor();
  });

  it('moves a post whose time comes while the page is open from the list to the timelines', async () => {
    await arrange();
    await write('Going out in a few seconds', { publish_at: nowUnix() + 4 });
    await page.reload();
    await openScheduled(3);
    await scheduledList().getByText('Going out in a few seconds').waitFor();
    // Its time comes: it leaves the list within a second or so, and is on top of Home at once.
    await page.getByRole('link', { name: /^Scheduled \(2\)/ }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: /^Home/ }).click();
    await postWith('Going out in a few seconds').waitFor({ timeout: 3_000 });
    await expect(page.getByRole('feed').getByRole('article').first().textContent()).resolves.toContain(
      'Going out in a few seconds',
    );
  });
});
