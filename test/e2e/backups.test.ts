import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, hasChromium, nextFrames, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-backups-owner-token-0123456789';

/** Settings → Backups against a real host: back up now, the list, the schedule, and a restore staged for the restart. */
describe.skipIf(!hasChromium)('backups in a browser', () => {
  const { host, page, errors } = useDesk({ name: 'backups', token: TOKEN, freshForEachTest: true });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  const section = () => page.getByRole('region', { name: 'Backups' });
  const openSettings = async () => {
    await page.goto(`${host.url}/settings`);
    await section().getByRole('button', { name: 'Back up now' }).waitFor();
  };

  it('backs up now, lists the backup with its date and size, and stages a restore after a confirmation', async () => {
    await api(host.url, TOKEN, 'POST', '/api/posts/write', { content: 'Worth keeping', post_type: 'post.note' });
    await openSettings();
    await expect(section().getByRole('list', { name: 'Backups, newest first' }).textContent()).resolves.toBe(
      'No backup yet.',
    );

    await section().getByRole('button', { name: 'Back up now' }).click();
    const done = section().getByRole('status').filter({ hasText: 'Backed up:' });
    await done.waitFor();
    await expect(done.textContent()).resolves.toMatch(/^Backed up: \d+ kB, checked and good\.$/);
    const rows = section().getByRole('list', { name: 'Backups, newest first' }).getByRole('listitem');
    await expect(rows.count()).resolves.toBe(1);
    const listed = (await api(host.url, TOKEN, 'GET', '/api/backups')).json.data.backups[0];
    const row = rows.first();
    // The local date, how long ago, why, how big, and that it is good.
    await expect(row.textContent()).resolves.toMatch(/^\w{3}, .+ · (now|\d+ sec\. ago) · Made by hand · \d+ kB · Good/);
    await expect(row.locator('time').getAttribute('datetime')).resolves.toBe(listed.made_at);
    await expect(row.textContent()).resolves.toContain(`${Math.round(listed.size / 1000)} kB`);
    await nextFrames(page);
    await shot(page, 'backups-laptop-light');

    await row.getByRole('button', { name: /^Restore the backup from .*…$/ }).click();
    const confirm = row.getByRole('group', { name: /^Restore the backup from / });
    await expect(confirm.textContent()).resolves.toContain('A backup of the instance as it is now is taken first');
    await confirm.getByRole('button', { name: 'Restore this backup' }).click();
    await section().getByText('Restart the host to finish.').waitFor();
    await expect(section().textContent()).resolves.toContain(
      `The backup ${listed.name as string} replaces everything in this instance at the next start`,
    );
    expect(JSON.parse(fs.readFileSync(path.join(host.dataDir, 'restore.json'), 'utf8'))).toEqual({
      kind: 'backup',
      name: listed.name,
    });
    await shot(page, 'backups-laptop-staged');

    // Changed one's mind: nothing is restored.
    await section().getByRole('button', { name: 'Do not restore' }).click();
    await section().getByText('Restart the host to finish.').waitFor({ state: 'detached' });
    expect(fs.existsSync(path.join(host.dataDir, 'restore.json'))).toBe(false);
  });

  it('changes the schedule, shows a damaged backup with why, and looks right at phone and laptop sizes, light and dark', async () => {
    const made = (await api(host.url, TOKEN, 'POST', '/api/backups')).json.data;
    await api(host.url, TOKEN, 'POST', '/api/backups');
    // Its manifest cut short, as a failing disk could leave it (the chunks it names are the next one's too).
    fs.writeFileSync(path.join(host.dataDir, 'backups', made.name as string, 'backup.json'), '{"format":2');
    await openSettings();
    const schedule = section().getByRole('form', { name: 'Backup schedule' });
    await schedule.getByRole('spinbutton', { name: 'Back up every (hours)' }).fill('6');
    await schedule.getByRole('spinbutton', { name: 'Keep the last' }).fill('3');
    await schedule.getByRole('button', { name: 'Save' }).click();
    await section()
      .getByText(/every 6 hours/)
      .waitFor();
    expect((await api(host.url, TOKEN, 'GET', '/api/backups')).json.data.settings).toEqual({
      interval_hours: 6,
      keep: 3,
    });

    const rows = section().getByRole('list', { name: 'Backups, newest first' }).getByRole('listitem');
    await expect(rows.nth(1).textContent()).resolves.toContain('Damaged: backup.json is not valid JSON');
    await expect(rows.nth(1).getByRole('button').count()).resolves.toBe(0);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await section().scrollIntoViewIfNeeded();
      await nextFrames(page);
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('.backups-section *')].some(
          (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
        ),
      );
      expect(overflow, colorScheme).toBe(false);
      await shot(page, `backups-phone-${colorScheme}`);
      await page.setViewportSize({ width: 1200, height: 860 });
      await section().scrollIntoViewIfNeeded();
      await nextFrames(page);
      await shot(page, `backups-laptop-${colorScheme}-damaged`);
    }
  });
});
