import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, hasChromium, tempDir } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-restore-owner-token-0123456789';

/** Settings → "Restore from an archive…" in Debian's Chromium against a real headless host. */
describe.skipIf(!hasChromium)('restoring an archive from Settings', () => {
  const { host, page, errors } = useDesk({ name: 'archive-restore', token: TOKEN });

  afterEach(() => {
    // The refused upload's 422 is the browser's console error for a failed request; nothing else may be.
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });

  it('refuses a cut-short zip in its own words, then stages a sound one and says to restart the host', async () => {
    const written = await api(host.url, TOKEN, 'POST', '/api/posts/write', {
      content: 'In the archive',
      post_type: 'post.note',
    });
    expect(written.status).toBe(200);
    const exported = await fetch(`${host.url}/api/instance/export`, { headers: { authorization: TOKEN } });
    const folder = tempDir('desk-e2e-restore');
    const sound = path.join(folder, 'instance.zip');
    fs.writeFileSync(sound, new Uint8Array(await exported.arrayBuffer()));
    const cut = path.join(folder, 'cut.zip');
    fs.writeFileSync(cut, fs.readFileSync(sound).subarray(0, 100));

    await page.goto(`${host.url}/settings`);
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Restore from an archive…' }).click();
    const confirm = section.getByRole('group', { name: 'Restore from an archive' });
    await confirm.getByText('A backup of the instance as it is now is taken first').waitFor();
    const restore = confirm.getByRole('button', { name: 'Restore this archive' });
    expect(await restore.isDisabled()).toBe(true);

    await confirm.getByLabel('Archive (.zip)').setInputFiles(cut);
    await restore.click();
    await confirm
      .getByRole('alert')
      .getByText('This Archive Cannot Be Restored: the file is not a zip archive, or it is cut short')
      .waitFor();

    await confirm.getByLabel('Archive (.zip)').setInputFiles(sound);
    await restore.click();
    const note = section
      .getByRole('status')
      .filter({ hasText: 'replaces everything in this instance at the next start' });
    await note.getByText('Restart the host to finish.').waitFor();
    expect(await note.textContent()).toContain('The archive instance.zip');
    const overview = await api(host.url, TOKEN, 'GET', '/api/backups');
    expect(overview.json.data.staged_archive).toMatch(/^upload-.*\.zip$/);

    // Do not restore: nothing is staged any more.
    await note.getByRole('button', { name: 'Do not restore' }).click();
    await section.getByRole('button', { name: 'Restore from an archive…' }).waitFor();
    expect((await api(host.url, TOKEN, 'GET', '/api/backups')).json.data.staged_archive).toBeNull();
  });
});
