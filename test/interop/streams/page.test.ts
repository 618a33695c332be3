import { describe, expect, it } from 'vitest';
import { hasChromium, shot } from '../../e2e/support/desk-page';
import { useDesk } from '../../e2e/support/use-desk';
import type { PeerAccount } from './peer';
import { unavailable, usePeer } from './use-peer';

const DESK_TOKEN = 'interop-page-desk-token-0123456789';

/** A person adds their streams account in the page, by name and password, reads it and writes to it. */
describe.skipIf(unavailable !== null || !hasChromium)('a streams account added in the page', () => {
  const real = usePeer();
  let neighbour: PeerAccount;
  const { page, postWith } = useDesk({
    name: 'streams',
    token: DESK_TOKEN,
    arrange: async () => {
      const { peer } = real;
      neighbour = await peer.addAccount('neighbour');
      await peer.write(peer.owner, { content: 'Written on streams before the desk came' });
      await peer.write(neighbour, { content: 'Hello @peer, from next door' });
    },
  });
  const syncLine = () => page.getByRole('list', { name: 'Sync status' }).getByRole('listitem');

  it('signs in, says what the server is, and links the Persona', async () => {
    const { peer } = real;
    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    await page.getByRole('textbox', { name: 'Address of the instance' }).fill(peer.base);
    await page.getByRole('textbox', { name: 'Account name' }).fill(peer.owner.name);
    await page.getByLabel('Password', { exact: true }).fill(peer.owner.password);
    await page.getByRole('button', { name: 'Add remote' }).click();
    const card = page.getByRole('list', { name: 'Remotes' }).getByRole('listitem').first();
    await card
      .getByText('10Centuries (matigo/streams) · instance interface · takes notes, articles, bookmarks and quotations')
      .waitFor();
    await card.getByText('peer (@peer)').waitFor();
    await expect.poll(() => syncLine().textContent(), { timeout: 15_000 }).toMatch(/Up to date/);
    await shot(page, 'streams-remote');
  });

  it('shows what was written there, and the mention in Mentions', async () => {
    await page.getByRole('link', { name: /^Everything/ }).click();
    await postWith('Written on streams before the desk came').waitFor();
    await expect(postWith('Hello @peer, from next door').getByText('@neighbour').count()).resolves.toBe(1);
    await page.getByRole('button', { name: /Act as peer/ }).click();
    await page.getByRole('link', { name: /^Mentions/ }).click();
    await postWith('Hello @peer, from next door').waitFor();
    await shot(page, 'streams-mentions');
  });

  it('publishes as the streams Persona, once', async () => {
    const { peer } = real;
    await page.getByRole('link', { name: /^Home/ }).click();
    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Written in the desk, sent to streams');
    await composer.getByRole('button', { name: 'Publish' }).click();
    await postWith('Written in the desk, sent to streams').waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(
        async () =>
          (
            await peer.sql(
              "SELECT COUNT(*) FROM Post WHERE is_deleted = 'N' AND value = 'Written in the desk, sent to streams'",
            )
          )[0],
        { timeout: 15_000 },
      )
      .toBe('1');
    await expect.poll(() => page.getByText('Waiting to send').count()).toBe(0);
  });
});
