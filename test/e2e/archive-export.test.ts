import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { api, hasChromium, tempDir } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-archive-owner-token-0123456789';

/** Settings → "Export everything" in Debian's Chromium against a real headless host. */
describe.skipIf(!hasChromium)('exporting the instance from Settings', () => {
  const { host, page, errors } = useDesk({ name: 'archive', token: TOKEN });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('downloads a zip that opens, with every post in it', async () => {
    for (const content of ['The first of three', 'The second of three', 'The third of three']) {
      const written = await api(host.url, TOKEN, 'POST', '/api/posts/write', { content, post_type: 'post.note' });
      expect(written.status).toBe(200);
    }
    await page.goto(`${host.url}/settings`);
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export everything' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^publishing-desk-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = path.join(tempDir('desk-e2e-download'), download.suggestedFilename());
    await download.saveAs(file);

    const entries = unzipSync(fs.readFileSync(file));
    expect(JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array()))).toMatchObject({
      format: 'publishing-desk-archive',
      counts: { posts: 3 },
    });
    const markdown = Object.keys(entries).filter((name) => name.startsWith('markdown/me/'));
    expect(markdown).toHaveLength(3);
    const texts = markdown.map((name) => strFromU8(entries[name] ?? new Uint8Array()).split('---\n')[2]).sort();
    expect(texts).toEqual(['The first of three', 'The second of three', 'The third of three']);
    await page.getByText('The archive is downloaded.').waitFor();
  });

  it('carries the drafts, as data/drafts.jsonl and as Markdown', async () => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('A thought not yet sent');
    await composer.getByRole('button', { name: 'Close, keep draft' }).click();
    await composer.waitFor({ state: 'detached' });

    await page.goto(`${host.url}/settings`);
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export everything' }).click(),
    ]);
    const file = path.join(tempDir('desk-e2e-download'), download.suggestedFilename());
    await download.saveAs(file);

    const entries = unzipSync(fs.readFileSync(file));
    expect(JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array()))).toMatchObject({ counts: { drafts: 1 } });
    const lines = strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array())
      .split('\n')
      .filter(Boolean);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ type: 'post.note', text: 'A thought not yet sent' }),
    ]);
    const markdown = Object.keys(entries).filter((name) => name.startsWith('markdown/drafts/'));
    expect(markdown).toHaveLength(1);
    const [, frontMatter, body] = strFromU8(entries[markdown[0] ?? ''] ?? new Uint8Array()).split('---\n');
    expect(frontMatter).toMatch(/^draft: true\n/);
    expect(body).toBe('A thought not yet sent');
  });
});
