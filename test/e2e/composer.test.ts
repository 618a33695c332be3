import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, nextFrames, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-composer-owner-token-0123456789';

/** Words of the interface a person should not have to read in the composer. */
const API_WORDS =
  /source_url|source_title|post\.(?:note|article|bookmark|quotation)|geo_|canonical_url|is required for/;

const SIZES = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
  wide: { width: 1920, height: 1080 },
} as const;

/**
 * The composer as a person meets it: what a kind of post requires is marked before anything is refused,
 * a refusal is said in plain words beside its field and keeps every word typed, Edit and Preview say which
 * is shown, and a reply in a thread starts light. Real page, real host; every case has its own.
 */
describe.skipIf(!hasChromium)('the composer in a browser', () => {
  const { host, page, errors } = useDesk({ name: 'composer', token: TOKEN, freshForEachTest: true });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  const newPost = async (on: Page = page) => {
    // The sidebar's button, or on a phone the bottom bar's.
    await on
      .getByRole('button', { name: 'New post' })
      .or(on.getByRole('button', { name: 'New', exact: true }))
      .filter({ visible: true })
      .click();
    const composer = on.getByRole('form', { name: 'New post' });
    await composer.waitFor();
    return composer;
  };
  /** The text, whatever the kind of post calls it. */
  const text = (composer: Locator) => composer.getByRole('textbox', { name: /\(Markdown\)$/ });
  /** The line a field's aria-describedby names, and whether it sits beside the field (in the box that holds both). */
  const problemOf = async (field: Locator) => {
    const id = await field.getAttribute('aria-describedby');
    expect(id, 'the field names its problem').toBeTruthy();
    return field.evaluate((el, lineId) => {
      const line = document.getElementById(lineId);
      return {
        words: line?.textContent ?? null,
        beside: el.closest('.field, .text-and-preview')?.contains(line) ?? false,
      };
    }, id ?? '');
  };
  const texts = async (): Promise<string[]> =>
    (
      await api(host.url, TOKEN, 'GET', '/api/posts/global?types=post.note,post.bookmark,post.article,post.quotation')
    ).json.data.map((p: { text: string }) => p.text);
  /** A post to reply to, its conversation open. */
  const openThread = async (words: string): Promise<Locator> => {
    const answer = await api(host.url, TOKEN, 'POST', '/api/posts/write', { content: words, post_type: 'post.note' });
    expect(answer.status).toBe(200);
    await page.goto(`${host.url}/posts/${answer.json.data[0].guid}`);
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    return page.getByRole('list', { name: 'Conversation' });
  };

  it('publishes one draft as two Personas at once, a post for each', async () => {
    onTestFailed(() => shot(page, 'failed-composer-also-as'));
    const made = await api(host.url, TOKEN, 'POST', '/api/account/personas', { handle: 'work', name: 'At Work' });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    await page.reload();
    const composer = await newPost();
    await text(composer).fill('Said as myself and at work');
    const also = composer.getByRole('group', { name: 'Also publish as' });
    await also.getByRole('checkbox', { name: 'At Work (@work)' }).check();
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await shot(page, `composer-also-as-${size}`);
    }
    await page.setViewportSize(SIZES.laptop);
    await composer.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published as Me and At Work.').waitFor();
    const posts: { guid: string; text: string; persona: { as: string } }[] = (
      await api(host.url, TOKEN, 'GET', '/api/posts/global')
    ).json.data;
    expect(posts.map((p) => [p.text, p.persona.as]).sort()).toEqual([
      ['Said as myself and at work', 'me'],
      ['Said as myself and at work', 'work'],
    ]);
    expect((await api(host.url, TOKEN, 'GET', '/api/drafts')).json.data.drafts).toEqual([]);
    // Opened, each copy names the other.
    const mine = posts.find((p) => p.persona.as === 'me');
    await page.goto(`${host.url}/posts/${mine?.guid ?? ''}`);
    const note = page.locator('.copies-note');
    await note.getByRole('link', { name: 'At Work (@work)' }).click();
    await page.locator('.copies-note').getByRole('link', { name: 'Me (@me)' }).waitFor();
    await shot(page, 'composer-also-as-copies');

    // An edit of one asks whether it changes every copy.
    const post = page.getByRole('article').filter({ hasText: 'Said as myself and at work' });
    await post.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit post' });
    const copies = editor.getByRole('group', { name: 'This post was published as 2 Personas' });
    await expect(copies.getByRole('radio', { name: 'Change this copy only' }).isChecked()).resolves.toBe(true);
    await copies.getByRole('radio', { name: 'Change every copy' }).check();
    await text(editor).fill('Said as myself and at work, and corrected');
    await shot(page, 'composer-edit-copies');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved as At Work and Me.').waitFor();
    const after: { text: string }[] = (await api(host.url, TOKEN, 'GET', '/api/posts/global')).json.data;
    expect(after.map((p) => p.text)).toEqual([
      'Said as myself and at work, and corrected',
      'Said as myself and at work, and corrected',
    ]);

    // One copy dropped from the other's line: deleted once the undo time is over, the other kept.
    await page.locator('.copies-note').getByRole('button', { name: 'Delete the copy as Me (@me)' }).click();
    await page.locator('.copies-note').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await api(host.url, TOKEN, 'GET', '/api/posts/global')).json.data.length, { timeout: 15_000 })
      .toBe(1);
  });

  it('a bookmark without its address is refused beside the address field, in plain words, and keeps what was typed', async () => {
    onTestFailed(() => shot(page, 'failed-composer-bookmark'));
    const composer = await newPost();
    await composer.getByRole('radio', { name: 'Bookmark' }).check();
    await text(composer).fill('Worth reading, **soon**.');
    await composer.getByRole('textbox', { name: 'Source title' }).fill('A page');
    await composer.getByRole('button', { name: 'Publish' }).click();

    const address = composer.getByRole('textbox', { name: 'Source address' });
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    await expect(problemOf(address)).resolves.toEqual({
      words: 'Give the web address of the page a bookmark is about.',
      beside: true,
    });
    // Only the field that is missing is marked; the refusal is nowhere in the interface's words.
    await expect(
      composer.getByRole('textbox', { name: 'Source title' }).getAttribute('aria-invalid'),
    ).resolves.toBeNull();
    await expect(composer.textContent()).resolves.not.toMatch(API_WORDS);
    // The first field with a problem has the focus, and nothing typed is lost.
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(text(composer).inputValue()).resolves.toBe('Worth reading, **soon**.');
    await expect(composer.getByRole('textbox', { name: 'Source title' }).inputValue()).resolves.toBe('A page');
    await expect(texts()).resolves.toEqual([]);

    // An address that is no web address: said so, beside it.
    await address.fill('example.org/page');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(async () => (await problemOf(address)).words)
      .toBe('Give a full web address that starts with https:// (or http://), without spaces.');

    await address.fill('https://example.org/page');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await composer.waitFor({ state: 'detached' });
    await expect.poll(texts).toEqual(['Worth reading, **soon**.']);
  });

  it('marks what each kind of post requires before anything is refused, and switching kind keeps the words', async () => {
    onTestFailed(() => shot(page, 'failed-composer-marks'));
    const composer = await newPost();
    /** The fields marked required: aria-required, and the word "required" shown in the label. */
    const marked = () =>
      composer.locator('[aria-required="true"]').evaluateAll((fields) =>
        fields.map((field) => {
          const label = field.closest('label') ?? document.querySelector(`label[for="${field.id}"]`);
          const mark = label?.querySelector('.required-mark');
          return `${(label?.textContent ?? '').replace(/\s*required$/, '').trim()}${mark && mark.textContent === 'required' && mark.getClientRects().length > 0 ? ' (required)' : ''}`;
        }),
      );
    await expect(marked()).resolves.toEqual(['Text (Markdown) (required)']);
    await text(composer).fill('Kept through every kind');

    await composer.getByRole('radio', { name: 'Quotation' }).check();
    await expect(marked()).resolves.toEqual([
      'Source address (required)',
      'Source title (required)',
      'Quotation and comment (Markdown) (required)',
    ]);
    await composer.getByRole('textbox', { name: 'Source address' }).fill('https://example.org/quoted');

    await composer.getByRole('radio', { name: 'Article' }).check();
    // An article's title is offered, and not required: the service takes an article without one.
    await composer.getByRole('textbox', { name: 'Title' }).waitFor();
    await expect(marked()).resolves.toEqual(['Text (Markdown) (required)']);
    await expect(composer.getByRole('textbox', { name: 'Title' }).getAttribute('aria-required')).resolves.toBe('false');

    await composer.getByRole('radio', { name: 'Bookmark' }).check();
    await expect(composer.getByRole('textbox', { name: 'Source address' }).inputValue()).resolves.toBe(
      'https://example.org/quoted',
    );
    await expect(text(composer).inputValue()).resolves.toBe('Kept through every kind');
  });

  it("Edit and Preview say which is shown, by keyboard too; the preview is the post's own rendering", async () => {
    onTestFailed(() => shot(page, 'failed-composer-preview'));
    const composer = await newPost();
    const edit = composer.getByRole('button', { name: 'Edit', exact: true });
    const preview = composer.getByRole('button', { name: 'Preview', exact: true });
    await text(composer).fill('Some **bold** words and a [link](https://example.org).');
    await expect(edit.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(preview.getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(composer.getByRole('region', { name: 'Preview' }).count()).resolves.toBe(0);

    await preview.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => preview.getAttribute('aria-pressed')).toBe('true');
    await expect(edit.getAttribute('aria-pressed')).resolves.toBe('false');
    const rendered = composer.getByRole('region', { name: 'Preview' });
    await expect(rendered.locator('strong').textContent()).resolves.toBe('bold');
    await expect(rendered.getByRole('link', { name: 'link' }).getAttribute('href')).resolves.toBe(
      'https://example.org',
    );
    await expect(text(composer).isVisible()).resolves.toBe(false);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => edit.getAttribute('aria-pressed')).toBe('true');
    await expect(text(composer).inputValue()).resolves.toBe('Some **bold** words and a [link](https://example.org).');
    await expect(text(composer).isVisible()).resolves.toBe(true);

    // A refusal of the text while previewing shows the text again, with the problem beside it.
    await text(composer).fill('   ');
    await preview.click();
    await composer.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => text(composer).getAttribute('aria-invalid')).toBe('true');
    await expect(problemOf(text(composer))).resolves.toEqual({
      words: 'Write some text: every post needs it.',
      beside: true,
    });
    await expect(edit.getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('a reply starts as its text and Publish, no wider than the posts; the rest is behind More, and its draft is kept', async () => {
    onTestFailed(() => shot(page, 'failed-composer-reply'));
    const thread = await openThread('A post to answer');
    await thread.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('form', { name: 'Reply' });
    await text(reply).waitFor();
    await expect.poll(() => text(reply).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(reply.getByRole('button').allTextContents()).resolves.toEqual(['More', 'Cancel', 'Publish reply']);
    await expect(reply.getByRole('radiogroup', { name: 'Kind of post' }).count()).resolves.toBe(0);
    await expect(reply.getByRole('combobox').count()).resolves.toBe(0);
    await expect(reply.getByText('Tags, privacy, schedule').count()).resolves.toBe(0);
    const more = reply.getByRole('button', { name: 'More' });
    await expect(more.getAttribute('aria-expanded')).resolves.toBe('false');

    // Inside the conversation's column, and no wider than the post it answers.
    const box = await reply.boundingBox();
    const post = await thread.getByRole('article').first().locator('.post').boundingBox();
    const column = await thread.boundingBox();
    if (!box || !post || !column) throw new Error('not laid out');
    expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    expect(box.x).toBeGreaterThanOrEqual(post.x);
    expect(box.x + box.width).toBeLessThanOrEqual(post.x + post.width + 0.5);

    await more.click();
    await expect(more.getAttribute('aria-expanded')).resolves.toBe('true');
    await reply.getByRole('radiogroup', { name: 'Kind of post' }).waitFor();
    await reply.getByText('Tags, privacy, schedule').waitFor();
    await reply.getByRole('button', { name: 'Preview', exact: true }).waitFor();
    await more.click();
    await expect(reply.getByRole('radiogroup', { name: 'Kind of post' }).count()).resolves.toBe(0);

    // The reply's draft: kept when closed, back when Reply is pressed again.
    await text(reply).fill('An answer, kept for later');
    await reply.getByRole('button', { name: 'Close, keep draft' }).click();
    await reply.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Drafts (1)', includeHidden: true }).waitFor();
    await thread.getByRole('button', { name: 'Reply' }).click();
    await expect(text(reply).inputValue()).resolves.toBe('An answer, kept for later');
    await reply.getByRole('button', { name: 'Publish reply' }).click();
    await thread
      .getByRole('article', { name: /reply level 1/ })
      .filter({ hasText: 'An answer, kept for later' })
      .waitFor();
    await page.getByRole('link', { name: 'Drafts', exact: true, includeHidden: true }).waitFor();
  });

  it('a reply refused for a field behind More opens More and says it beside that field', async () => {
    onTestFailed(() => shot(page, 'failed-composer-reply-refused'));
    const thread = await openThread('A post to quote in a reply');
    await thread.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('button', { name: 'More' }).click();
    await reply.getByRole('radio', { name: 'Quotation' }).check();
    await reply.getByRole('button', { name: 'More' }).click();
    await text(reply).fill('> Quoted\n\nAnd answered.');
    await reply.getByRole('button', { name: 'Publish reply' }).click();
    await expect.poll(() => reply.getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('true');
    await expect(problemOf(reply.getByRole('textbox', { name: 'Source address' }))).resolves.toEqual({
      words: 'Give the web address of the page a quotation is about.',
      beside: true,
    });
    await expect(text(reply).inputValue()).resolves.toBe('> Quoted\n\nAnd answered.');
  });

  it(
    'looks right at phone, laptop and wide sizes, light and dark: a refused post and a reply',
    { timeout: 120_000 },
    async () => {
      const thread = await openThread(
        'A post with an answer being written under it, long enough to wrap onto a second line on a phone.',
      );
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const [name, size] of Object.entries(SIZES)) {
          await page.setViewportSize(size);
          await thread.getByRole('button', { name: 'Reply' }).first().click();
          const reply = page.getByRole('form', { name: 'Reply' });
          await text(reply).fill('Agreed, and a **thought** of my own.');
          await nextFrames(page);
          await shot(page, `composer-reply-${name}-${scheme}`);
          const overflow = () =>
            page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          await expect(overflow(), `${name} ${scheme}: the page scrolls sideways`).resolves.toBeLessThanOrEqual(0);
          await reply.getByRole('button', { name: 'More' }).click();
          await reply.getByRole('radiogroup', { name: 'Kind of post' }).waitFor();
          await nextFrames(page);
          await shot(page, `composer-reply-more-${name}-${scheme}`);
          await expect(
            overflow(),
            `${name} ${scheme}: More makes the page scroll sideways`,
          ).resolves.toBeLessThanOrEqual(0);
          await reply.getByRole('button', { name: /^(Cancel|Close, keep draft)$/ }).click();

          const composer = await newPost();
          await composer.getByRole('radio', { name: 'Bookmark' }).check();
          await text(composer).fill('Worth reading later.');
          await composer.getByRole('button', { name: 'Publish' }).click();
          await composer
            .getByRole('textbox', { name: 'Source address' })
            .and(composer.locator('[aria-invalid="true"]'))
            .waitFor();
          await nextFrames(page);
          await shot(page, `composer-refused-${name}-${scheme}`);
          const dialog = await page.locator('dialog.composer-dialog').boundingBox();
          expect(
            dialog && dialog.x >= 0 && dialog.x + dialog.width <= size.width,
            `${name} ${scheme}: the composer fits`,
          ).toBe(true);
          await composer.getByRole('button', { name: 'Close, keep draft' }).click();
          await composer.waitFor({ state: 'detached' });
        }
      }
    },
  );
});
