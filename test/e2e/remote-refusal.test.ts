import { afterEach, describe, expect, it } from 'vitest';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-remote-refusal-owner-token-0123';
const REMOTE_TOKEN = 'e2e-remote-refusal-remote-token-012';

/**
 * A remote that refuses the account name and password typed in Remotes refuses them, not this desk's own
 * sign-in: the person stays signed in here, reads the refusal beside the form, and keeps what they typed.
 */
describe.skipIf(!hasChromium)('a remote refusing a sign-in', () => {
  const { host, page, errors, remote } = useDesk({
    name: 'remote-refusal',
    token: TOKEN,
    remote: { token: REMOTE_TOKEN, persona: { name: 'Far Away', handle: 'far' } },
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('shows the refusal in the Remotes form, keeps what was typed, and stays signed in', async () => {
    await page.getByRole('link', { name: 'Remotes and sync' }).click();
    const form = page.getByRole('form', { name: 'Add a remote' });
    await form.getByLabel('Address of the instance').fill(remote.url);
    await form.getByRole('textbox', { name: 'Account name' }).fill('owner');
    await form.getByLabel('Password', { exact: true }).fill('not the remote password');
    await form.getByRole('button', { name: 'Add remote' }).click();

    await form.getByRole('alert').filter({ hasText: 'The Remote Instance Refused the Sign-In' }).waitFor();
    await shot(page, 'remote-refused');
    await expect(form.getByLabel('Address of the instance').inputValue()).resolves.toBe(remote.url);
    await expect(form.getByRole('textbox', { name: 'Account name' }).inputValue()).resolves.toBe('owner');
    await expect(form.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('not the remote password');

    // Still signed in here: the desk's own session is the one it had, and the rest of the desk still works.
    await expect(page.getByRole('form', { name: 'Sign in' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => localStorage.getItem('desk.session.v1'))).resolves.toContain(TOKEN);
    await page.getByRole('link', { name: /^Everything/ }).click();
    await page.getByRole('heading', { name: /^Everything/, level: 1 }).waitFor();
    // And the refused remote was not added.
    expect((await api(host.url, TOKEN, 'GET', '/api/sync/remotes')).json.data).toEqual([]);
  });
});
