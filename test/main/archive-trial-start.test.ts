import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryStart } from '../../src-main/archive/trial-start';
import { openStoreFolder } from '../../src-main/store/store-folder';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { openDatabase } from '../../src-shared/store/db';
import { REQUEUE_WORDS_V6 } from '../../src-shared/store/upgrade-v6';
import { tempDir } from './host-helpers';

const TOKEN = 'trial-start-token-0123456789';

/**
 * A store built for a restore is started once before it replaces the store in use: one that a host could
 * not start is refused, saying why, instead of stopping every start after it.
 */
describe('a restored store, before it is put in place', () => {
  // One folder per process (sqlite-idb.ts): the two stores are two databases in it.
  const dataDir = tempDir('trial-start');
  const options = (databaseName: string) => ({ databaseName, now: Date.now() });

  it('is taken when a start can open it and it answers, and keeps the tokens it had', async () => {
    const built = await openStoreFolder({ dataDir, databaseName: 'sound', token: TOKEN, now: Date.now() });
    const tokens = await built.db.tokens.toArray();
    built.close();
    await expect(tryStart(path.join(dataDir, 'db'), options('sound'))).resolves.toBeUndefined();
    const again = openDatabase(sqliteIdb(path.join(dataDir, 'db')), 'sound');
    await again.open();
    expect(await again.tokens.toArray()).toEqual(tokens);
    again.close();
  });

  it('is refused, saying why, when a start could not open it', async () => {
    const built = await openStoreFolder({ dataDir, databaseName: 'broken', token: TOKEN, now: Date.now() });
    // What an upgrade leaves to finish at the next start, in a form that start cannot read.
    await built.db.settings.put({ key: REQUEUE_WORDS_V6, value: '{not json' });
    built.close();
    await expect(tryStart(path.join(dataDir, 'db'), options('broken'))).rejects.toThrow(
      /^the restored store would not start: .*JSON/,
    );
  });
});
