import { afterEach, describe, expect, it } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-personas-owner-token-0123456789';
const REMOTE_TOKEN = 'e2e-personas-remote-token-0123456789';

/**
 * Persona pages (`/@handle`) and tag pages (`/tags/<tag>`) in Debian's Chromium against a real headless
 * host, opened by their addresses as a link or a bookmark would open them.
 */
describe.skipIf(!hasChromium)('Persona and tag pages', () => {
  // A remote too (one folder of databases serves a process, so every case has one): its first Persona
  // has the handle of a local one.
  const { host, page, errors, postWith, remote } = useDesk({
    name: 'personas',
    token: TOKEN,
    freshForEachTest: true,
    remote: { token: REMOTE_TOKEN, persona: { name: 'Wren Far Away', handle: 'wren' } },
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  const call = async (method: string, path: string, body?: Record<string, unknown>) => {
    const answer = await api(host.url, TOKEN, method, path, body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data;
  };
  const write = async (content: string, params: Record<string, unknown> = {}): Promise<{ guid: string }> =>
    (await call('POST', '/api/posts/write', { content, post_type: 'post.note', ...params }))[0];

  it("shows a local Persona's profile, its safe bio and site, and only its posts, of every type", async () => {
    const wren = await call('POST', '/api/account/personas', { handle: 'wren', name: 'Wren Ashby' });
    await call('POST', `/api/account/personas/${wren.guid}`, { site_url: 'https://wren.example/notes' });
    await call('POST', `/api/account/${wren.guid}/bio`, {
      bio_text:
        'I keep **bees** by the river. <script>window.hacked = 1</script><img src=x onerror="window.hacked = 2">',
    });
    await write('A note about the hives', { persona_guid: wren.guid });
    await write('Worth reading on swarms', {
      persona_guid: wren.guid,
      post_type: 'post.bookmark',
      source_url: 'https://bees.example/swarms',
      source_title: 'Swarms',
    });
    await write('Written by the first Persona, not Wren');

    await page.goto(`${host.url}/@wren`);
    const head = page.locator('.screen-head');
    await page.getByRole('heading', { name: 'Wren Ashby' }).waitFor();
    await head.getByText('@wren', { exact: true }).waitFor();
    await expect(head.getByText('yours, on this desk').isVisible()).resolves.toBe(true);
    await expect(head.locator('.persona-bio strong').textContent()).resolves.toBe('bees');
    await expect(head.locator('.persona-bio script, .persona-bio [onerror]').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { hacked?: number }).hacked)).resolves.toBeUndefined();
    await expect(head.getByRole('link', { name: 'wren.example/notes' }).getAttribute('href')).resolves.toBe(
      'https://wren.example/notes',
    );

    const feed = page.getByRole('feed', { name: 'Wren Ashby' });
    await feed.getByText('Worth reading on swarms').waitFor();
    await feed.getByText('A note about the hives').waitFor();
    await expect(feed.getByText('Written by the first Persona, not Wren').count()).resolves.toBe(0);
    await expect(feed.getByRole('article').count()).resolves.toBe(2);
    await shot(page, 'persona-local');

    // A post written now by Wren comes in at the top while the page is open (it polls like any timeline).
    await write('Fresh honey today', { persona_guid: wren.guid });
    await page.reload();
    await postWith('Fresh honey today').waitFor();
  });

  it('says that an unknown handle is unknown here, instead of showing Home', async () => {
    await write('Something on Home');
    await page.goto(`${host.url}/@nobody`);
    await page.getByText('No Persona @nobody is known here.').waitFor();
    await expect(page.getByRole('heading', { name: '@nobody' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('feed').count()).resolves.toBe(0);
    await expect(page.getByText('Something on Home').count()).resolves.toBe(0);
  });

  it('lists under /tags/x only the posts tagged x, in any case, and not those that only say it', async () => {
    await write('Tagged with the letter', { tags: 'X' });
    await write('Also tagged, among others', { tags: 'garden, #x' });
    await write('X marks the spot, but carries no tag');
    await write('Tagged xylophone only', { tags: 'xylophone' });

    await page.goto(`${host.url}/tags/x`);
    await page.getByRole('heading', { name: '#x' }).waitFor();
    const feed = page.getByRole('feed', { name: '#x' });
    await feed.getByText('Tagged with the letter').waitFor();
    await feed.getByText('Also tagged, among others').waitFor();
    await expect(feed.getByRole('article').count()).resolves.toBe(2);
    await shot(page, 'tag-page');
  });

  it('tells it by its host, keeps a local Persona of the same handle at /@handle, and lists its synced posts', async () => {
    const written = await api(remote.url, REMOTE_TOKEN, 'POST', '/api/posts/write', {
      content: 'Written far away',
      post_type: 'post.note',
    });
    expect(written.status, JSON.stringify(written.json)).toBe(200);
    const local = await api(host.url, TOKEN, 'POST', '/api/account/personas', {
      handle: 'wren',
      name: 'Wren Close By',
    });
    expect(local.status, JSON.stringify(local.json)).toBe(200);
    const added = await api(host.url, TOKEN, 'POST', '/api/sync/remotes', {
      base_url: remote.url,
      token: REMOTE_TOKEN,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const synced = await api(host.url, TOKEN, 'POST', `/api/sync/remotes/${added.json.data.guid}/sync`);
    expect(synced.status, JSON.stringify(synced.json)).toBe(200);
    const remoteHost = new URL(remote.url).host;

    await page.goto(`${host.url}/@wren`);
    await page.getByRole('heading', { name: 'Wren Close By' }).waitFor();

    await page.goto(`${host.url}/@${encodeURIComponent(`wren@${remoteHost}`)}`);
    await page.getByRole('heading', { name: 'Wren Far Away' }).waitFor();
    const head = page.locator('.screen-head');
    await head.getByText(`@wren@${remoteHost}`, { exact: true }).waitFor();
    await expect(head.getByText(`yours, on ${remoteHost}`).isVisible()).resolves.toBe(true);
    await page.getByRole('feed', { name: 'Wren Far Away' }).getByText('Written far away').waitFor();
    await shot(page, 'persona-remote');
  });
});
