import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { RunningHost } from '../../src-main/host/start';
import { api, hasChromium, shot, signedInPage, startDeskHost, tempDir } from './support/desk-page';
import { useDesk } from './support/use-desk';

const DESK_TOKEN = 'e2e-drafts-desk-token-0123456789';
const LAPTOP_TOKEN = 'e2e-drafts-laptop-token-012345678';
const HOME_TOKEN = 'e2e-drafts-home-token-0123456789';

/**
 * A draft typed on one desk's page found on another desk's page: two desks (real hosts, each with its own
 * store and page) that sync with one home instance (a real host), as a person with a desktop and a laptop
 * has them.
 */
describe.skipIf(!hasChromium)('drafts between desks in a browser', () => {
  const { host, page, remote, errors } = useDesk({
    name: 'drafts-desks',
    token: DESK_TOKEN,
    remote: { token: HOME_TOKEN, persona: { name: 'Mara Ellison', handle: 'mara' } },
  });
  let laptop: RunningHost | undefined;
  afterEach(async () => {
    await laptop?.close();
    expect(errors).toEqual([]);
  });

  /** Links a desk to the home instance; answers how to press its Sync now. */
  const linkHome = async (url: string, token: string) => {
    const added = await api(url, token, 'POST', '/api/sync/remotes', { base_url: remote.url, token: HOME_TOKEN });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const guid: string = added.json.data.guid;
    return async () => expect((await api(url, token, 'POST', `/api/sync/remotes/${guid}/sync`)).status).toBe(200);
  };

  it('types a draft at the desk and finds it, and its later words, on the laptop', async () => {
    onTestFailed(() => shot(page, 'failed-drafts-desks'));
    const syncDesk = await linkHome(host.url, DESK_TOKEN);
    laptop = await startDeskHost({
      dataDir: tempDir('desk-e2e-drafts-laptop'),
      databaseName: 'laptop',
      token: LAPTOP_TOKEN,
    });
    const syncLaptop = await linkHome(laptop.url, LAPTOP_TOKEN);
    await page.reload();

    await page.getByRole('button', { name: 'New post' }).click();
    const text = page.getByRole('form', { name: 'New post' }).getByRole('textbox', { name: 'Text (Markdown)' });
    await text.fill('Drafted at the desk before the train');
    const inDesk = async () =>
      (await api(host.url, DESK_TOKEN, 'GET', '/api/drafts')).json.data.drafts.map((d: { text: string }) => d.text);
    await expect.poll(inDesk).toEqual(['Drafted at the desk before the train']);
    await syncDesk();
    await syncLaptop();

    const browser = page.context().browser();
    if (!browser) throw new Error('the page has a browser');
    const onLaptop = await signedInPage(browser, laptop.url, LAPTOP_TOKEN);
    try {
      await onLaptop.page.goto(`${laptop.url}/drafts`);
      const list = onLaptop.page.getByRole('list', { name: 'Drafts' });
      await list.getByText('Drafted at the desk before the train').waitFor();
      await shot(onLaptop.page, 'drafts-between-desks');

      // More words at the desk: the laptop's page shows them after the next syncs, without a reload.
      await text.fill('Drafted at the desk before the train, finished on it');
      await expect.poll(inDesk).toEqual(['Drafted at the desk before the train, finished on it']);
      await syncDesk();
      await syncLaptop();
      await list.getByText('finished on it').waitFor({ timeout: 10_000 });
      await expect(list.getByRole('listitem').count()).resolves.toBe(1);
    } finally {
      await onLaptop.context.close();
    }
  });
});
