import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { startFaultProxy } from '../support/fault-proxy';
import { bothSchemes } from './support/axe';
import { api, hasChromium, shot } from './support/desk-page';
import { shootSyncState } from './support/sync-shots';
import { useDesk } from './support/use-desk';

const DESK_TOKEN = 'e2e-syncstatus-desk-token-0123456789';
const REMOTE_TOKEN = 'e2e-syncstatus-remote-token-0123456789';
/** Posts on the remote for a long first pull: two full pages of 249 (instance-connection.ts) and a bit. */
const MANY = 520;

/**
 * What the page says of a remote's sync, as a person reads it: an unreachable remote, Sync now, and a long
 * first pull. Two real hosts in this process, made afresh for each case (see offline.test.ts).
 */
describe.skipIf(!hasChromium)('the sync status of a remote', () => {
  const { host, page, remote, stopRemote, errors } = useDesk({
    name: 'syncstatus',
    token: DESK_TOKEN,
    remote: { token: REMOTE_TOKEN, persona: { name: 'Remote Self', handle: 'remoteself' } },
    freshForEachTest: true,
  });

  const syncLine = () => page.getByRole('list', { name: 'Sync status' }).getByRole('listitem');
  const card = () => page.getByRole('list', { name: 'Remotes' }).getByRole('listitem').first();
  /** Where the remote runs, as the page names it; read while it runs. */
  const remoteHost = () => new URL(remote.url).host;

  /** Adds `baseUrl` (the remote, or a proxy before it) with the remote's token, as the page adds it. */
  const addRemote = async (baseUrl = remote.url) => {
    const added = await api(host.url, DESK_TOKEN, 'POST', '/api/sync/remotes', {
      base_url: baseUrl,
      token: REMOTE_TOKEN,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
  };

  const writeOnRemote = async (count: number) => {
    // A few at a time: the remote is a real host, and the writes are only the arrangement.
    for (let i = 0; i < count; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
          const answer = await api(remote.url, REMOTE_TOKEN, 'POST', '/api/posts/write', {
            content: `Remote post ${i + j + 1}`,
            post_type: 'post.note',
          });
          expect(answer.status).toBe(200);
        }),
      );
    }
  };

  /** The colour a CSS custom property of the page's palette resolves to now, as a computed colour. */
  const paletteColour = (name: string) =>
    page.evaluate((property) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${property})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    }, name);

  it('shows an unreachable remote as offline, since when, why and when it is tried next, in a colour of its own', async () => {
    onTestFailed(() => shot(page, 'failed-sync-offline'));
    await addRemote();
    await page.reload();
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).toMatch(/Up to date · just now/);
    const where = remoteHost();
    await stopRemote();

    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Could not sync with ${where}: the remote cannot be reached (connection refused)` })
      .waitFor();
    const line = syncLine();
    await expect
      .poll(() => line.textContent())
      .toMatch(
        new RegExp(
          `^${where.replace(/\./g, '\\.')} Offline since [^·]+ · the remote cannot be reached \\(connection refused\\) · next try at [^·]+$`,
        ),
      );
    // The full times on hover.
    expect(await line.getAttribute('title')).toMatch(/^Failing since .+; Next try at .+/);
    // Its own colour: not the grey of a remote never synced, and the same in its shape and its words.
    const icon = line.locator('.sync-icon');
    const offline = await paletteColour('--offline');
    expect(await icon.evaluate((el) => getComputedStyle(el).color)).toBe(offline);
    expect(offline).not.toBe(await paletteColour('--muted'));
    expect(await line.locator('.sync-text').evaluate((el) => getComputedStyle(el).color)).toBe(offline);

    // The Remotes screen has it all.
    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    const detail = card().getByRole('list', { name: `Sync with ${where}` });
    await detail.getByText('Last error just now: The remote cannot be reached (connection refused)').waitFor();
    await detail.getByText(/^Failing since /).waitFor();
    await detail.getByText(/^Next try at /).waitFor();
    await detail.getByText('Last sync did not finish just now', { exact: true }).waitFor();
    // Its colours read well enough in light and dark.
    expect(await bothSchemes(page)).toEqual({});
    await shootSyncState(page, 'offline');
    expect(errors).toEqual([]);
  }, 60_000);

  it('Sync now says it is busy while it runs, starts one sync for a press or two, then says what it came to', async () => {
    onTestFailed(() => shot(page, 'failed-sync-now'));
    await addRemote();
    await page.reload();
    await expect.poll(() => syncLine().textContent(), { timeout: 10_000 }).toMatch(/Up to date/);
    await writeOnRemote(3);
    // The page's request to sync is held back until the test has seen the button while it runs.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const syncRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/sync\/remotes\/[^/]+\/sync$/.test(new URL(request.url()).pathname))
        syncRequests.push(request.url());
    });
    await page.route('**/api/sync/remotes/*/sync', async (route) => {
      await held;
      await route.continue();
    });

    const button = page.getByRole('button', { name: /^Sync now$|^Syncing…$/ });
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Syncing…');
    expect(await button.getAttribute('aria-busy')).toBe('true');
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => syncLine().textContent()).toMatch(/Syncing/);
    // A second press while it runs: nothing, as the button is disabled and the page would start nothing anyway.
    await button.click({ force: true });
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('.sidebar-foot button')?.click());
    release();

    const outcome = page
      .getByRole('status')
      .filter({ hasText: `Up to date with ${remoteHost()}: 3 new or changed posts` });
    await outcome.waitFor({ timeout: 10_000 });
    await expect.poll(() => button.textContent()).toBe('Sync now');
    expect(await button.getAttribute('aria-busy')).toBe('false');
    expect(syncRequests).toHaveLength(1);
    await expect.poll(() => syncLine().textContent()).toMatch(/Up to date · just now/);

    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    await card()
      .getByText(/^Last sync went well just now: 3 new or changed posts$/)
      .waitFor();
    await shootSyncState(page, 'up-to-date');
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows how far a long first pull got while it runs, with no made-up total', async () => {
    onTestFailed(() => shot(page, 'failed-sync-progress'));
    await writeOnRemote(MANY);
    // A remote answering slowly: each page after the first takes a few seconds to come.
    const proxy = await startFaultProxy(remote.url);
    onTestFinished(() => proxy.close());
    proxy.inject({ kind: 'slow', method: 'GET', path: /^\/api\/posts\/global\?.*before=/, times: 2, ms: 6_000 });
    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    await page.getByText('No remotes yet').waitFor();
    // Added with its first pull left to the scheduler, which starts it at once.
    await addRemote(proxy.url);

    const line = syncLine();
    await expect.poll(() => line.textContent(), { timeout: 10_000 }).toMatch(/Syncing · 249 posts read so far$/);
    expect(await line.getAttribute('class')).toContain('sync-syncing');
    await card()
      .getByText(/^Sync started (just now|\d+ min ago) · 249 posts read, 249 new or changed here so far$/)
      .waitFor();
    expect(await bothSchemes(page)).toEqual({});
    await shootSyncState(page, 'syncing');
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toMatch(/Syncing · 498 posts read so far$/);
    // Never a total: no remote says how many posts it holds.
    expect(await line.textContent()).not.toMatch(/ of |about/);

    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toMatch(/Up to date · just now/);
    await card().getByText(`Last sync went well just now: ${MANY} new or changed posts`).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
