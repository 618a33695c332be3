import { describe, expect, it } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-sign-in-link-owner-token-01234';

/**
 * Signing in from a browser with the one-time link `npm run serve` prints, on an instance with no password:
 * what a newcomer has.
 */
describe.skipIf(!hasChromium)('signing in with the printed link', () => {
  const { host, context } = useDesk({
    name: 'sign-in-link',
    databaseName: 'sign-in-link',
    token: TOKEN,
    open: 'signed-out',
  });

  it('leads with the link when no password is set, and offers the owner token, not a password form', async () => {
    const page = await context.newPage();
    await page.goto(host.url);
    const link = page.getByRole('region', { name: 'Sign in with the link' });
    await link.getByText('Open the sign-in link printed where the desk was started').waitFor();
    await page.getByRole('form', { name: 'Or use the owner token' }).waitFor();
    await expect(page.getByRole('form', { name: 'Sign in' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Password').count()).resolves.toBe(0);
    await shot(page, 'sign-in-link-first');
    await page.close();
  });

  it('signs in with the link, lands on Home with the code gone from the address, and a used link says so', async () => {
    const printed = await host.signInLink();
    const code = new URL(printed).hash.slice('#code='.length);
    const page = await context.newPage();
    await page.goto(printed);
    await page.getByRole('heading', { name: /^Home/, level: 1 }).waitFor();
    expect(page.url()).toBe(`${host.url}/`);
    await expect(page.evaluate(() => `${location.href} ${JSON.stringify(history.state)}`)).resolves.not.toContain(code);
    // Signed in as a password would sign in: a session of its own, kept across a reload, that works.
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('desk.session.v1') ?? '{}') as { token: string; source: string },
    );
    expect(saved.source).toBe('login');
    expect(saved.token).not.toBe(TOKEN);
    expect((await api(host.url, saved.token, 'GET', '/api/account/me')).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: /^Home/, level: 1 }).waitFor();
    await page.close();

    // The same link again, in another browser: refused, said plainly, with the ways to sign in below.
    const other = await context.browser()?.newContext({ viewport: { width: 1200, height: 860 } });
    if (!other) throw new Error('no browser');
    try {
      const again = await other.newPage();
      await again.goto(printed);
      await again.getByRole('alert').filter({ hasText: 'This sign-in link was already used or has expired' }).waitFor();
      await again.getByRole('textbox', { name: 'Owner token' }).waitFor();
      expect(again.url()).toBe(`${host.url}/`);
      await shot(again, 'sign-in-link-used');
      // And the owner token still signs in from there.
      await again.getByRole('textbox', { name: 'Owner token' }).fill(TOKEN);
      await again.getByRole('button', { name: 'Use this token' }).click();
      await again.getByRole('heading', { name: /^Home/, level: 1 }).waitFor();
    } finally {
      await other.close();
    }
  });
});
