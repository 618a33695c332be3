import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupPaths } from '../../../src-main/backups/layout';
import { listBackups } from '../../../src-main/backups/list';
import { makeBackup } from '../../../src-main/backups/make';
import { readManifest, writeManifest } from '../../../src-main/backups/manifest';
import { checkFully, sha256Of } from '../../../src-main/backups/verify';
import { SCHEMA_VERSION } from '../../../src-shared/store/db';
import { copyOf, damageBytes, postsIn, STORE_FILE, storeWithPosts } from './fixture';

let source = '';
beforeAll(async () => {
  source = (await storeWithPosts(30)).dataDir;
});

describe('making a backup', () => {
  it('copies every SQLite file of db/ with a manifest, checks it, and lists it as good', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const made = await makeBackup(paths, {
      reason: 'manual',
      databaseName: 'publishing',
      now: new Date('2026-11-25T04:50:00.123Z'),
    });
    expect(made).toEqual({ name: '20261125T045000123Z-manual', good: true });

    const folder = path.join(paths.backupsDir, made.name);
    expect(fs.readdirSync(folder).sort()).toEqual(['backup.json', STORE_FILE]);
    const read = readManifest(folder);
    if ('problem' in read) throw new Error(read.problem);
    expect(read.manifest).toMatchObject({
      reason: 'manual',
      made_at: '2026-11-25T04:50:00.123Z',
      schema_version: SCHEMA_VERSION,
    });
    expect(read.manifest.files.map((file) => file.name)).toEqual([STORE_FILE]);
    // The copy is a store of its own, with the posts of the original.
    expect(postsIn(path.join(folder, STORE_FILE))).toBe(30);

    const listed = await listBackups(paths);
    expect(listed).toEqual([
      {
        name: made.name,
        made_at: '2026-11-25T04:50:00.123Z',
        reason: 'manual',
        size: read.manifest.files.reduce((sum, file) => sum + file.size, 0),
        schema_version: SCHEMA_VERSION,
        state: 'good',
      },
    ]);
    expect(listed[0]?.size).toBe(fs.statSync(path.join(folder, STORE_FILE)).size);
  });

  it('lists a backup whose bytes were damaged on disk as damaged, and its full check says why', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const made = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: new Date() });
    const folder = path.join(paths.backupsDir, made.name);
    damageBytes(path.join(folder, STORE_FILE));

    const [listed] = await listBackups(paths);
    expect(listed).toMatchObject({
      name: made.name,
      state: 'damaged',
      problem: `${STORE_FILE} changed after the backup was made`,
    });
    expect(await checkFully(folder, 'publishing')).toMatchObject({
      good: false,
      problem: `${STORE_FILE} changed after the backup was made`,
    });
  });

  it("refuses a copy whose hashes match but whose pages are not a sound database, with SQLite's complaint", async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const made = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: new Date() });
    const folder = path.join(paths.backupsDir, made.name);
    const file = path.join(folder, STORE_FILE);
    // Damage written before the hashes were taken: only SQLite's own check can see it.
    damageBytes(file);
    const read = readManifest(folder);
    if ('problem' in read) throw new Error(read.problem);
    const stat = fs.statSync(file);
    const sha256 = await sha256Of(file);
    writeManifest(folder, {
      ...read.manifest,
      files: read.manifest.files.map((f) => (f.name === STORE_FILE ? { ...f, sha256, mtime_ms: stat.mtimeMs } : f)),
    });

    expect(await listBackups(paths)).toEqual([expect.objectContaining({ state: 'good' })]);
    const checked = await checkFully(folder, 'publishing');
    expect(checked.good).toBe(false);
    expect(checked.good ? '' : checked.problem).toMatch(
      new RegExp(`^${STORE_FILE.replace('.', '\\.')} fails SQLite's integrity check: .+`),
    );
  });

  it('lists a backup with a missing file or an unreadable manifest as damaged, and never one half made', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const first = await makeBackup(paths, {
      reason: 'daily',
      databaseName: 'publishing',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    const second = await makeBackup(paths, {
      reason: 'daily',
      databaseName: 'publishing',
      now: new Date('2026-01-02T00:00:00Z'),
    });
    fs.rmSync(path.join(paths.backupsDir, first.name, STORE_FILE));
    fs.writeFileSync(path.join(paths.backupsDir, second.name, 'backup.json'), '{"format":1');
    fs.mkdirSync(path.join(paths.backupsDir, '.making-20260103T000000000Z-daily'));

    expect(await listBackups(paths)).toEqual([
      expect.objectContaining({
        name: second.name,
        state: 'damaged',
        problem: 'backup.json is not valid JSON',
        made_at: '2026-01-02T00:00:00.000Z',
      }),
      expect.objectContaining({ name: first.name, state: 'damaged', problem: `${STORE_FILE} is missing` }),
    ]);
  });

  it('marks a copy that fails its check as damaged with the reason, and lists it so', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    // A store whose catalogue does not name the database the host uses: the version cannot be read back.
    const made = await makeBackup(paths, { reason: 'manual', databaseName: 'another', now: new Date() });
    expect(made).toEqual({ name: made.name, good: false, problem: 'the copy holds no database called another' });
    expect(await listBackups(paths)).toEqual([
      expect.objectContaining({
        name: made.name,
        state: 'damaged',
        problem: 'the copy holds no database called another',
      }),
    ]);
  });
});
