import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportDataFolder } from '../../../src-main/archive/export-file';
import { startTsWorker, firstAnswer } from '../../../src-main/archive/ts-worker';
import { prepareStore } from '../../../src-main/backups/at-start';
import { convertWithBackupFirst } from '../../../src-main/backups/convert-first';
import { backupPaths } from '../../../src-main/backups/layout';
import { listBackups } from '../../../src-main/backups/list';
import { readManifest } from '../../../src-main/backups/manifest';
import { stageRestore } from '../../../src-main/backups/restore';
import { checkFully } from '../../../src-main/backups/verify';
import { sqliteIndexedDB } from '../../../src-main/store/indexeddb/sqlite-indexeddb';
import { CONVERTING_DIR, holdsLegacyStore } from '../../../src-main/store/legacy-store';
import {
  LEGACY_CATALOGUE_FILE,
  isStoreFile,
  storeFileOf,
  storedSchemaVersion,
} from '../../../src-main/store/sqlite-files';
import { openStoreFolder } from '../../../src-main/store/store-folder';
import { createService } from '../../../src-shared/service';
import { SCHEMA_VERSION } from '../../../src-shared/store/db';
import type { OutboxRow } from '../../../src-shared/store/sync-rows';
import { readTables, type LegacyWriterData, type LegacyWriterMessage } from './legacy-tables';

const TOKEN = 'owner-token-for-tests-0123456789';
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A data folder whose store the release before wrote (indexeddbshim), and its tables as that release read them. */
async function legacyFolder(databaseName: string, corpus: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-convert-'));
  folders.push(dataDir);
  const data: LegacyWriterData = { dataDir, databaseName, token: TOKEN, corpus };
  const said = await firstAnswer<LegacyWriterMessage>(
    startTsWorker(new URL('./legacy-writer.ts', import.meta.url), { workerData: data, heapMb: 1024 }),
  );
  if ('error' in said) throw new Error(said.error);
  expect(fs.existsSync(path.join(dataDir, 'db', LEGACY_CATALOGUE_FILE))).toBe(true);
  return { dataDir, paths: backupPaths(dataDir), ...said };
}

/** Opens the folder as the hosts do (instance.ts): locked, prepared, converted, opened. */
async function openAsHost(dataDir: string, databaseName: string, log: string[] = []) {
  // The instant the store was written at (legacy-writer.ts): opening it refreshes the owner token's row.
  const now = new Date(1_800_000_000_000);
  return openStoreFolder({
    dataDir,
    databaseName,
    token: TOKEN,
    now: now.getTime(),
    prepare: async () => {
      await prepareStore(backupPaths(dataDir), { databaseName, now, log: (text) => log.push(text) });
    },
  });
}

describe('a store the release before wrote', () => {
  it('is backed up, converted and reads back identical, table by table', async () => {
    const name = 'convert-whole';
    const legacy = await legacyFolder(name, 0);
    const log: string[] = [];
    const store = await openAsHost(legacy.dataDir, name, log);
    try {
      const tables = await readTables(store.db);
      expect(Object.keys(tables).sort()).toEqual(Object.keys(legacy.tables).sort());
      for (const [table, rows] of Object.entries(legacy.tables)) expect([table, tables[table]]).toEqual([table, rows]);
      expect(legacy.tables['posts']?.length).toBeGreaterThan(1);
      expect(legacy.tables['stars']).toHaveLength(1);
      expect(legacy.tables['outbox']).toHaveLength(2);
      expect(legacy.tables['posts']?.every((post) => (post as { id: number }).id < legacy.deletedId)).toBe(true);
      expect(legacy.tables['remotes']).toHaveLength(1);

      // A new post takes an id above every id ever given, the deleted post's too.
      const service = createService({ db: store.db, clock: { now: () => Date.now() }, onUnexpectedError: () => {} });
      const response = await service(
        new Request('http://desk.test/api/posts/write', {
          method: 'POST',
          headers: { authorization: TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'Written after the conversion', post_type: 'post.note' }),
        }),
      );
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { guid: string }[] };
      const written = await store.db.posts
        .where('guid')
        .equals(data[0]?.guid ?? '')
        .first();
      expect(legacy.deletedId).toBeGreaterThan(0);
      expect(written?.id).toBe(legacy.deletedId + 1);
      const { seq: _, ...item } = legacy.tables['outbox']?.[0] as OutboxRow;
      expect(await store.db.outbox.add(item)).toBe(legacy.deletedSeq + 1);
    } finally {
      store.close();
    }

    // The old files are gone; the backup made first holds them and passes the full check.
    // (The engine's file keeps its WAL companions while this process holds it.)
    const db = fs.readdirSync(legacy.paths.dbDir).filter((file) => !file.startsWith(`${storeFileOf(name)}-`));
    expect(db).toEqual([storeFileOf(name)]);
    expect(storedSchemaVersion(legacy.paths.dbDir, name)).toBe(SCHEMA_VERSION);
    const backups = await listBackups(legacy.paths);
    expect(backups).toEqual([expect.objectContaining({ reason: 'before-upgrade', state: 'good' })]);
    const folder = path.join(legacy.paths.backupsDir, backups[0]?.name ?? '');
    const manifest = readManifest(folder);
    expect('manifest' in manifest && manifest.manifest.files.map((file) => file.name)).toContain(LEGACY_CATALOGUE_FILE);
    expect(await checkFully(folder, name)).toMatchObject({ good: true });
    expect(log).toContain(
      `Converting the store: 100% (${countOf(legacy.tables)} of ${countOf(legacy.tables)} records)`,
    );
  }, 60_000);

  it('is left as it was when the backup cannot be made first', async () => {
    const name = 'convert-no-backup';
    const legacy = await legacyFolder(name, 0);
    // Where backups go is a file: no backup can be made.
    fs.writeFileSync(legacy.paths.backupsDir, 'not a folder');
    await expect(openAsHost(legacy.dataDir, name)).rejects.toThrow(/backups/);
    expect(holdsLegacyStore(legacy.paths.dbDir)).toBe(true);
    expect(fs.existsSync(path.join(legacy.paths.dbDir, storeFileOf(name)))).toBe(false);
    expect(fs.existsSync(path.join(legacy.paths.dbDir, CONVERTING_DIR))).toBe(false);

    fs.rmSync(legacy.paths.backupsDir);
    const store = await openAsHost(legacy.dataDir, name);
    try {
      expect(await readTables(store.db)).toEqual(legacy.tables);
    } finally {
      store.close();
    }
  }, 60_000);

  it('is exported from a converted copy, the folder left as it was', async () => {
    const name = 'convert-export';
    const legacy = await legacyFolder(name, 0);
    // Its files, by name and bytes (the online copy's reader leaves WAL companions, as on any store).
    const files = () =>
      fs
        .readdirSync(legacy.paths.dbDir)
        .filter(isStoreFile)
        .sort()
        .map((file) => [file, fs.readFileSync(path.join(legacy.paths.dbDir, file)).toString('base64')]);
    const before = files();
    const out = path.join(legacy.dataDir, 'instance.zip');
    const manifest = await exportDataFolder({ dataDir: legacy.dataDir, out, now: 1_800_000_000, databaseName: name });
    expect(manifest.counts).toMatchObject({ posts: legacy.tables['posts']?.length, accounts: 1 });
    expect(fs.existsSync(out)).toBe(true);
    expect(files()).toEqual(before);
    expect(holdsLegacyStore(legacy.paths.dbDir)).toBe(true);
  }, 60_000);

  it('comes back from a backup of the release before, restored and converted at the next start', async () => {
    const name = 'convert-restored';
    const legacy = await legacyFolder(name, 0);
    const first = await openAsHost(legacy.dataDir, name);
    try {
      await first.db.settings.put({ key: 'written after the conversion', value: 'gone after the restore' });
    } finally {
      first.close();
      // A restore is applied by a new process (the app relaunches, a host is restarted): none of this one's
      // SQLite connections on the folder are left.
      sqliteIndexedDB(legacy.paths.dbDir).close();
    }
    const [made] = await listBackups(legacy.paths);
    stageRestore(legacy.paths, { kind: 'backup', name: made?.name ?? '' });

    const log: string[] = [];
    const store = await openAsHost(legacy.dataDir, name, log);
    try {
      const tables = await readTables(store.db);
      for (const [table, rows] of Object.entries(legacy.tables)) expect([table, tables[table]]).toEqual([table, rows]);
    } finally {
      store.close();
    }
    // The backup restored stood as the one made first: the store as it was is kept, and no other is made.
    expect(log).toContain(`Converting the store to this release's format (backed up first as ${made?.name})`);
    expect((await listBackups(legacy.paths)).map((backup) => backup.reason).sort()).toEqual([
      'before-restore',
      'before-upgrade',
    ]);
    expect(holdsLegacyStore(legacy.paths.dbDir)).toBe(false);
  }, 60_000);

  it('resumes a conversion cut short where it stopped, with the backup it made, and ends identical', async () => {
    const name = 'convert-resumed';
    const legacy = await legacyFolder(name, 3_000);
    const now = new Date(1_800_000_000_000);
    const stop = new AbortController();
    const seen: string[] = [];
    const log = (text: string) => {
      seen.push(text);
      // The worker is ended as a crash would end it, a few batches in.
      if (/^Converting the store: [1-9]\d?%/.test(text)) stop.abort();
    };
    await expect(
      convertWithBackupFirst(legacy.paths, { databaseName: name, now, log, signal: stop.signal }),
    ).rejects.toThrow(/the conversion was stopped/);
    // Not live: the old store is still the store, and the copy so far waits apart.
    expect(holdsLegacyStore(legacy.paths.dbDir)).toBe(true);
    expect(fs.existsSync(path.join(legacy.paths.dbDir, storeFileOf(name)))).toBe(false);
    expect(storedSchemaVersion(legacy.paths.dbDir, name)).toBe(SCHEMA_VERSION);
    expect(fs.existsSync(path.join(legacy.paths.dbDir, CONVERTING_DIR, storeFileOf(name)))).toBe(true);

    const resumed: string[] = [];
    const store = await openAsHost(legacy.dataDir, name, resumed);
    try {
      const tables = await readTables(store.db);
      for (const [table, rows] of Object.entries(legacy.tables)) expect([table, tables[table]]).toEqual([table, rows]);
    } finally {
      store.close();
    }
    // It went on from the records already copied, and made no second backup.
    const first = resumed.find((line) => line.startsWith('Converting the store:'));
    expect(first).toMatch(/^Converting the store: [1-9]\d?% \([\d,]+ of/);
    expect(await listBackups(legacy.paths)).toHaveLength(1);
    const db = fs.readdirSync(legacy.paths.dbDir).filter((file) => !file.startsWith(`${storeFileOf(name)}-`));
    expect(db).toEqual([storeFileOf(name)]);
  }, 180_000);
});

const countOf = (tables: Record<string, unknown[]>): string =>
  Object.values(tables)
    .reduce((sum, rows) => sum + rows.length, 0)
    .toLocaleString('en');
