import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLocalInstance } from '../../../src-main/desktop/instance';
import { tempDir } from '../host-helpers';

/** A box that seals nothing: these tests add no remote. */
const secrets = {
  encrypted: false,
  seal: (plain: string) => `plain:${plain}`,
  open: (sealed: string) => sealed.slice('plain:'.length),
};

/** The local instance in a user-data folder, laid out as the headless host lays out its --data folder. */
describe('the local instance', () => {
  const dataDir = tempDir('desk-instance');

  it('is created on first start and found again, with the same owner token, on the next', async () => {
    const first = await openLocalInstance({ dataDir, secrets });
    expect(first.created).toBe(true);
    const me = await first.service(
      new Request('http://127.0.0.1:8788/api/account/me', { headers: { Authorization: first.ownerToken } }),
    );
    expect(me.status).toBe(200);
    expect(fs.statSync(path.join(dataDir, 'owner-token')).mode & 0o777).toBe(0o600);
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'publishing.lock'))).toBe(false);

    const second = await openLocalInstance({ dataDir, secrets });
    expect(second.created).toBe(false);
    expect(second.ownerToken).toBe(first.ownerToken);
    await second.stop();
  });

  it('refuses to open a folder another running program holds, and says what to do', async () => {
    // The parent process is alive and is not this one: its pid in the lock file means "in use".
    fs.writeFileSync(path.join(dataDir, 'publishing.lock'), String(process.ppid));
    await expect(openLocalInstance({ dataDir, secrets })).rejects.toThrow(
      /Another program is using the data in .*Stop it, then start Publishing Desk again/,
    );
    fs.rmSync(path.join(dataDir, 'publishing.lock'));
  });
});
