import { describe, expect, it } from 'vitest';
import { api, hasChromium, nextFrames, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const DESK_TOKEN = 'e2e-offline-desk-token-0123456789';
const REMOTE_TOKEN = 'e2e-offline-remote-token-0123456789';

/**
 * Writing while a remote is unreachable: the page says what waits to be sent, and says it is sent once the
 * remote is back. Two real hosts in this process (one folder of databases, as sqlite-idb.ts requires), made
 * afresh for each case: a case that needs the remote added adds it through the API first.
 */
describe.skipIf(!hasChromium)('the desk with a remote that goes away and comes back', () => {
  const { host, page, remote, stopRemote, startRemote } = useDesk({
    name: 'offline',
    token: DESK_TOKEN,
    remote: { token: REMOTE_TOKEN, persona: { name: 'Remote Self', handle: 'remoteself' } },
    freshForEachTest: true,
  });

  const syncLine = () => page.getByRole('list', { name: 'Sync status' }).getByRole('listitem');

  /** The remote added with its token, as the page adds it, and its first sync done; the page read again. */
  const addRemote = async () => {
    const added = await api(host.url, DESK_TOKEN, 'POST', '/api/sync/remotes', {
      base_url: remote.url,
      token: REMOTE_TOKEN,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    await page.reload();
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).toMatch(/Up to date/);
  };

  it('adds the remote with a pasted token and shows its linked Persona', async () => {
    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    await page.getByText('No remotes yet').waitFor();
    await page.getByRole('textbox', { name: 'Address of the instance' }).fill(remote.url);
    await page.getByRole('radio', { name: 'A token' }).check();
    await page.getByRole('textbox', { name: 'Token' }).fill(REMOTE_TOKEN);
    await page.getByRole('button', { name: 'Add remote' }).click();
    const card = page.getByRole('list', { name: 'Remotes' }).getByRole('listitem').first();
    await card.getByText('Remote Self (@remoteself)').waitFor();
    await page.getByRole('button', { name: /Act as Remote Self/ }).waitFor();
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).toMatch(/Up to date/);
    await shot(page, 'remotes');
  });

  it("writes as the remote's Persona while the remote is down, shows it waiting, then sent", async () => {
    await addRemote();
    await stopRemote();
    await page.getByRole('button', { name: /Act as Remote Self/ }).click();
    await page.getByRole('link', { name: /^Home/ }).click();
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Written while the remote was away');
    await composer.getByRole('button', { name: 'Publish' }).click();
    // Readable here at once: the local instance has it.
    await page.getByRole('article').filter({ hasText: 'Written while the remote was away' }).waitFor();
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).toMatch(/1 waiting to send/);
    // The post itself says so too, also after a reload.
    await page.reload();
    await page
      .getByRole('article')
      .filter({ hasText: 'Written while the remote was away' })
      .getByText('Waiting to send')
      .waitFor();
    await shot(page, 'waiting-to-send');

    const back = await startRemote();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => syncLine().textContent(), { timeout: 15_000 }).toMatch(/Up to date/);
    expect(await syncLine().textContent()).not.toMatch(/waiting/);
    await expect.poll(() => page.getByText('Waiting to send').count()).toBe(0);
    await shot(page, 'sent');
    // Sent, the post took the remote's GUID; the page follows, so acting on it still works.
    const sent = page.getByRole('article').filter({ hasText: 'Written while the remote was away' });
    await expect(sent.count()).resolves.toBe(1);
    // The star shows at once; a refusal would come with the answer, so the test waits for it.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/star'),
    );
    await sent.getByRole('button', { name: 'Star' }).click();
    await expect.poll(() => sent.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).toBe('true');
    await answered;
    await nextFrames(page);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    const onRemote = await api(back.url, REMOTE_TOKEN, 'GET', '/api/posts/global');
    expect(onRemote.json.data.map((p: { text: string }) => p.text)).toContain('Written while the remote was away');
  });
});
