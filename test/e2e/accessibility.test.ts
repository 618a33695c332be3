import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { bothSchemes } from './support/axe';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk, type Desk } from './support/use-desk';

const TOKEN = 'e2e-axe-owner-token-0123456789ab';
/** Posts of every kind, a thread, a repost, a scheduled post and a second Persona with a bio: what the screens show. */
async function arrange({ host }: Desk): Promise<void> {
  const call = async (method: string, path: string, body?: Record<string, unknown>) => {
    const answer = await api(host.url, TOKEN, method, path, body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data;
  };
  const other = await call('POST', '/api/account/personas', { handle: 'marginalia', name: 'Marginalia' });
  await call('POST', `/api/account/${other.guid}/bio`, { bio_text: 'Notes in the *margins* of things.' });
  const write = async (content: string, params: Record<string, unknown> = {}) =>
    (await call('POST', '/api/posts/write', { content, post_type: 'post.note', ...params }))[0];
  const note = await write('A note about #harbours for @marginalia, worth passing on.');
  await write('## A heading inside\n\nThe article goes on about harbours at length.', {
    post_type: 'post.article',
    title: 'On harbours',
  });
  await write('Read this later.', {
    post_type: 'post.bookmark',
    source_url: 'https://example.com/guide',
    source_title: 'A guide to harbours',
  });
  await write('A quotation worth keeping.', {
    post_type: 'post.quotation',
    source_url: 'https://example.com/words',
    source_title: 'Some words',
  });
  await write('A reply from the other Persona.', { reply_to: note.guid, persona_guid: other.guid });
  await write('Out next week.', { publish_at: Math.floor(Date.now() / 1000) + 7 * 86_400 });
  await call('POST', `/api/posts/${note.guid}/pin`, { value: 'pin.green' });
  await call('POST', `/api/posts/${note.guid}/star`);
  const [blurb] = await call('GET', '/content/blurbs/global', undefined);
  await call('POST', `/content/repost/${blurb.id}`);
}

/** Each screen by its address, and what shows once it has loaded. */
const SCREENS: [string, (page: Page) => Promise<void>][] = [
  ['/', (page) => page.getByRole('feed', { name: 'Home' }).getByRole('article').first().waitFor()],
  ['/everything', (page) => page.getByRole('feed', { name: 'Everything' }).getByRole('article').first().waitFor()],
  ['/mentions', (page) => page.getByRole('heading', { name: /Mentions/ }).waitFor()],
  ['/interactions', (page) => page.getByRole('heading', { name: /Interactions/ }).waitFor()],
  ['/pins', (page) => page.getByRole('feed', { name: 'Pins' }).getByRole('article').first().waitFor()],
  ['/search?q=harbours', (page) => page.getByRole('feed').getByRole('article').first().waitFor()],
  ['/tags/harbours', (page) => page.getByRole('feed').getByRole('article').first().waitFor()],
  ['/@marginalia', (page) => page.getByRole('feed').getByRole('article').first().waitFor()],
  ['/drafts', (page) => page.getByRole('heading', { name: 'Drafts' }).waitFor()],
  ['/scheduled', (page) => page.getByRole('list', { name: 'Scheduled posts' }).getByRole('listitem').first().waitFor()],
  ['/remotes', (page) => page.getByRole('heading', { name: 'Remotes and sync' }).waitFor()],
  // Once the bios have loaded (each Persona's bio preview is a region of its own) and the export is offered.
  [
    '/settings',
    async (page) => {
      await page.getByRole('region', { name: 'Bio preview of @marginalia' }).waitFor();
      await page.getByRole('region', { name: 'Your data' }).waitFor();
    },
  ],
];

describe.skipIf(!hasChromium)('every screen passes axe-core, light and dark', () => {
  const desk = useDesk({
    name: 'axe',
    token: TOKEN,
    arrange,
    ready: ({ page }) => page.getByRole('feed', { name: 'Home' }).waitFor(),
  });

  afterEach(() => {
    expect(desk.errors).toEqual([]);
  });

  it.each(SCREENS)('%s', async (address, loaded) => {
    const { page, host } = desk;
    onTestFailed(() => shot(page, `failed-axe-${address.replace(/\W+/g, '-')}`));
    await page.goto(`${host.url}${address}`);
    await loaded(page);
    expect(await bothSchemes(page)).toEqual({});
  });

  it('a conversation, an article, and the menus and dialogs over them', async () => {
    const { page, host, postWith } = desk;
    onTestFailed(() => shot(page, 'failed-axe-conversation'));
    await page.goto(`${host.url}/everything`);
    await postWith('A note about').first().getByText('worth passing on').click();
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    expect(await bothSchemes(page)).toEqual({});
    // A reply being written, its options unfolded.
    await page.getByRole('list', { name: 'Conversation' }).getByRole('button', { name: 'Reply' }).first().click();
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('button', { name: 'More' }).click();
    await reply.getByRole('radiogroup', { name: 'Kind of post' }).waitFor();
    expect(await bothSchemes(page)).toEqual({});
    await reply.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${host.url}/everything`);
    await page.getByRole('link', { name: 'On harbours' }).click();
    await page.getByRole('heading', { name: 'On harbours' }).waitFor();
    expect(await bothSchemes(page)).toEqual({});

    await page.getByRole('button', { name: 'More actions' }).first().click();
    await page.getByRole('menu').waitFor();
    expect(await bothSchemes(page)).toEqual({});
    await page.keyboard.press('Escape');

    await page.keyboard.press('n');
    await page.getByRole('dialog').waitFor();
    expect(await bothSchemes(page)).toEqual({});
    // Refused: each problem beside its field, the fields marked.
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.getByRole('radio', { name: 'Bookmark' }).check();
    await composer.getByRole('button', { name: 'Publish' }).click();
    await composer
      .getByRole('textbox', { name: 'Source address' })
      .and(composer.locator('[aria-invalid="true"]'))
      .waitFor();
    expect(await bothSchemes(page)).toEqual({});
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await bothSchemes(page)).toEqual({});
  });
});
