import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, nextFrames, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-post-links-owner-token-0123456789';

/**
 * What a post's text links to and how search results show why they matched, in Debian's Chromium against a
 * real headless host. Every case has a host and a page of its own and writes its posts through the API.
 */
describe.skipIf(!hasChromium)('links in posts and marks in search results', () => {
  const { host, page, errors, postWith } = useDesk({ name: 'post-links', token: TOKEN, freshForEachTest: true });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  const write = async (content: string, params: Record<string, unknown> = {}) => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/posts/write', {
      content,
      post_type: 'post.note',
      ...params,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  };
  const search = () => page.getByRole('searchbox', { name: 'Search posts' });
  /** Set in the page; a page loaded again would not have it. */
  const markPage = () => page.evaluate(() => Object.assign(window, { samePage: 'yes' }));
  const samePage = () => page.evaluate(() => (window as Window & { samePage?: string }).samePage);

  it('makes the #tag and the @mention of a text links, and opens the tag in the page without loading it again', async () => {
    onTestFailed(() => shot(page, 'failed-post-links'));
    const persona = await api(host.url, TOKEN, 'POST', '/api/account/personas', { handle: 'amy', name: 'Amy' });
    expect(persona.status).toBe(200);
    await write('Out to the #harbour with @amy, see `#not-a-tag` or issue #12', { tags: 'harbour,boats' });
    await page.reload();
    const post = postWith('Out to the');
    await post.waitFor();
    await expect(post.getByRole('link', { name: '#harbour' }).getAttribute('href')).resolves.toBe('/tags/harbour');
    await expect(post.getByRole('link', { name: '@amy' }).getAttribute('href')).resolves.toBe('/@amy');
    // The words are the author's, letter for letter; code and a number are no links.
    expect((await post.locator('.post-content').textContent())?.trim()).toBe(
      'Out to the #harbour with @amy, see #not-a-tag or issue #12',
    );
    await expect(post.locator('.post-content a').count()).resolves.toBe(2);
    // A tag the text does not show is listed under it, as a link to its page; the ones it shows are not.
    const listed = post.getByRole('list', { name: 'Tags and mentions' }).getByRole('link');
    await expect(listed.allTextContents()).resolves.toEqual(['#boats']);
    await expect(listed.getAttribute('href')).resolves.toBe('/tags/boats');
    await shot(page, 'post-links');

    await markPage();
    await post.getByRole('link', { name: '#harbour' }).click();
    await page.waitForURL(`${host.url}/tags/harbour`);
    await postWith('Out to the').waitFor();
    await expect(samePage()).resolves.toBe('yes');
    // Only a search screen marks words.
    await expect(page.locator('mark.search-mark').count()).resolves.toBe(0);
    await postWith('Out to the').getByRole('link', { name: '@amy' }).click();
    await page.waitForURL(`${host.url}/@amy`);
    await expect(samePage()).resolves.toBe('yes');
  });

  it('marks the words a search found, and names the words too short to search instead of refusing them', async () => {
    onTestFailed(() => shot(page, 'failed-search-marks'));
    await write('The old **lighthouses** of the coast, and the LIGHTHOUSES of the bay', {
      post_type: 'post.article',
      title: 'On lighthouses',
    });
    await write('A note about harbours');
    await page.reload();
    await postWith('A note about harbours').waitFor();

    // Explained as it is typed, before anything is asked.
    await search().fill('the lighthouses');
    const box = page.getByRole('search');
    await box
      .getByRole('status')
      .filter({ hasText: 'Words of fewer than 4 letters are not searched: “the”.' })
      .waitFor();
    await search().press('Enter');
    await page.waitForURL(`${host.url}/search?q=the+lighthouses`);
    const screen = page.getByRole('region', { name: 'Search: the lighthouses' });
    await screen
      .getByRole('status')
      .filter({ hasText: 'Words of fewer than 4 letters are not searched: “the”.' })
      .waitFor();
    const found = screen.getByRole('feed').getByRole('article');
    await found.first().waitFor();
    await expect(found.count()).resolves.toBe(1);
    await expect(found.locator('mark.search-mark').allTextContents()).resolves.toEqual([
      'lighthouses',
      'lighthouses',
      'LIGHTHOUSES',
    ]);
    await expect(found.getByRole('heading', { name: 'On lighthouses' }).count()).resolves.toBe(1);
    expect((await found.locator('.post-content').textContent())?.trim()).toBe(
      'The old lighthouses of the coast, and the LIGHTHOUSES of the bay',
    );
    await shot(page, 'search-marks');

    // Nothing left to search: the box says what to type, and nothing is asked.
    await search().fill('to of');
    await box
      .getByRole('status')
      .filter({
        hasText:
          "Words of fewer than 4 letters are not searched: “to”, “of”. Type a word of 4 letters or more, or @name for a Persona's posts.",
      })
      .waitFor();
    await search().press('Enter');
    await nextFrames(page);
    expect(page.url()).toBe(`${host.url}/search?q=the+lighthouses`);
    // Opened by its address, the same search is explained on the screen, with no refusal.
    await page.goto(`${host.url}/search?q=to+of`);
    const none = page.getByRole('region', { name: 'Search: to of' });
    await none.getByRole('status').filter({ hasText: 'Type a word of 4 letters or more' }).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
  });
});
