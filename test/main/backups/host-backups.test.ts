import fs from 'node:fs';
import path from 'node:path';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { sqliteIdb } from '../../../src-main/store/sqlite-idb';
import { SCHEMA_VERSION } from '../../../src-shared/store/db';
import { packingMiddleware } from '../../shared/store/packed-rows';
import { declareVersionsUpTo, v1Post } from '../../shared/store/old-rows';
import { rawRequest, tempDir } from '../host-helpers';
import { damageChunk, STORE_FILE } from './fixture';
import { call, serve } from './served';

const TOKEN = 'backups-host-owner-token-0123456789';

async function write(url: string, content: string): Promise<string> {
  const answer = await call(url, 'POST', '/api/posts/write', {
    token: TOKEN,
    json: { content, post_type: 'post.note' },
  });
  expect(answer.status, JSON.stringify(answer.meta)).toBe(200);
  return answer.data[0].guid as string;
}

const exists = async (url: string, guid: string) =>
  (await call(url, 'GET', `/api/posts/${guid}`, { token: TOKEN })).status === 200;

describe('backups of a running host', () => {
  it('are consistent while the host keeps writing, and a staged one is restored at the next start', async () => {
    const dataDir = tempDir('backups-host');
    const first = await serve(dataDir, TOKEN);
    // Enough posts that the copy takes several steps of the online backup.
    const before: string[] = [];
    for (let i = 0; i < 300; i++) before.push(await write(first.url, `Before the backup ${i} ${'words '.repeat(40)}`));

    // Two writers keep going throughout the backup.
    let writing = true;
    const acknowledged: Array<{ guid: string; at: number }> = [];
    const writer = async (n: number) => {
      for (let i = 0; writing; i++)
        acknowledged.push({ guid: await write(first.url, `Writer ${n} post ${i}`), at: Date.now() });
    };
    const writers = [writer(1), writer(2)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = Date.now();
    const ackedBeforeStart = acknowledged.filter((w) => w.at < startedAt).map((w) => w.guid);
    const made = await call(first.url, 'POST', '/api/backups', { token: TOKEN });
    const doneAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    writing = false;
    await Promise.all(writers);
    expect(made.status, JSON.stringify(made.meta)).toBe(200);
    expect(made.data).toMatchObject({ reason: 'manual', state: 'good', schema_version: SCHEMA_VERSION });
    expect(
      acknowledged.filter((w) => w.at > startedAt && w.at < doneAt).length,
      'writes acknowledged during the backup',
    ).toBeGreaterThan(0);
    const after = acknowledged.filter((w) => w.at > doneAt).map((w) => w.guid);
    expect(after.length).toBeGreaterThan(0);

    const listed = await call(first.url, 'GET', '/api/backups', { token: TOKEN });
    expect(listed.data).toMatchObject({
      backups: [{ name: made.data.name, state: 'good' }],
      settings: { interval_hours: 24, keep: 7 },
      staged_restore: null,
      restart: 'host',
    });
    const staged = await call(first.url, 'POST', `/api/backups/${made.data.name as string}/restore`, { token: TOKEN });
    expect(staged.data).toEqual({
      staged_restore: made.data.name,
      staged_archive: null,
      next: `The store will be replaced by backup ${made.data.name as string} at the next start, after a backup of it as it is then. Restart the host to restore it (stop npm run serve and start it again).`,
    });
    await first.stop();

    const second = await serve(dataDir, TOKEN);
    expect(second.output()).toMatch(
      new RegExp(
        `^Restored backup ${made.data.name as string}; the store as it was is kept as backup \\d{8}T\\d{9}Z-before-restore$`,
        'm',
      ),
    );
    // Every post acknowledged before the backup began is there, and the ones written after it ended are not.
    for (const guid of [...before, ...ackedBeforeStart]) expect(await exists(second.url, guid), guid).toBe(true);
    for (const guid of after) expect(await exists(second.url, guid), guid).toBe(false);
    const overview = (await call(second.url, 'GET', '/api/backups', { token: TOKEN })).data;
    expect(overview.last_restore).toMatchObject({ backup: made.data.name, applied: true });
    expect(overview.backups.map((b: { reason: string; state: string }) => [b.reason, b.state])).toEqual([
      ['before-restore', 'good'],
      ['manual', 'good'],
    ]);
    expect(overview.staged_restore).toBeNull();
    await second.stop();
  });

  it('starts on the old store and says why when the staged backup was damaged meanwhile', async () => {
    const dataDir = tempDir('backups-damaged');
    const first = await serve(dataDir, TOKEN);
    const kept = await write(first.url, 'Written before the backup');
    const made = await call(first.url, 'POST', '/api/backups', { token: TOKEN });
    const later = await write(first.url, 'Written after the backup');
    expect(
      (await call(first.url, 'POST', `/api/backups/${made.data.name as string}/restore`, { token: TOKEN })).status,
    ).toBe(200);
    await first.stop();
    const changed = damageChunk(path.join(dataDir, 'backups'), made.data.name as string, STORE_FILE);

    const second = await serve(dataDir, TOKEN);
    expect(second.output()).toContain(
      `Could not restore ${made.data.name as string}, so the store is unchanged: the backup cannot be restored: ${STORE_FILE}: chunk ${changed} changed after the backup was made`,
    );
    expect(await exists(second.url, kept)).toBe(true);
    expect(await exists(second.url, later)).toBe(true);
    const overview = (await call(second.url, 'GET', '/api/backups', { token: TOKEN })).data;
    expect(overview.last_restore).toMatchObject({
      applied: false,
      problem: `the backup cannot be restored: ${STORE_FILE}: chunk ${changed} changed after the backup was made`,
    });
    // The chunk was set aside: the backup lists as damaged, saying so.
    expect(overview.backups).toEqual([
      expect.objectContaining({
        name: made.data.name,
        state: 'damaged',
        problem: `${STORE_FILE}: chunk ${changed} was found damaged`,
      }),
    ]);
    // Restoring it now is refused with the reason.
    const refused = await call(second.url, 'POST', `/api/backups/${made.data.name as string}/restore`, {
      token: TOKEN,
    });
    expect(refused.status).toBe(409);
    expect(refused.meta.text).toBe(
      `This Backup Is Damaged and Cannot Be Restored: ${STORE_FILE}: chunk ${changed} was found damaged`,
    );
    await second.stop();
  });

  it('answers the owner only, takes only names from the list, and bounds the settings', async () => {
    const dataDir = tempDir('backups-routes');
    const host = await serve(dataDir, TOKEN);
    for (const [method, pathname] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['PUT', '/api/backups/settings'],
      ['DELETE', '/api/backups/restore'],
      ['POST', '/api/backups/20260101T000000000Z-manual/restore'],
    ] as const) {
      expect((await call(host.url, method, pathname)).status, `${method} ${pathname} without a token`).toBe(403);
      expect(
        (await call(host.url, method, pathname, { token: 'not-the-owner-token-0123456789' })).status,
        `${method} ${pathname} with a wrong token`,
      ).toBe(401);
    }
    // Dots are resolved by the host's URL parser: the path is then another one, which does not exist.
    for (const name of ['%2E%2E', '..']) {
      expect(
        (
          await rawRequest(host.url, {
            method: 'POST',
            path: `/api/backups/${name}/restore`,
            headers: { authorization: TOKEN },
          })
        ).status,
        name,
      ).toBe(404);
    }
    for (const name of [
      '..%2F..%2Fdb',
      '20260101T000000000Z-manual',
      'backup.json',
      'settings.json',
      `${'1'.repeat(8)}T${'1'.repeat(9)}Z-manual%00`,
    ]) {
      // Sent as written: fetch() would resolve the dots before the host saw them.
      const answer = await rawRequest(host.url, {
        method: 'POST',
        path: `/api/backups/${name}/restore`,
        headers: { authorization: TOKEN },
      });
      expect([answer.status, (JSON.parse(answer.body) as { meta: { text: string } }).meta.text], name).toEqual([
        404,
        'Invalid Backup Identifier Supplied',
      ]);
    }
    expect(fs.existsSync(path.join(dataDir, 'restore.json'))).toBe(false);
    expect(
      (await call(host.url, 'PUT', '/api/backups/settings', { token: TOKEN, json: { interval_hours: 0, keep: 7 } }))
        .status,
    ).toBe(400);
    expect(
      (await call(host.url, 'PUT', '/api/backups/settings', { token: TOKEN, json: { interval_hours: 6, keep: 101 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(host.url, 'PUT', '/api/backups/settings', {
          token: TOKEN,
          json: { interval_hours: 6, keep: 3, extra: 1 },
        })
      ).status,
    ).toBe(400);
    const changed = await call(host.url, 'PUT', '/api/backups/settings', {
      token: TOKEN,
      json: { interval_hours: 6, keep: 3 },
    });
    expect(changed.data, JSON.stringify(changed.meta)).toEqual({ interval_hours: 6, keep: 3 });
    expect((await call(host.url, 'GET', '/api/backups', { token: TOKEN })).data.settings).toEqual({
      interval_hours: 6,
      keep: 3,
    });
    expect((await call(host.url, 'DELETE', '/api/backups/restore', { token: TOKEN })).data).toEqual({
      staged_restore: null,
      staged_archive: null,
      next: 'Nothing will be restored at the next start.',
    });
    const about = await call(host.url, 'GET', '/api/about');
    expect(about.data.extensions).toContain('backups');
    await host.stop();
  });

  it('backs up a store of an older version at start, before upgrading it', async () => {
    const dataDir = tempDir('backups-upgrade');
    // A version 7 store, as the upgrade tests build it, in the data folder the host is then started on.
    const platform = sqliteIdb(path.join(dataDir, 'db'));
    const v7 = new Dexie('publishing', { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    declareVersionsUpTo(v7, 7);
    v7.use(packingMiddleware(['posts']));
    await v7.table('posts').bulkAdd([v1Post(1), v1Post(2)]);
    v7.close();

    const host = await serve(dataDir, TOKEN);
    expect(host.output()).toMatch(
      /^Backed up the store as \d{8}T\d{9}Z-before-upgrade before upgrading it from version 7$/m,
    );
    const overview = (await call(host.url, 'GET', '/api/backups', { token: TOKEN })).data;
    expect(overview.backups).toEqual([
      expect.objectContaining({ reason: 'before-upgrade', schema_version: 7, state: 'good' }),
    ]);
    await host.stop();

    // Upgraded now: the next start takes no such backup.
    const again = await serve(dataDir, TOKEN);
    expect(again.output()).not.toContain('before upgrading');
    await again.stop();
  });
});
