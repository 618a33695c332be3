import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-drafts-owner-token-0123456789';

/**
 * Drafts as a person meets them (none until a word is written, kept through a reload, shared by two tabs,
 * published, scheduled and deleted from the list) and deleting a post in one step with Undo, done even when
 * the page goes away within the undo time. Real page, real host; every case has its own.
 */
describe.skipIf(!hasChromium)('drafts and deleting in a browser', () => {
  const { host, page, context, errors, postWith, openPage } = useDesk({
    name: 'drafts',
    token: TOKEN,
    freshForEachTest: true,
  });

  /** Native dialogs the page opened: none is expected (Undo replaces asking). */
  const dialogs: string[] = [];
  const watchDialogs = (on: Page) =>
    on.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

  afterEach(() => {
    expect(errors).toEqual([]);
    expect(dialogs.splice(0)).toEqual([]);
  });

  /** The sidebar's link, named with the count: "Drafts" alone when there are none. */
  const draftsLink = (on: Page, name: string) => on.getByRole('link', { name, exact: true, includeHidden: true });
  const draftsList = (on: Page) => on.getByRole('list', { name: 'Drafts' });
  const draftWith = (on: Page, text: string) => draftsList(on).getByRole('listitem').filter({ hasText: text });
  const texts = async (): Promise<string[]> =>
    (await api(host.url, TOKEN, 'GET', '/api/posts/global')).json.data.map((p: { text: string }) => p.text);
  const write = async (content: string): Promise<{ guid: string }> => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/posts/write', { content, post_type: 'post.note' });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data[0];
  };
  const reopen = async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
  };
  const newPost = async () => {
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    return { composer, text: composer.getByRole('textbox', { name: 'Text (Markdown)' }) };
  };
  /** A draft written in the composer and closed, then the Drafts screen. */
  const draftOf = async (words: string, kind?: string) => {
    const { composer, text } = await newPost();
    if (kind) await composer.getByRole('radio', { name: kind }).check();
    await text.fill(words);
    await composer.getByRole('button', { name: 'Close, keep draft' }).click();
    await composer.waitFor({ state: 'detached' });
  };
  const openDrafts = async (on: Page) => {
    await on.getByRole('link', { name: /^Drafts/ }).click();
    await on.getByRole('heading', { name: /^Drafts/ }).waitFor();
  };

  it('makes no draft until a key is typed, removes it when the text is cleared, and leaves none when closed empty', async () => {
    watchDialogs(page);
    const { composer, text } = await newPost();
    await composer.waitFor();
    await expect(draftsLink(page, 'Drafts').count()).resolves.toBe(1);
    await text.press('H');
    await draftsLink(page, 'Drafts (1)').waitFor();
    await text.press('Backspace');
    await draftsLink(page, 'Drafts').waitFor();
    await composer.getByRole('button', { name: 'Cancel' }).click();
    // Closed by closing the window as well: nothing is left behind.
    await newPost();
    await reopen();
    await draftsLink(page, 'Drafts').waitFor();
    await openDrafts(page);
    await page.getByText('No drafts for this Persona').waitFor();
  });

  it("keeps a typed draft through a reload, and two tabs see each other's drafts", async () => {
    onTestFailed(() => shot(page, 'failed-drafts-tabs'));
    watchDialogs(page);
    const { text } = await newPost();
    await text.fill('Typed in the first tab');
    // No closing, no saving: as if the window went away.
    await reopen();
    await draftsLink(page, 'Drafts (1)').waitFor();

    // A second tab of the same browser (the same storage), signed in as the first is.
    const other = await context.newPage();
    watchDialogs(other);
    await other.goto(`${host.url}/drafts`);
    await draftWith(other, 'Typed in the first tab').waitFor();

    // Opened in both; what one tab types shows in the other.
    await openDrafts(page);
    await draftWith(page, 'Typed in the first tab').getByRole('button', { name: 'Open' }).click();
    const mine = page.getByRole('form', { name: 'New post' }).getByRole('textbox', { name: 'Text (Markdown)' });
    await draftWith(other, 'Typed in the first tab').getByRole('button', { name: 'Open' }).click();
    await other
      .getByRole('form', { name: 'New post' })
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill('Typed in the first tab, finished in the second');
    await expect.poll(() => mine.inputValue()).toBe('Typed in the first tab, finished in the second');

    // A draft only the second tab has survives the first tab's writes.
    await other.getByRole('button', { name: 'Close, keep draft' }).click();
    await other.getByRole('button', { name: 'New post' }).click();
    await other
      .getByRole('form', { name: 'New post' })
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill('Only in the second tab');
    await mine.fill('Typed in the first tab, finished in the second, then the first again');
    await page.getByRole('button', { name: 'Close, keep draft' }).click();
    await draftWith(page, 'Only in the second tab').waitFor();
    await draftWith(page, 'then the first again').waitFor();
    await reopen();
    await draftsLink(page, 'Drafts (2)').waitFor();
    await other.close();
  });

  it('finds a draft typed in one browser in another, follows its typing, and its removal', async () => {
    onTestFailed(() => shot(page, 'failed-drafts-browsers'));
    watchDialogs(page);
    const { text } = await newPost();
    await text.fill('Begun at the desk');
    // Another browser: its own storage, the same instance (a laptop, a phone).
    const laptop = await openPage();
    watchDialogs(laptop);
    await laptop.goto(`${host.url}/drafts`);
    await draftWith(laptop, 'Begun at the desk').waitFor();
    // Typing goes on at the desk without closing the composer: the laptop's list follows.
    await text.fill('Begun at the desk, and carried on');
    await draftWith(laptop, 'and carried on').waitFor({ timeout: 5_000 });
    await shot(laptop, 'drafts-other-browser');
    // Deleted on the laptop: gone at the desk too, and from the instance.
    await draftWith(laptop, 'and carried on').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Close, keep draft' }).click();
    await openDrafts(page);
    await page.getByText('No drafts for this Persona').waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await api(host.url, TOKEN, 'GET', '/api/drafts')).json.data.drafts.length, { timeout: 10_000 })
      .toBe(0);
  });

  it('shows a second version kept from changes made apart beside the draft it was copied from', async () => {
    watchDialogs(page);
    const save = async (params: Record<string, string | number>) => {
      const saved = await api(host.url, TOKEN, 'POST', '/api/drafts', {
        type: 'post.note',
        privacy: 'visibility.public',
        version: 0,
        ...params,
      });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    };
    await save({ id: 'plan', text: 'A plan, changed at home', updatedAt: Date.now() });
    await save({ id: 'plan-copy', text: 'A plan, changed on the train', copyOf: 'plan', updatedAt: Date.now() - 1000 });
    await openDrafts(page);
    const copy = draftWith(page, 'changed on the train');
    await copy
      .getByText('A second version of “A plan, changed at home”, changed elsewhere at the same time.')
      .waitFor();
    await expect(
      draftWith(page, 'changed at home')
        .getByText(/A second version/)
        .count(),
    ).resolves.toBe(1);
    await shot(page, 'drafts-second-version');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'drafts-second-version-phone');
  });

  it('moves the drafts an earlier release kept in this browser into the instance', async () => {
    onTestFailed(() => shot(page, 'failed-drafts-earlier'));
    watchDialogs(page);
    const earlier = {
      id: '3f1e2d3c-0000-4000-8000-000000000042',
      personaGuid: null,
      channelGuid: null,
      type: 'post.note',
      title: '',
      text: 'Kept in the browser by the release before',
      tags: '',
      sourceUrl: '',
      sourceTitle: '',
      privacy: 'visibility.public',
      publishAt: '',
      expiresAt: '',
      replyTo: null,
      editing: null,
      updatedAt: Date.now() - 86_400_000,
    };
    await page.evaluate((draft) => localStorage.setItem('desk.drafts.v1', JSON.stringify([draft])), earlier);
    await reopen();
    await expect
      .poll(async () =>
        (await api(host.url, TOKEN, 'GET', '/api/drafts')).json.data.drafts.map((d: { text: string }) => d.text),
      )
      .toEqual([earlier.text]);
    // Another browser finds it there.
    const other = await openPage();
    onTestFailed(() => shot(other, 'failed-drafts-earlier-other'));
    await other.goto(`${host.url}/drafts`);
    await draftWith(other, 'Kept in the browser by the release before').waitFor();
  });

  it('shows kind and title apart, and deletes (with Undo), publishes and schedules from the list', async () => {
    onTestFailed(() => shot(page, 'failed-drafts-list'));
    watchDialogs(page);
    const { composer } = await newPost();
    await composer.getByRole('radio', { name: 'Article' }).check();
    await composer.getByRole('textbox', { name: 'Title' }).fill('On lighthouses');
    await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Tall towers by the sea');
    await composer.getByRole('button', { name: 'Close, keep draft' }).click();
    await draftOf('A note to publish now');
    await draftOf('A note for later');
    await openDrafts(page);
    const article = draftWith(page, 'On lighthouses');
    await expect(article.locator('.post-kind').textContent()).resolves.toBe('Article');
    await expect(article.getByText('On lighthouses', { exact: true }).isVisible()).resolves.toBe(true);
    await article.getByText(/^Changed/).waitFor();
    await shot(page, 'drafts-list');

    await article.getByRole('button', { name: 'Delete' }).click();
    await article.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await draftWith(page, 'On lighthouses').waitFor();

    await draftWith(page, 'A note to publish now').getByRole('button', { name: 'Publish now' }).click();
    await draftWith(page, 'A note to publish now').waitFor({ state: 'detached' });
    await expect.poll(texts).toContain('A note to publish now');

    const later = draftWith(page, 'A note for later');
    await later.getByRole('button', { name: 'Schedule…' }).click();
    const when = later.getByRole('form', { name: 'Schedule' });
    await when.getByLabel('Publish at').fill('2020-01-01T10:00');
    await when.getByRole('button', { name: 'Schedule' }).click();
    await when.getByRole('alert').filter({ hasText: 'Choose a time still to come.' }).waitFor();
    const time = `${new Date().getFullYear() + 1}-06-01T10:00`;
    await when.getByLabel('Publish at').fill(time);
    await when.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('Scheduled.').waitFor();
    await later.waitFor({ state: 'detached' });
    // Sent with the time picked (the page and this test share the machine's time zone); timelines list a
    // post still to come only when asked.
    const posts: { text: string; publish_unix: number }[] = (
      await api(host.url, TOKEN, 'GET', '/api/posts/global?scheduled=only')
    ).json.data;
    expect(posts.find((p) => p.text === 'A note for later')?.publish_unix).toBe(new Date(time).getTime() / 1000);
    await draftsLink(page, 'Drafts (1)').waitFor();
  });

  it('opens a draft the instance refuses in the composer, the problem by its field', async () => {
    watchDialogs(page);
    await draftOf('Worth reading, but where?', 'Bookmark');
    await openDrafts(page);
    await draftWith(page, 'Worth reading').getByRole('button', { name: 'Publish now' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    const source = composer.getByRole('textbox', { name: 'Source address' });
    await expect.poll(() => source.getAttribute('aria-invalid')).toBe('true');
    await expect(composer.getByRole('textbox', { name: 'Text (Markdown)' }).inputValue()).resolves.toBe(
      'Worth reading, but where?',
    );
    await composer.getByRole('button', { name: 'Close, keep draft' }).click();
    await draftWith(page, 'Worth reading').waitFor();
  });

  it('deletes a post in one step with Undo, and a deletion undone stays undone', async () => {
    watchDialogs(page);
    await write('A post to keep after all');
    await reopen();
    const post = postWith('A post to keep after all');
    await post.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await post.waitFor({ state: 'detached' });
    await page.getByText('Post deleted.').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await postWith('A post to keep after all').waitFor();
    // Past the undo time, the instance still has it.
    await page.waitForTimeout(7000);
    expect(await texts()).toContain('A post to keep after all');
    await reopen();
    await postWith('A post to keep after all').waitFor();
  });

  it('deletes for good a post whose page was reloaded within the undo time', async () => {
    watchDialogs(page);
    await write('A post deleted in a hurry');
    await write('A post that stays');
    await reopen();
    await postWith('A post deleted in a hurry').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await postWith('A post deleted in a hurry').waitFor({ state: 'detached' });
    await reopen();
    await postWith('A post that stays').waitFor();
    await expect.poll(texts, { timeout: 15_000, interval: 500 }).not.toContain('A post deleted in a hurry');
    expect(await texts()).toContain('A post that stays');
    await expect(postWith('A post deleted in a hurry').count()).resolves.toBe(0);
    // Nothing is left to do at the next load either.
    await reopen();
    await postWith('A post that stays').waitFor();
    await expect(postWith('A post deleted in a hurry').count()).resolves.toBe(0);
  });

  it('shows the post again with a message when the instance refuses the deletion', async () => {
    watchDialogs(page);
    const { guid } = await write('A post the instance keeps');
    await reopen();
    await page.route(`**/api/posts/${guid}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              meta: { code: 403, text: 'You do not own the rights to this post', list: [] },
              data: false,
            }),
          })
        : route.fallback(),
    );
    await postWith('A post the instance keeps').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await postWith('A post the instance keeps').waitFor({ state: 'detached' });
    await page
      .getByRole('alert')
      .filter({ hasText: 'The post was not deleted: You do not own the rights to this post' })
      .waitFor({ timeout: 10_000 });
    await postWith('A post the instance keeps').waitFor();
    expect(await texts()).toContain('A post the instance keeps');
  });
});
