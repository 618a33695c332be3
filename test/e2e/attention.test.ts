import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';
import { nextSecond } from '../support/wait';

const DESK_TOKEN = 'e2e-attention-desk-token-0123456789';
const REMOTE_TOKEN = 'e2e-attention-remote-token-0123456789';

/**
 * What sync cannot settle alone, as the page shows it: a change a remote refuses (a bookmark for a remote
 * that speaks only the legacy interface), and a post edited on both sides while apart.
 */
describe.skipIf(!hasChromium)('sync problems that need the person', () => {
  const { page, remote } = useDesk({
    name: 'attention',
    token: DESK_TOKEN,
    remote: { token: REMOTE_TOKEN, persona: { name: 'Legacy Self', handle: 'legacyself' } },
    ready: async ({ page, remote }) => {
      await page.getByRole('link', { name: 'Remotes and sync' }).click();
      await page.getByRole('textbox', { name: 'Address of the instance' }).fill(remote.url);
      await page.getByRole('combobox', { name: 'Interface' }).selectOption('legacy');
      await page.getByRole('textbox', { name: 'Token' }).fill(REMOTE_TOKEN);
      await page.getByRole('button', { name: 'Add remote' }).click();
      await page.getByRole('button', { name: /Act as Legacy Self/ }).click();
    },
  });

  const syncLine = () => page.getByRole('list', { name: 'Sync status' }).getByRole('listitem');

  const publish = async (fill: (composer: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await fill(composer);
    await composer.getByRole('button', { name: 'Publish' }).click();
    await composer.waitFor({ state: 'detached' });
  };

  it('shows a refused change with its reason, and keeps it here when asked', async () => {
    onTestFailed(() => shot(page, 'failed-attention'));
    await publish(async (composer) => {
      await composer.getByText('Bookmark', { exact: true }).click();
      await composer.getByRole('textbox', { name: 'Source address' }).fill('https://example.org/kept');
      await composer.getByRole('textbox', { name: 'Source title' }).fill('Kept here');
      await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('A bookmark a legacy remote cannot hold');
    });
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).toMatch(/Needs attention: .*bookmarks/);
    // The post says it too, with the remote's reason.
    await page.getByRole('link', { name: /^Home/ }).click();
    await page
      .getByRole('article')
      .filter({ hasText: 'A bookmark a legacy remote cannot hold' })
      .getByRole('note')
      .filter({ hasText: /Needs attention: .*bookmarks/ })
      .waitFor();
    await shot(page, 'post-needs-attention');
    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    const stopped = page.getByRole('list', { name: 'Stopped items' });
    await stopped.getByText(/cannot hold bookmarks/).waitFor();
    await shot(page, 'attention');
    await stopped.getByRole('button', { name: 'Keep here only: Publishing' }).click();
    await expect.poll(() => stopped.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).not.toMatch(/attention/);
  });

  it('edits a post here that was edited on the remote too, and lets the person choose the version', async () => {
    onTestFailed(() => shot(page, 'failed-conflict'));
    await page.getByRole('link', { name: /^Home/ }).click();
    await publish(async (composer) => composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('First words'));
    await expect
      .poll(
        async () =>
          (await api(remote.url, REMOTE_TOKEN, 'GET', '/api/posts/global')).json.data.map(
            (p: { text: string }) => p.text,
          ),
        { timeout: 10_000 },
      )
      .toContain('First words');
    const [onRemote] = (await api(remote.url, REMOTE_TOKEN, 'GET', '/api/posts/global')).json.data;
    // Sent, the post took the remote's GUID; Sync now reads the timeline again, and the page follows.
    await page.getByRole('button', { name: 'Sync now' }).click();
    const post = page.getByRole('article').filter({ has: page.locator(`a[href="/posts/${onRemote.guid}"]`) });
    await post.getByText('First words').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    // Versions are told apart by their update second: the remote's edit must come in a later one.
    await nextSecond();
    expect(
      (
        await api(remote.url, REMOTE_TOKEN, 'POST', `/api/posts/${onRemote.guid}/write`, {
          content: 'Words changed on the remote',
        })
      ).status,
    ).toBe(200);

    await post.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit post' });
    await editor.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Words changed here');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article').filter({ hasText: 'Words changed here' }).waitFor();

    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const conflicts = page.getByRole('region', { name: 'Edited on both sides' });
    await conflicts.waitFor({ timeout: 15_000 });
    await conflicts.getByText('Words changed on the remote').waitFor();
    await shot(page, 'conflict');
    await conflicts.getByRole('button', { name: 'Keep this version' }).click();
    await conflicts.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(async () => (await api(remote.url, REMOTE_TOKEN, 'GET', `/api/posts/${onRemote.guid}`)).json.data[0].text, {
        timeout: 10_000,
      })
      .toBe('Words changed here');
  });
});
