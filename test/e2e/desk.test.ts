import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-desk-owner-token-0123456789';

/**
 * The page in Debian's Chromium against a real headless host (real service, real SQLite store), driven
 * as a person would: by roles and accessible names. Every case has a host and a page of its own and
 * writes what it needs through the API first, so that any one of them runs alone.
 */
describe.skipIf(!hasChromium)('the desk in a browser', () => {
  const { host, page, errors, postWith } = useDesk({ name: 'desk', token: TOKEN, freshForEachTest: true });

  afterEach(() => {
    // Each case leaves no error in its page.
    expect(errors).toEqual([]);
  });

  const feed = () => page.getByRole('feed');

  const write = async (content: string, params: Record<string, unknown> = {}): Promise<{ guid: string }> => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/posts/write', {
      content,
      post_type: 'post.note',
      ...params,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data[0];
  };
  const addPersona = async (handle: string, name: string): Promise<{ guid: string }> => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/account/personas', { handle, name });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data;
  };
  const addChannel = async (name: string, writers: string[]): Promise<{ guid: string }> => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/account/channels', {
      name,
      persona_guids: writers.join(','),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data;
  };
  const me = async (): Promise<{ guid: string }> =>
    (await api(host.url, TOKEN, 'GET', '/api/account/personas')).json.data[0];
  /** The page read again, once a case has written what it needs through the API. */
  const reopen = async () => {
    await page.reload();
    // An empty timeline is no feed: the screen's heading says the page is there.
    await page.getByRole('heading', { level: 1 }).waitFor();
  };

  it('shows the empty home timeline, then publishes a note and shows it', async () => {
    await expect(page.getByText('Nothing here yet').isVisible()).resolves.toBe(true);
    await shot(page, 'empty-home');
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await composer
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill('Hello from the **browser**, with a [link](https://example.org).');
    await composer.getByRole('button', { name: 'Preview' }).click();
    await expect(composer.getByRole('region', { name: 'Preview' }).locator('strong').textContent()).resolves.toBe(
      'browser',
    );
    await shot(page, 'composer');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await postWith('Hello from the browser').waitFor();
    const link = postWith('Hello from the browser').getByRole('link', { name: 'link' });
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    await shot(page, 'published');
  });

  it('gives every screen an address: opened directly, reloaded, and walked with Back and Forward', async () => {
    const post = await write('A post with an address of its own');
    await page.goto(`${host.url}/posts/${post.guid}`);
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page.getByRole('list', { name: 'Conversation' }).getByText('A post with an address of its own').waitFor();
    await page.getByRole('link', { name: /^Everything/ }).click();
    await page.waitForURL(`${host.url}/everything`);
    await page.getByRole('feed', { name: 'Everything' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${host.url}/posts/${post.guid}`);
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page.goForward();
    await page.waitForURL(`${host.url}/everything`);
    await page.reload();
    await page.getByRole('feed', { name: 'Everything' }).getByText('A post with an address of its own').waitFor();
    expect(new URL(page.url()).pathname).toBe('/everything');
    // The post's time is a link to its address; an address of the earlier #/ form opens where it pointed.
    await expect(
      postWith('A post with an address of its own').locator('a.post-time').getAttribute('href'),
    ).resolves.toBe(`/posts/${post.guid}`);
    await page.goto(`${host.url}/#/post/${post.guid}`);
    await page.waitForURL(`${host.url}/posts/${post.guid}`);
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
  });

  it('opens the conversation, replies in place and shows the reply under its post', async () => {
    await write('Hello from the **browser**, with a [link](https://example.org).');
    await reopen();
    await postWith('Hello from the browser').getByText('Hello from the').click();
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page.getByRole('list', { name: 'Conversation' }).getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Text (Markdown)' }).fill('A reply written in place');
    await reply.getByRole('button', { name: 'Publish reply' }).click();
    const replyItem = page.getByRole('listitem').filter({ has: page.getByRole('article', { name: /reply level 1/ }) });
    await replyItem.filter({ hasText: 'A reply written in place' }).waitFor();
    await shot(page, 'thread');
    await page.getByRole('button', { name: '← Back' }).click();
    await feed().waitFor();
  });

  it('moves through a conversation with j and k, stars with s, replies in place with r and opens with o', async () => {
    onTestFailed(() => shot(page, 'failed-thread-keys'));
    const root = await write('Hello from the browser');
    await write('A reply written in place', { reply_to: root.guid });
    await reopen();
    await postWith('Hello from the browser').getByText('Hello from the').click();
    const list = page.getByRole('list', { name: 'Conversation' });
    const reply = list.getByRole('article', { name: /reply level 1/ });
    await reply.waitFor();
    // The opened post is selected and has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('true');
    await page.keyboard.press('j');
    await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('s');
    await expect.poll(() => reply.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('r');
    const form = page.getByRole('form', { name: 'Reply' });
    await form.getByRole('textbox', { name: 'Text (Markdown)' }).fill('An answer to the reply, by keyboard');
    await page.keyboard.press('Control+Enter');
    const deeper = list.getByRole('article', { name: /reply level 2/ });
    await deeper.filter({ hasText: 'An answer to the reply, by keyboard' }).waitFor();
    await shot(page, 'thread-keys');
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => deeper.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('o');
    await expect.poll(() => deeper.getAttribute('aria-current')).toBe('true');
    await page.getByRole('link', { name: /^Home/ }).click();
    await feed().waitFor();
  });

  it('stars and pins a post; both are still there after a reload, and the pin is in Pins', async () => {
    await write('Hello from the browser');
    await reopen();
    const post = postWith('Hello from the browser');
    await post.getByRole('button', { name: 'Star' }).click();
    await expect.poll(() => post.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).toBe('true');
    await post.getByRole('button', { name: /^Pin colour/ }).click();
    await page.getByRole('menuitemradio', { name: 'Pin green' }).click();
    await post.getByText('Pinned green').waitFor();
    await page.reload();
    const again = postWith('Hello from the browser');
    await again.getByText('Pinned green').waitFor();
    await expect(again.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('link', { name: /^Pins/ }).click();
    await page.getByRole('feed', { name: 'Pins' }).getByText('Hello from the browser').waitFor();
    await shot(page, 'pins');
    await page.getByRole('link', { name: /^Home/ }).click();
  });

  it('switches Persona in one click and publishes as the other one', async () => {
    await write('Hello from the browser');
    const created = await api(host.url, TOKEN, 'POST', '/api/account/personas', {
      handle: 'second',
      name: 'Second Self',
    });
    expect(created.status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: /Act as Second Self/ }).click();
    await page.getByRole('heading', { name: /Home as Second Self/ }).waitFor();
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await expect(composer.getByRole('combobox', { name: 'Persona' }).inputValue()).resolves.toBe(
      created.json.data.guid,
    );
    await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Written as the second Persona');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await postWith('Written as the second Persona').getByText('Second Self').waitFor();
    // Home is the current Persona's: the first Persona's note is not in it.
    await expect(postWith('Hello from the browser').count()).resolves.toBe(0);
    const global = await api(host.url, TOKEN, 'GET', '/api/posts/global');
    expect(global.json.data.find((p: { text: string }) => p.text === 'Written as the second Persona').persona.as).toBe(
      'second',
    );
    await page.keyboard.press('1');
    await page.getByRole('heading', { name: /Home as Me/ }).waitFor();
  });

  it('keeps a draft through a reload, finds it in Drafts, and publishes it from there', async () => {
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill('A draft that survives reloading');
    // No closing, no saving: as if the window went away.
    await page.reload();
    await page.getByRole('link', { name: /^Drafts \(1\)/ }).click();
    const drafts = page.getByRole('list', { name: 'Drafts' });
    await drafts.getByText('A draft that survives reloading').waitFor();
    await shot(page, 'drafts');
    await drafts
      .getByRole('listitem')
      .filter({ hasText: 'A draft that survives reloading' })
      .getByRole('button', { name: 'Open' })
      .click();
    await page.getByRole('form', { name: 'New post' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByText('No drafts for this Persona').waitFor();
    await page.getByRole('link', { name: /^Home/ }).click();
    await postWith('A draft that survives reloading').waitFor();
  });

  it('searches every stored post, articles by their titles too, and explains a word too short to search', async () => {
    await write('Hello from the browser');
    await write('A draft that survives reloading');
    await reopen();
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('survives');
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    const results = page.getByRole('feed', { name: 'Search: survives' });
    await results.getByText('A draft that survives reloading').waitFor();
    await expect(results.getByRole('article').count()).resolves.toBe(1);
    // An article, found by a word of its title (the legacy search found untitled posts only).
    await write('Tall towers by the sea', { post_type: 'post.article', title: 'An essay on lighthouses' });
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('Lighthouses');
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    const articles = page.getByRole('feed', { name: 'Search: Lighthouses' });
    await articles.getByText('An essay on lighthouses').waitFor();
    await expect(articles.getByRole('article').count()).resolves.toBe(1);
    // Named instead of refused; alone, it is read as a Persona's handle, as the instance reads one.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('ab');
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    const short = page.getByRole('region', { name: 'Search: ab' });
    await short
      .getByRole('status')
      .filter({ hasText: 'Words of fewer than 4 letters are not searched: “ab”.' })
      .waitFor();
    await short.getByText('No post matches.').waitFor();
    await shot(page, 'search-refused');
    await page.getByRole('link', { name: /^Home/ }).click();
  });

  it('moves with j and k, stars with s, and lists the keys with ?', async () => {
    onTestFailed(() => shot(page, 'failed-keys'));
    await write('Hello from the browser');
    await write('A draft that survives reloading');
    await reopen();
    await page.getByRole('heading', { name: /Home/ }).click();
    for (const key of ['j', 'j', 'k']) await page.keyboard.press(key);
    const first = page.getByRole('article').first();
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    const wasStarred = await first.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed');
    await page.keyboard.press('s');
    await expect
      .poll(() => first.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed'))
      .toBe(wasStarred === 'true' ? 'false' : 'true');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ timeout: 5000 });
    await shot(page, 'shortcuts');
    await page.keyboard.press('Escape');
    await page.keyboard.press('g');
    await page.keyboard.press('g');
    await page.getByRole('feed', { name: 'Everything' }).waitFor({ timeout: 5000 });
  });

  it('edits a post, and deletes one with an undo', async () => {
    await write('Hello from the browser');
    await write('A draft that survives reloading');
    await reopen();
    const post = postWith('Hello from the browser');
    await post.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit post' });
    await editor.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Hello again, edited in the browser');
    await editor.getByRole('button', { name: 'Save' }).click();
    await postWith('Hello again, edited in the browser').waitFor();

    const doomed = postWith('A draft that survives reloading');
    await doomed.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await doomed.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await postWith('A draft that survives reloading').waitFor();

    await postWith('A draft that survives reloading').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const texts = async () =>
      (await api(host.url, TOKEN, 'GET', '/api/posts/global')).json.data.map((p: { text: string }) => p.text);
    await expect.poll(texts, { timeout: 10_000, interval: 500 }).not.toContain('A draft that survives reloading');
    expect(await texts()).toContain('Hello again, edited in the browser');
  });

  it('reposts a note read through the instance interface (its legacy id looked up), shown with its original', async () => {
    const original = await write('Hello again, edited in the browser');
    await reopen();
    await postWith('Hello again, edited in the browser').getByRole('button', { name: 'Repost' }).click();
    await page.getByText('Reposted.').waitFor();
    // Shown as a repost of the post, not as the link its text holds; the original says it was reposted.
    const repost = page.getByRole('article').filter({ hasText: 'Me reposted' });
    await repost.getByText('Hello again, edited in the browser').waitFor();
    expect(await repost.getByText('♺').count()).toBe(0);
    await expect.poll(() => repost.getByRole('button', { name: 'Repost' }).getAttribute('aria-pressed')).toBe('true');
    const global = await api(host.url, TOKEN, 'GET', '/api/posts/global');
    const made = (global.json.data as { guid: string; repost_of: string | false }[]).find((p) => p.repost_of !== false);
    expect(made?.repost_of).toBe(original.guid);

    // Once the original is gone, the repost says so instead of showing a dead link.
    expect((await api(host.url, TOKEN, 'DELETE', `/api/posts/${original.guid}`)).status).toBe(200);
    await page.reload();
    await page
      .getByRole('article')
      .filter({ hasText: 'Me reposted' })
      .getByText('The reposted post is not available')
      .waitFor();
  });

  it('renames a Persona, writes its bio with a preview, and creates a Channel', async () => {
    await addPersona('second', 'Second Self');
    await reopen();
    await page.getByRole('link', { name: 'Profile and Personas' }).click();
    const second = page.getByRole('form', { name: 'Persona @second' });
    await second.getByRole('textbox', { name: 'Name' }).fill('Second, renamed');
    await second.getByRole('button', { name: 'Save name and handle' }).click();
    await page.getByRole('button', { name: /Act as Second, renamed/ }).waitFor();
    const bio = page.getByRole('form', { name: 'Bio of @second' });
    await bio.getByRole('textbox', { name: /Bio/ }).fill('Writes **second** thoughts.');
    await expect(
      bio
        .getByRole('region', { name: /^Bio preview/ })
        .locator('strong')
        .textContent(),
    ).resolves.toBe('second');
    await bio.getByRole('button', { name: 'Save bio' }).click();
    await page.getByText('Bio saved.').waitFor();
    await page.getByRole('form', { name: 'New Channel' }).getByRole('textbox', { name: 'Name' }).fill('Side notes');
    await page.getByRole('button', { name: 'Create Channel' }).click();
    await page.getByRole('navigation', { name: 'Timelines' }).getByRole('link', { name: 'Side notes' }).waitFor();
    await shot(page, 'settings');
    const personas = (await api(host.url, TOKEN, 'GET', '/api/account/personas')).json.data;
    const renamed = personas.find((p: { as: string }) => p.as === 'second');
    expect(renamed.name).toBe('Second, renamed');
    expect((await api(host.url, TOKEN, 'GET', `/api/account/${renamed.guid}/bio`)).json.data.bio.text).toBe(
      'Writes **second** thoughts.',
    );
  });

  it('lets another Persona write to a Channel; the composer offers each Persona only its Channels', async () => {
    onTestFailed(() => shot(page, 'failed-channel-access'));
    await addPersona('second', 'Second, renamed');
    await addChannel('Side notes', [(await me()).guid]);
    await reopen();
    const channelOptions = async () => {
      await page.getByRole('button', { name: 'New post' }).click();
      const picker = page.getByRole('form', { name: 'New post' }).getByRole('combobox', { name: 'Channel' });
      await picker.locator('option').first().waitFor({ state: 'attached' });
      const names = await picker.locator('option').allTextContents();
      return { names, picker };
    };
    await page.getByRole('button', { name: /Act as Second, renamed/ }).click();
    const before = await channelOptions();
    expect(before.names).toEqual(['Main']);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Profile and Personas' }).click();
    const writers = page.getByRole('group', { name: 'Who may write to Side notes' });
    await writers.getByRole('checkbox', { name: 'Second, renamed (@second)' }).check();
    await shot(page, 'channel-access');
    const channels = async () =>
      (await api(host.url, TOKEN, 'GET', '/api/account/channels')).json.data as { name: string; writers: string[] }[];
    await expect.poll(async () => (await channels()).find((c) => c.name === 'Side notes')?.writers.length).toBe(2);

    const after = await channelOptions();
    expect(after.names).toEqual(['Main', 'Side notes']);
    await after.picker.selectOption({ label: 'Side notes' });
    await page
      .getByRole('form', { name: 'New post' })
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill('Posted to the side by the second Persona');
    await page.getByRole('form', { name: 'New post' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('navigation', { name: 'Timelines' }).getByRole('link', { name: 'Side notes' }).click();
    await page
      .getByRole('feed', { name: 'Side notes' })
      .getByText('Posted to the side by the second Persona')
      .waitFor();

    // Taken away again: the Channel leaves this Persona's list and its composer.
    await page.getByRole('link', { name: 'Profile and Personas' }).click();
    await writers.getByRole('checkbox', { name: 'Second, renamed (@second)' }).uncheck();
    await expect.poll(async () => (await channels()).find((c) => c.name === 'Side notes')?.writers.length).toBe(1);
    await expect(
      page.getByRole('navigation', { name: 'Timelines' }).getByRole('link', { name: 'Side notes' }).count(),
    ).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Act as Me/ }).click();
  });

  it('publishes with a place and an address of its own; a latitude out of range is refused next to its field', async () => {
    onTestFailed(() => shot(page, 'failed-place'));
    await page.getByRole('link', { name: /^Home/ }).click();
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Written by the river');
    await composer.getByText('Place and address').click();
    await composer.getByRole('textbox', { name: /^Place/ }).fill('Lisbon, by the river');
    const latitude = composer.getByRole('textbox', { name: /^Latitude/ });
    await latitude.fill('138.7');
    await composer.getByRole('textbox', { name: /^Longitude/ }).fill('-9.14');
    await composer.getByRole('textbox', { name: /^Address path/ }).fill('/notes/by-the-river');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await composer.getByText('The latitude must be between -90 and 90.').waitFor();
    await expect(latitude.getAttribute('aria-invalid')).resolves.toBe('true');
    await shot(page, 'composer-place-refused');
    await latitude.fill('38.7');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await postWith('Written by the river').getByText('Lisbon, by the river').waitFor();
    const stored = (await api(host.url, TOKEN, 'GET', '/api/posts/global')).json.data.find(
      (p: { text: string }) => p.text === 'Written by the river',
    );
    expect(stored.meta.geo).toMatchObject({ description: 'Lisbon, by the river', latitude: 38.7, longitude: -9.14 });
    expect(new URL(stored.canonical_url).pathname).toBe('/notes/by-the-river');
  });

  it('deletes a Channel after asking, and its posts are found where they went', async () => {
    onTestFailed(() => shot(page, 'failed-channel-delete'));
    const second = await addPersona('second', 'Second, renamed');
    const side = await addChannel('Side notes', [(await me()).guid, second.guid]);
    await write('Posted to the side by the second Persona', { persona_guid: second.guid, channel_guid: side.guid });
    await reopen();
    await page.getByRole('link', { name: 'Profile and Personas' }).click();
    await page.getByRole('button', { name: 'Delete Channel Side notes' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Move its posts to' }).inputValue()).resolves.toBe(
      (await api(host.url, TOKEN, 'GET', '/api/account/channels')).json.data[0].guid,
    );
    await shot(page, 'channel-delete');
    await dialog.getByRole('button', { name: 'Delete Channel' }).click();
    const timelines = page.getByRole('navigation', { name: 'Timelines' });
    await expect.poll(() => timelines.getByRole('link', { name: 'Side notes' }).count()).toBe(0);
    await timelines.getByRole('link', { name: 'Main' }).click();
    await page.getByRole('feed', { name: 'Main' }).getByText('Posted to the side by the second Persona').waitFor();
  });
});
