import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStoreFolder } from '../../src-main/store/store-folder';
import { tempDir } from './host-helpers';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('a data folder', () => {
  it('is made private when it is opened, also when an earlier release or a person left it readable to others', async () => {
    const dataDir = tempDir('store-folder');
    const first = await openStoreFolder({ dataDir, token: 'folder-token-0123456789abcdef', now: Date.now() });
    first.close();
    // As the release before left an existing folder: readable by every user of the machine.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'db'), 0o755);
    const files = fs.readdirSync(path.join(dataDir, 'db')).map((name) => path.join(dataDir, 'db', name));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) fs.chmodSync(file, 0o644);

    const again = await openStoreFolder({ dataDir, token: 'folder-token-0123456789abcdef', now: Date.now() });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'db'))).toBe(0o700);
      for (const file of fs.readdirSync(path.join(dataDir, 'db')))
        expect([file, modeOf(path.join(dataDir, 'db', file))]).toEqual([file, 0o600]);
    } finally {
      again.close();
    }
  });
});
