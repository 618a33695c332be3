import fs from 'node:fs';
import path from 'node:path';
import { Dexie } from 'dexie';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareStore } from '../../../src-main/backups/at-start';
import { createHostBackups } from '../../../src-main/backups/host-backups';
import { backupPaths } from '../../../src-main/backups/layout';
import { listBackups } from '../../../src-main/backups/list';
import { makeBackup } from '../../../src-main/backups/make';
import { backupsToRemove } from '../../../src-main/backups/prune';
import { sqliteIdb } from '../../../src-main/store/sqlite-idb';
import type { BackupAnswer } from '../../../src-shared/api/backups';
import { packingMiddleware } from '../../shared/store/packed-rows';
import { declareVersionsUpTo, v1Post } from '../../shared/store/old-rows';
import { copyOf, damageChunk, storeWithPosts, STORE_FILE } from './fixture';

let source = '';
beforeAll(async () => {
  source = (await storeWithPosts(5)).dataDir;
});

const backup = (name: string, state: BackupAnswer['state'] = 'good'): BackupAnswer => ({
  name,
  made_at: '',
  reason: (name.split('Z-')[1] ?? 'daily') as BackupAnswer['reason'],
  size: 1,
  schema_version: 8,
  state,
});

describe('pruning', () => {
  it('keeps the newest N good backups of each kind, and damaged ones among them', () => {
    const listed = [
      backup('20260107T000000000Z-daily'),
      backup('20260106T000000000Z-manual'),
      backup('20260105T000000000Z-daily', 'damaged'),
      backup('20260104T000000000Z-daily'),
      backup('20260103T000000000Z-before-upgrade'),
      backup('20260102T000000000Z-daily', 'damaged'),
      backup('20260101T000000000Z-daily'),
      backup('20251231T000000000Z-before-upgrade'),
    ];
    expect(backupsToRemove(listed, 2)).toEqual(['20260102T000000000Z-daily', '20260101T000000000Z-daily']);
    expect(backupsToRemove(listed, 1)).toEqual([
      '20260105T000000000Z-daily',
      '20260104T000000000Z-daily',
      '20260102T000000000Z-daily',
      '20260101T000000000Z-daily',
      '20251231T000000000Z-before-upgrade',
    ]);
  });

  it('lets no number of backups made on request push out the daily ones or those before a restore or an upgrade', () => {
    const manual = Array.from({ length: 50 }, (_, i) =>
      backup(`20260201T00${String(i).padStart(2, '0')}00000Z-manual`),
    ).reverse();
    const listed = [
      ...manual,
      backup('20260131T000000000Z-daily'),
      backup('20260130T000000000Z-before-restore'),
      backup('20260129T000000000Z-daily'),
      backup('20260128T000000000Z-before-upgrade'),
    ];
    const removed = backupsToRemove(listed, 3);
    expect(removed).toEqual(manual.slice(3).map((b) => b.name));
  });

  it('never removes the only good backup of a kind, and keeps the newest N damaged ones of a kind that has none', () => {
    expect(
      backupsToRemove([backup('20260102T000000000Z-daily', 'damaged'), backup('20260101T000000000Z-daily')], 1),
    ).toEqual([]);
    expect(
      backupsToRemove(
        [
          backup('20260103T000000000Z-daily', 'damaged'),
          backup('20260102T000000000Z-daily', 'damaged'),
          backup('20260101T000000000Z-manual'),
        ],
        1,
      ),
    ).toEqual(['20260102T000000000Z-daily']);
    expect(backupsToRemove([backup('20260102T000000000Z-daily'), backup('20260101T000000000Z-daily')], 0)).toEqual([
      '20260101T000000000Z-daily',
    ]);
  });
});

describe('the schedule', () => {
  const startReport = { restore: null, upgradeBackup: null };

  it('backs up soon after start when there is no backup, prunes to the last N, and then waits the interval', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    fs.mkdirSync(paths.backupsDir);
    fs.writeFileSync(paths.settingsFile, JSON.stringify({ interval_hours: 6, keep: 2 }));
    for (const day of ['01', '02', '03'])
      await makeBackup(paths, {
        reason: 'daily',
        databaseName: 'publishing',
        now: new Date(`2026-01-${day}T00:00:00Z`),
      });

    const backups = createHostBackups({
      paths,
      databaseName: 'publishing',
      clock: { now: () => Date.now() },
      startReport,
      restart: 'host',
      startDelayMs: 20,
      log: () => {},
    });
    backups.start();
    // The newest backup is months old: one is made as soon as the start delay is over.
    await vi.waitFor(async () => expect((await listBackups(paths)).map((b) => b.name)).toHaveLength(2), {
      timeout: 5_000,
    });
    const overview = await backups.control.overview();
    expect(overview.backups.map((b) => b.reason)).toEqual(['daily', 'daily']);
    expect(overview.backups[1]?.name).toBe('20260103T000000000Z-daily');
    const newest = Date.parse(overview.backups[0]?.made_at ?? '');
    expect(overview.next_at).toBe(new Date(newest + 6 * 3_600_000).toISOString());
    expect(overview.settings).toEqual({ interval_hours: 6, keep: 2 });
    await backups.stop();
  });

  it('waits the interval after a recent backup, and counts from the settings changed', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const now = Date.now();
    await makeBackup(paths, { reason: 'manual', databaseName: 'publishing', now: new Date(now - 3_600_000) });
    const backups = createHostBackups({
      paths,
      databaseName: 'publishing',
      clock: { now: () => now },
      startReport,
      restart: 'app',
      startDelayMs: 0,
      log: () => {},
    });
    backups.start();
    await vi.waitFor(async () =>
      expect((await backups.control.overview()).next_at).toBe(new Date(now + 23 * 3_600_000).toISOString()),
    );
    await backups.control.changeSettings({ interval_hours: 2, keep: 7 });
    expect((await backups.control.overview()).next_at).toBe(new Date(now + 3_600_000).toISOString());
    expect(await listBackups(paths)).toHaveLength(1);
    await backups.stop();
  });

  it('reports a scheduled backup that fails its check until one succeeds', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const logged: string[] = [];
    // The store's catalogue does not name the database the host says it uses: every copy fails its check.
    const backups = createHostBackups({
      paths,
      databaseName: 'elsewhere',
      clock: { now: () => Date.now() },
      startReport,
      restart: 'host',
      startDelayMs: 0,
      log: (line) => logged.push(line),
    });
    backups.start();
    await vi.waitFor(async () => expect((await backups.control.overview()).last_failure).not.toBeNull(), {
      timeout: 5_000,
    });
    const overview = await backups.control.overview();
    expect(overview.last_failure?.problem).toMatch(
      /^backup \d{8}T\d{9}Z-daily is damaged: the copy holds no database called elsewhere$/,
    );
    expect(overview.backups).toEqual([
      expect.objectContaining({ state: 'damaged', problem: 'the copy holds no database called elsewhere' }),
    ]);
    expect(logged[0]).toContain('the copy holds no database called elsewhere');
    await backups.stop();
  });

  it('keeps making backups on request apart from the others, and refuses more than six of them in an hour', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    fs.mkdirSync(paths.backupsDir);
    fs.writeFileSync(paths.settingsFile, JSON.stringify({ interval_hours: 24, keep: 2 }));
    const kept = [
      '20260101T000000000Z-daily',
      '20260102T000000000Z-before-upgrade',
      '20260103T000000000Z-before-restore',
      '20260104T000000000Z-daily',
    ];
    for (const name of kept) {
      const [stamp, reason] = name.split('Z-') as [string, BackupAnswer['reason']];
      const at = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T00:00:00Z`;
      await makeBackup(paths, { reason, databaseName: 'publishing', now: new Date(at) });
    }
    let now = Date.parse('2026-01-05T00:00:00Z');
    const backups = createHostBackups({
      paths,
      databaseName: 'publishing',
      clock: { now: () => now },
      startReport,
      restart: 'host',
      log: () => {},
    });
    const made: string[] = [];
    for (let i = 0; i < 6; i++) {
      now += 60_000;
      made.push((await backups.control.backUpNow()).name);
    }
    now += 60_000;
    await expect(backups.control.backUpNow()).rejects.toMatchObject({
      code: 429,
      text: 'Too Many Backups Made on Request: 6 in the last hour; the next can be made from 2026-01-05T01:01:00.000Z',
    });
    // The daily backups and those before an upgrade or a restore are all there; of those on request, the newest two.
    expect((await listBackups(paths)).map((b) => b.name).sort()).toEqual([...kept, ...made.slice(-2)].sort());
    now = Date.parse('2026-01-05T01:01:00Z');
    expect((await backups.control.backUpNow()).reason).toBe('manual');
    await backups.stop();
  });

  it('refuses to stage a damaged backup or a name that is not one of the list', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const made = await makeBackup(paths, { reason: 'manual', databaseName: 'publishing', now: new Date() });
    const backups = createHostBackups({
      paths,
      databaseName: 'publishing',
      clock: { now: () => Date.now() },
      startReport,
      restart: 'host',
      log: () => {},
    });
    for (const name of ['..', '../db', '20260101T000000000Z-manual', `${made.name}/..`, 'backup.json']) {
      await expect(backups.control.stageRestore(name)).rejects.toMatchObject({
        code: 404,
        text: 'Invalid Backup Identifier Supplied',
      });
    }
    const changed = damageChunk(paths.backupsDir, made.name, STORE_FILE);
    await expect(backups.control.stageRestore(made.name)).rejects.toMatchObject({
      code: 409,
      text: `This Backup Is Damaged and Cannot Be Restored: ${STORE_FILE}: chunk ${changed} changed after the backup was made`,
    });
    expect(fs.existsSync(paths.stagingFile)).toBe(false);
  });
});

describe('before a schema upgrade', () => {
  it('backs up a store of an older version before it is opened, and not one that is current', async () => {
    // A version 7 store beside the template's (one SQLite folder per process), as the upgrade tests build it.
    const platform = sqliteIdb(path.join(source, 'db'));
    const v7 = new Dexie('old', { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    declareVersionsUpTo(v7, 7);
    v7.use(packingMiddleware(['posts']));
    await v7.table('posts').bulkAdd([v1Post(1), v1Post(2)]);
    v7.close();

    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const now = new Date('2026-11-25T05:10:00.000Z');
    const report = await prepareStore(paths, { databaseName: 'old', now });
    expect(report).toEqual({ restore: null, upgradeBackup: { name: '20261125T051000000Z-before-upgrade', from: 7 } });
    expect(await listBackups(paths)).toEqual([
      expect.objectContaining({
        name: '20261125T051000000Z-before-upgrade',
        reason: 'before-upgrade',
        schema_version: 7,
        state: 'good',
      }),
    ]);

    expect(await prepareStore(paths, { databaseName: 'publishing', now })).toEqual({
      restore: null,
      upgradeBackup: null,
    });
    expect(await listBackups(paths)).toHaveLength(1);
  });
});
