import { describe, expect, it } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-sign-in-owner-token-0123456789';
const PASSWORD = 'correct horse battery';

/** Signing in from a browser with the owner's name and password, staying signed in, signing out. */
describe.skipIf(!hasChromium)('signing in', () => {
  const { host, context } = useDesk({
    name: 'sign-in',
    databaseName: 'sign-in',
    token: TOKEN,
    password: PASSWORD,
    open: 'signed-out',
  });

  it("refuses a wrong password with the instance's words, then signs in, stays signed in, and signs out", async () => {
    const page = await context.newPage();
    await page.goto(host.url);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'Account name' }).fill('owner');
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid Account Name or Password' }).waitFor();
    await shot(page, 'sign-in-refused');

    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Home/, level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /^Home/, level: 1 }).waitFor();

    // Signing out ends the session on the instance: its token is refused from then on.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('desk.session.v1') ?? '{}').token as string,
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await expect.poll(async () => (await api(host.url, token, 'GET', '/api/account/me')).status).toBe(401);
    // The owner token itself still works.
    expect((await api(host.url, TOKEN, 'GET', '/api/account/me')).status).toBe(200);
  });

  it('goes back to signing in, saying why, when the instance stops accepting the token', async () => {
    const signedIn = await api(host.url, TOKEN, 'POST', '/api/auth/login', {
      account_name: 'owner',
      account_pass: PASSWORD,
    });
    const page = await context.newPage();
    await page.addInitScript(
      (token) => localStorage.setItem('desk.session.v1', JSON.stringify({ token, source: 'login' })),
      signedIn.json.data.token,
    );
    await page.goto(host.url);
    await page.getByRole('heading', { name: /^Home/, level: 1 }).waitFor();
    await fetch(`${host.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: signedIn.json.data.token },
    });
    // The page learns it at its next request: this one (g g, Everything), or its own poll of the sync status
    // if that comes first, which takes the signed-in screen and its links away (so no click that would wait).
    await page.keyboard.press('g');
    await page.keyboard.press('g');
    await page.getByRole('alert').filter({ hasText: 'no longer accepts this sign-in' }).waitFor();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });
});
