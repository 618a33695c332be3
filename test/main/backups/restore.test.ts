import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareStore } from '../../../src-main/backups/at-start';
import { backupPaths } from '../../../src-main/backups/layout';
import { listBackups } from '../../../src-main/backups/list';
import { makeBackup } from '../../../src-main/backups/make';
import { applyStagedRestore, stageRestore } from '../../../src-main/backups/restore';
import { openStoreFolder } from '../../../src-main/store/store-folder';
import { tokenHash } from '../../../src-shared/util/secrets';
import { exportToFile } from '../../shared/archive/archive-files';
import { tempDir } from '../host-helpers';
import {
  copyOf,
  damageChunk,
  fileOfBackup,
  keepFirstPosts,
  makeFullCopyBackup,
  postsIn,
  storeWithPosts,
  TOKEN,
  STORE_FILE,
  rowsIn,
} from './fixture';

let source = '';
/** An archive of the 30-post store. */
let archive = '';
beforeAll(async () => {
  source = (await storeWithPosts(30)).dataDir;
  // The instance has a password: a restore over it keeps it, as it keeps the instance's tokens.
  const store = await openStoreFolder({
    dataDir: source,
    token: TOKEN,
    password: 'a password of this instance',
    now: Date.now(),
  });
  try {
    archive = await exportToFile(store.db, Math.floor(Date.now() / 1000));
  } finally {
    store.close();
  }
});

const options = { databaseName: 'publishing', now: new Date('2026-11-25T05:00:00.000Z') };
/** The owner account's password hash and the hashes of its tokens, read straight from SQLite. */
function ownerIn(file: string): { passHash: string | null; tokens: string[] } {
  const owner = rowsIn(file, 'accounts').find((account) => account['name'] === 'owner');
  return {
    passHash: (owner?.['passHash'] as string | null) ?? null,
    tokens: rowsIn(file, 'tokens')
      .filter((t) => t['accountGuid'] === owner?.['guid'])
      .map((t) => String(t['hash'])),
  };
}

const postsOf = (dataDir: string) => postsIn(path.join(dataDir, 'db', STORE_FILE));

/** A data folder with a backup of 30 posts, whose store has since lost all but 10 of them. */
async function changedSinceBackup() {
  const dataDir = copyOf(source);
  const paths = backupPaths(dataDir);
  const made = await makeBackup(paths, {
    reason: 'daily',
    databaseName: 'publishing',
    now: new Date('2026-11-24T05:00:00.000Z'),
  });
  keepFirstPosts(dataDir, 10);
  expect(postsOf(dataDir)).toBe(10);
  return { dataDir, paths, name: made.name };
}

describe('a restore staged for the next start', () => {
  it('backs up the store as it is, then puts the backup in its place and unstages it', async () => {
    const { dataDir, paths, name } = await changedSinceBackup();
    stageRestore(paths, { kind: 'backup', name });

    const outcome = await applyStagedRestore(paths, options);
    expect(outcome).toEqual({
      backup: name,
      applied: true,
      at: options.now.toISOString(),
      safety_backup: '20261125T050000000Z-before-restore',
    });
    expect(postsOf(dataDir)).toBe(30);
    expect(fs.existsSync(paths.stagingFile)).toBe(false);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['backups', 'db']);
    // The store as it was before is a good backup of its own, with its 10 posts.
    const listed = await listBackups(paths);
    expect(listed.map((backup) => [backup.name, backup.state])).toEqual([
      ['20261125T050000000Z-before-restore', 'good'],
      [name, 'good'],
    ]);
    expect(postsIn(await fileOfBackup(paths.backupsDir, '20261125T050000000Z-before-restore', STORE_FILE))).toBe(10);
    // Nothing is staged any more: the next start leaves the store alone.
    expect(await applyStagedRestore(paths, options)).toBeNull();
  });

  it("has the new store's files and folder on disk before it lets go of the old store", async () => {
    const { dataDir, paths, name } = await changedSinceBackup();
    stageRestore(paths, { kind: 'backup', name });
    // What was flushed to the disk, by the path each file was opened at, and what was renamed, in order.
    const realOpen = fs.openSync.bind(fs);
    const realFsync = fs.fsyncSync.bind(fs);
    const realRename = fs.renameSync.bind(fs);
    const opened = new Map<number, string>();
    const events: string[] = [];
    const spies = [
      vi.spyOn(fs, 'openSync').mockImplementation((...args: Parameters<typeof fs.openSync>) => {
        const fd = realOpen(...args);
        opened.set(fd, path.resolve(String(args[0])));
        return fd;
      }),
      vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
        events.push(`synced ${opened.get(fd) ?? '?'}`);
        realFsync(fd);
      }),
      vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
        events.push(`renamed ${path.basename(String(from))} to ${path.basename(String(to))}`);
        realRename(from, to);
      }),
    ];
    try {
      expect((await applyStagedRestore(paths, options))?.applied).toBe(true);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // The old store is let go of when it is renamed from aside: by then the new one must be whole on disk.
    const letGo = events.indexOf('renamed db.before-restore to db.replaced');
    expect(letGo).toBeGreaterThan(0);
    const before = events.slice(0, letGo);
    const dbDir = path.join(dataDir, 'db');
    for (const file of fs.readdirSync(dbDir)) expect(before).toContain(`synced ${path.join(dbDir, file)}`);
    expect(before).toContain(`synced ${dbDir}`);
    expect(events.slice(letGo)).toContain(`synced ${dataDir}`);
  });

  it('restores a backup of full copies, made before backups shared chunks', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const name = await makeFullCopyBackup(paths, {
      reason: 'daily',
      databaseName: 'publishing',
      now: new Date('2026-11-24T05:00:00.000Z'),
    });
    keepFirstPosts(dataDir, 10);
    stageRestore(paths, { kind: 'backup', name });

    expect(await applyStagedRestore(paths, options)).toEqual({
      backup: name,
      applied: true,
      at: options.now.toISOString(),
      safety_backup: '20261125T050000000Z-before-restore',
    });
    expect(postsOf(dataDir)).toBe(30);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['backups', 'db']);
    // The old backup is as it was, and the safety backup beside it is chunked.
    expect(fs.readdirSync(path.join(paths.backupsDir, name)).sort()).toEqual(['backup.json', STORE_FILE]);
    expect((await listBackups(paths)).map((backup) => [backup.name, backup.state])).toEqual([
      ['20261125T050000000Z-before-restore', 'good'],
      [name, 'good'],
    ]);
    expect(postsIn(await fileOfBackup(paths.backupsDir, '20261125T050000000Z-before-restore', STORE_FILE))).toBe(10);
  });

  it('refuses a damaged backup, leaves the store as it was and unstages it, saying why', async () => {
    const { dataDir, paths, name } = await changedSinceBackup();
    const changed = damageChunk(paths.backupsDir, name, STORE_FILE);
    stageRestore(paths, { kind: 'backup', name });

    const report = await prepareStore(paths, options);
    expect(report.restore).toEqual({
      backup: name,
      applied: false,
      at: options.now.toISOString(),
      problem: `the backup cannot be restored: ${STORE_FILE}: chunk ${changed} changed after the backup was made`,
    });
    expect(postsOf(dataDir)).toBe(10);
    expect(fs.existsSync(paths.stagingFile)).toBe(false);
    expect((await listBackups(paths)).map((backup) => backup.reason)).toEqual(['daily']);
  });

  it('builds a staged archive into a new store, backs up the store as it is, then puts the new one in its place', async () => {
    const { dataDir, paths } = await changedSinceBackup();
    const uploaded = path.join(paths.uploadsDir, 'upload-1.zip');
    fs.mkdirSync(paths.uploadsDir);
    fs.copyFileSync(archive, uploaded);
    stageRestore(paths, { kind: 'archive', file: uploaded });
    // An upload a crash cut short, and one no longer staged: nothing would ever restore them.
    fs.writeFileSync(path.join(paths.uploadsDir, 'upload-2.zip.part'), 'PK');
    fs.writeFileSync(path.join(paths.uploadsDir, 'upload-0.zip'), 'PK');

    const outcome = await applyStagedRestore(paths, options);
    expect(outcome).toEqual({
      backup: 'upload-1.zip',
      applied: true,
      at: options.now.toISOString(),
      safety_backup: '20261125T050000000Z-before-restore',
    });
    expect(postsOf(dataDir)).toBe(30);
    expect(postsIn(await fileOfBackup(paths.backupsDir, '20261125T050000000Z-before-restore', STORE_FILE))).toBe(10);
    // The uploaded archive and the folder it was built in are gone; the new store is out of WAL mode, whole.
    expect(fs.readdirSync(paths.uploadsDir)).toEqual([]);
    expect(fs.existsSync(paths.restoringDir)).toBe(false);
    expect(fs.existsSync(paths.stagingFile)).toBe(false);
    expect(fs.readdirSync(paths.dbDir).filter((file) => file.endsWith('.sqlite'))).toEqual([STORE_FILE]);
    // The archive's owner signs in as the instance's did: with its password and its tokens.
    const before = ownerIn(await fileOfBackup(paths.backupsDir, '20261125T050000000Z-before-restore', STORE_FILE));
    const after = ownerIn(path.join(paths.dbDir, STORE_FILE));
    expect(after.passHash).toMatch(/\S{20}/);
    expect(after.passHash).toBe(before.passHash);
    expect(after.tokens).toContain(await tokenHash(TOKEN));
  });

  it('refuses an archive with a bad line late in it, leaving the store as it was and the file given by hand', async () => {
    const { dataDir, paths } = await changedSinceBackup();
    const entries = unzipSync(fs.readFileSync(archive));
    const lines = strFromU8(entries['data/posts.jsonl'] ?? new Uint8Array())
      .trim()
      .split('\n');
    lines[lines.length - 1] = (lines.at(-1) ?? '').replace(/"guid":"[^"]*"/, '"guid":42');
    entries['data/posts.jsonl'] = strToU8(`${lines.join('\n')}\n`);
    const bad = path.join(tempDir('restore-bad'), 'bad.zip');
    fs.writeFileSync(bad, zipSync(entries));
    stageRestore(paths, { kind: 'archive', file: bad });

    const outcome = await applyStagedRestore(paths, options);
    expect(outcome).toMatchObject({ backup: 'bad.zip', applied: false });
    expect(outcome?.problem).toMatch(/^the archive cannot be restored: data\/posts\.jsonl line 30: guid: /);
    expect(postsOf(dataDir)).toBe(10);
    expect(fs.existsSync(bad)).toBe(true);
    expect(fs.existsSync(paths.restoringDir)).toBe(false);
    expect(await listBackups(paths)).toHaveLength(1);
  });

  it('says an archive or a backup that is not there cannot be restored', async () => {
    const { dataDir, paths } = await changedSinceBackup();
    stageRestore(paths, { kind: 'archive', file: '/nonexistent/instance.zip' });
    expect(await applyStagedRestore(paths, options)).toMatchObject({
      applied: false,
      problem: expect.stringMatching(/^the archive cannot be restored: .*ENOENT/),
    });
    stageRestore(paths, { kind: 'backup', name: '20200101T000000000Z-manual' });
    expect(await applyStagedRestore(paths, options)).toMatchObject({
      applied: false,
      problem: 'the backup cannot be restored: there is no such backup',
    });
    fs.writeFileSync(paths.stagingFile, '{"kind":"backup","name":"../../etc"}');
    expect(await applyStagedRestore(paths, options)).toMatchObject({
      applied: false,
      problem: 'restore.json does not say what to restore',
    });
    expect(postsOf(dataDir)).toBe(10);
  });

  it('puts the old store back when the last restore was cut short between moving it aside and finishing', async () => {
    const { dataDir, paths, name } = await changedSinceBackup();
    stageRestore(paths, { kind: 'backup', name });
    // As a crash leaves it: the old store aside, a new db/ with only the first half of the backup's file.
    fs.renameSync(paths.dbDir, path.join(dataDir, 'db.before-restore'));
    fs.mkdirSync(paths.dbDir);
    const whole = fs.readFileSync(await fileOfBackup(paths.backupsDir, name, STORE_FILE));
    fs.writeFileSync(path.join(paths.dbDir, STORE_FILE), whole.subarray(0, whole.length / 2));

    const outcome = await applyStagedRestore(paths, options);
    expect(outcome).toMatchObject({ backup: name, applied: true });
    expect(postsOf(dataDir)).toBe(30);
    // The safety backup is of the old store, put back first, not of the half-made one.
    expect(postsIn(await fileOfBackup(paths.backupsDir, outcome?.safety_backup ?? '', STORE_FILE))).toBe(10);
    expect(fs.existsSync(path.join(dataDir, 'db.before-restore'))).toBe(false);
  });
});
