import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, chunkFile } from '../../../src-main/backups/chunks';
import { backupPaths } from '../../../src-main/backups/layout';
import { listBackups } from '../../../src-main/backups/list';
import { makeBackup } from '../../../src-main/backups/make';
import { removeBackups } from '../../../src-main/backups/prune';
import { checkFully } from '../../../src-main/backups/verify';
import { chunksOf, copyOf, fileOfBackup, postsIn, chunksIn, storeWithPosts, writeNotes, STORE_FILE } from './fixture';

let source = '';
beforeAll(async () => {
  source = (await storeWithPosts(1500)).dataDir;
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/** What the chunks folder holds on disk, in bytes of its files. */
function chunkBytes(chunksDir: string): number {
  return fs
    .readdirSync(chunksDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/**
 * The store of `from` in place of that of `dataDir`: a process keeps its databases in one folder, so the
 * store is written in the template's and copied over, as the store of `dataDir` after those writes.
 */
function takeStoreOf(from: string, dataDir: string): void {
  fs.rmSync(path.join(dataDir, 'db'), { recursive: true });
  fs.cpSync(path.join(from, 'db'), path.join(dataDir, 'db'), { recursive: true });
}

describe('backups sharing chunks', () => {
  it('stores the store compressed, and a second backup after one write adds a small part of the first', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const storeBytes = fs.statSync(path.join(paths.dbDir, STORE_FILE)).size;
    const first = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: day(1) });
    const afterFirst = chunkBytes(paths.chunksDir);
    expect(afterFirst).toBeLessThan(storeBytes / 2);

    await writeNotes(source, 1);
    takeStoreOf(source, dataDir);
    const second = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: day(2) });
    const added = chunkBytes(paths.chunksDir) - afterFirst;
    const firstChunks = chunksOf(paths.backupsDir, first.name, STORE_FILE);
    const secondChunks = chunksOf(paths.backupsDir, second.name, STORE_FILE);
    // One write changes pages here and there (the record's, one in each index it is in, and the search index's
    // blocks of each of its words): every stretch of the store it left as it was is a chunk of the first
    // backup's, and only the others are added.
    const firstFile = fs.readFileSync(await fileOfBackup(paths.backupsDir, first.name, STORE_FILE));
    const secondFile = fs.readFileSync(await fileOfBackup(paths.backupsDir, second.name, STORE_FILE));
    const unchanged = secondChunks.filter((_, i) => {
      const stretch = (file: Buffer) => file.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES);
      return stretch(secondFile).equals(stretch(firstFile));
    }).length;
    expect(unchanged).toBeGreaterThan(0);
    const shared = secondChunks.filter((hash) => firstChunks.includes(hash));
    expect(shared.length).toBeGreaterThanOrEqual(unchanged);
    // What the second backup adds is the changed stretches alone, each once.
    const addedChunks = new Set(secondChunks.filter((hash) => !firstChunks.includes(hash)));
    expect(addedChunks.size).toBeLessThanOrEqual(secondChunks.length - unchanged);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(afterFirst);
    expect(postsIn(await fileOfBackup(paths.backupsDir, second.name, STORE_FILE))).toBe(1501);
    expect(postsIn(await fileOfBackup(paths.backupsDir, first.name, STORE_FILE))).toBe(1500);
  });

  it('removes with a backup only the chunks no other backup names', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const first = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: day(1) });
    await writeNotes(source, 2);
    takeStoreOf(source, dataDir);
    const second = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: day(2) });
    const named = (name: string) => [...chunksOf(paths.backupsDir, name, STORE_FILE)];
    const shared = named(first.name).filter((hash) => named(second.name).includes(hash));
    const onlyFirst = named(first.name).filter((hash) => !shared.includes(hash));
    expect(shared.length).toBeGreaterThan(0);
    expect(onlyFirst.length).toBeGreaterThan(0);

    removeBackups(paths, [first.name]);
    expect(new Set(chunksIn(paths.backupsDir))).toEqual(new Set(named(second.name)));
    for (const hash of onlyFirst) expect(fs.existsSync(chunkFile(paths.chunksDir, hash))).toBe(false);
    expect(await listBackups(paths)).toEqual([expect.objectContaining({ name: second.name, state: 'good' })]);
    const checked = await checkFully(path.join(paths.backupsDir, second.name), 'publishing');
    expect(checked.good).toBe(true);
  });

  it('leans on nothing a backup cut short left: its folder, its chunks, a chunk half written', async () => {
    const dataDir = copyOf(source);
    const paths = backupPaths(dataDir);
    const cut = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: day(1) });
    // As a crash before the manifest was in place leaves it: chunks no manifest names, one of them empty
    // (written but not yet on disk), a temporary file, and the folder under its making name.
    const hashes = chunksOf(paths.backupsDir, cut.name, STORE_FILE);
    fs.renameSync(path.join(paths.backupsDir, cut.name), path.join(paths.backupsDir, `.making-${cut.name}`));
    fs.rmSync(path.join(paths.backupsDir, `.making-${cut.name}`, 'backup.json'));
    const emptied = hashes[1] ?? '';
    fs.writeFileSync(chunkFile(paths.chunksDir, emptied), '');
    fs.writeFileSync(`${chunkFile(paths.chunksDir, emptied)}.123.tmp`, 'half');
    expect(await listBackups(paths)).toEqual([]);

    // The same store again: every chunk it needs is stored anew, none taken from what was left.
    const next = await makeBackup(paths, { reason: 'daily', databaseName: 'publishing', now: day(2) });
    expect(next.good).toBe(true);
    expect(chunksOf(paths.backupsDir, next.name, STORE_FILE)).toContain(emptied);
    expect(fs.readdirSync(paths.backupsDir).sort()).toEqual([next.name, 'chunks']);
    expect(await checkFully(path.join(paths.backupsDir, next.name), 'publishing')).toMatchObject({ good: true });
    expect(postsIn(await fileOfBackup(paths.backupsDir, next.name, STORE_FILE))).toBe(
      postsIn(path.join(paths.dbDir, STORE_FILE)),
    );
  });
});
