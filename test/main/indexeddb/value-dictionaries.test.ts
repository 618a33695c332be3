import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InflatedTexts, inflatedTexts } from '../../../src-main/store/indexeddb/inflated-texts';
import { encodeKey } from '../../../src-main/store/indexeddb/key-codec';
import { sqliteIndexedDB } from '../../../src-main/store/indexeddb/sqlite-indexeddb';
import { FIRST_AT, GROWTH, MAX_BYTES } from '../../../src-main/store/indexeddb/value-dictionaries';
import { tempDir } from '../host-helpers';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('failed'));
  });

const finished = (transaction: IDBTransaction) =>
  new Promise<'complete' | 'abort'>((resolve) => {
    transaction.oncomplete = () => resolve('complete');
    transaction.onabort = () => resolve('abort');
  });

function open(indexedDB: IDBFactory, name: string, upgrade?: (db: IDBDatabase) => void) {
  const request = indexedDB.open(name, upgrade ? 1 : undefined);
  request.onupgradeneeded = () => upgrade?.(request.result);
  return done(request);
}

/** The engine as a host starting anew would find the folder: nothing kept in memory from before. */
function restarted(folder: string) {
  sqliteIndexedDB(folder).close();
  return sqliteIndexedDB(folder).indexedDB;
}

const fileOf = (folder: string) =>
  path.join(folder, fs.readdirSync(folder).find((name) => name.endsWith('.sqlite')) ?? '');

/** Runs `use` on the folder's database file, straight in SQLite, with no engine open on it. */
function inSqlite<T>(folder: string, use: (sql: Database.Database) => T): T {
  const sql = new Database(fileOf(folder));
  try {
    return use(sql);
  } finally {
    sql.close();
  }
}

/** Values much like posts: the same keys and references in each, text that differs. */
const note = (id: number) => ({
  id,
  group: id % 3 === 0 ? 'a' : 'b',
  accountGuid: '0e6c8d2a-5a3b-4f7e-9d21-7c1f0b9a4e55',
  personaGuid: '5f0b7c1e-2d4a-4b8e-a3f6-91c2d8e7b044',
  text: `Note ${id} about the river and the ${id % 7} bridges`,
  html: `<p>Note ${id} about the river and the ${id % 7} bridges</p>`,
});

async function putAll(db: IDBDatabase, values: unknown[]) {
  const tx = db.transaction('items', 'readwrite');
  for (const value of values) tx.objectStore('items').put(value);
  expect(await finished(tx)).toBe('complete');
}

const withItems = (db: IDBDatabase) => db.createObjectStore('items', { keyPath: 'id' }).createIndex('byGroup', 'group');

const formsIn = (folder: string) =>
  inSqlite(folder, (sql) =>
    Object.fromEntries(
      (
        sql
          .prepare('SELECT CAST(substr(value, 1, 1) AS TEXT) AS form, count(*) AS n FROM records GROUP BY form')
          .all() as {
          form: string;
          n: number;
        }[]
      ).map((row) => [row.form, row.n]),
    ),
  );

const dictionariesIn = (folder: string) =>
  inSqlite(
    folder,
    (sql) =>
      sql.prepare('SELECT id, store, bytes FROM value_dictionaries ORDER BY id').all() as {
        id: number;
        store: number;
        bytes: Buffer;
      }[],
  );

const formatOf = (folder: string) =>
  inSqlite(folder, (sql) => sql.prepare("SELECT value FROM meta WHERE name = 'format'").pluck().get());

describe("an object store's values are deflated with a dictionary made of its own values", () => {
  it('keeps values of every form whole across a restart, in less room once the store has a dictionary', async () => {
    const folder = tempDir('idb-dict-forms');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'forms', withItems);
    const large = { id: 1000, group: 'a', text: 'long river '.repeat(400) };
    const structured = { id: 1001, group: 'b', when: new Date(7), gone: undefined, tags: new Set(['x']) };
    // Before the store has FIRST_AT records: plain, V8's form, and a large value deflated without a dictionary.
    await putAll(db, [large, structured, note(0)]);
    expect(dictionariesIn(folder)).toEqual([]);
    expect(formatOf(folder)).toBe(1);
    expect(formsIn(folder)).toEqual({ J: 1, V: 1, Z: 1 });

    const notes = Array.from({ length: FIRST_AT * 2 }, (_, i) => note(i + 1));
    const structuredLater = { id: 1002, group: 'b', when: new Date(9), text: 'a Date keeps this out of JSON' };
    const largeLater = { id: 1003, group: 'a', text: 'long river '.repeat(400) };
    await putAll(db, [...notes, structuredLater, largeLater]);
    const [dictionary] = dictionariesIn(folder);
    expect(dictionariesIn(folder)).toHaveLength(1);
    expect(dictionary?.bytes.length).toBeLessThanOrEqual(MAX_BYTES);
    expect(formatOf(folder)).toBe(2);
    const forms = formsIn(folder);
    // Every value written once the dictionary was made is in the dictionary's form, a Date's too.
    expect(forms['D']).toBeGreaterThanOrEqual(FIRST_AT + 3);
    db.close();

    const again = await open(restarted(folder), 'forms');
    const store = again.transaction('items').objectStore('items');
    expect(await done(store.get(1000))).toEqual(large);
    expect(await done(store.get(1001))).toStrictEqual(structured);
    expect(await done(store.get(1002))).toStrictEqual(structuredLater);
    expect(await done(store.get(1003))).toEqual(largeLater);
    expect(await done(store.getAll(sqliteIndexedDB(folder).IDBKeyRange.bound(1, FIRST_AT * 2)))).toEqual(notes);
    expect(await done(store.index('byGroup').getAll('a'))).toEqual(
      [...[note(0), ...notes].filter((item) => item.group === 'a'), large, largeLater].sort((x, y) => x.id - y.id),
    );
    again.close();
    // The notes written once the dictionary was made, in less than half the room JSON takes.
    const later = notes.slice(FIRST_AT);
    const stored = inSqlite(folder, (sql) =>
      sql
        .prepare('SELECT sum(length(value)) FROM records WHERE key BETWEEN ? AND ?')
        .pluck()
        .get(encodeKey(FIRST_AT + 1), encodeKey(FIRST_AT * 2)),
    ) as number;
    const asJson = later.reduce((sum, item) => sum + JSON.stringify(item).length + 1, 0);
    expect(stored).toBeLessThan(asJson / 2);
  });

  it('keeps a dictionary across a restart and makes the next only once the store has grown GROWTH times', async () => {
    const folder = tempDir('idb-dict-reopen');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'grow', withItems);
    await putAll(
      db,
      Array.from({ length: FIRST_AT + 10 }, (_, i) => note(i)),
    );
    const first = dictionariesIn(folder);
    expect(first).toHaveLength(1);
    db.close();

    const again = await open(restarted(folder), 'grow');
    await putAll(
      again,
      Array.from({ length: FIRST_AT }, (_, i) => note(1000 + i)),
    );
    expect(dictionariesIn(folder)).toEqual(first);
    await putAll(
      again,
      Array.from({ length: FIRST_AT * GROWTH }, (_, i) => note(2000 + i)),
    );
    const grown = dictionariesIn(folder);
    expect(grown).toHaveLength(2);
    expect(grown[0]).toEqual(first[0]);
    const store = again.transaction('items').objectStore('items');
    expect(await done(store.get(5))).toEqual(note(5));
    expect(await done(store.get(1005))).toEqual(note(1005));
    expect(await done(store.count())).toBe(FIRST_AT + 10 + FIRST_AT + FIRST_AT * GROWTH);
    again.close();
  });

  it("forgets a dictionary an aborted transaction made, and reads the next one's values by their own", async () => {
    const folder = tempDir('idb-dict-abort');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'abort', withItems);
    // Two sets of values of the same lengths: their dictionaries are laid out alike, and a value that is
    // all in its dictionary deflates to the same bytes with either.
    const draft = (id: number, letter: string) => ({ id, group: 'a', text: `${letter.repeat(160)} ${1000 + id}` });
    const putSet = (tx: IDBTransaction, letter: string) => {
      const items = tx.objectStore('items');
      for (let i = 0; i <= FIRST_AT; i++) items.put(draft(i, letter));
      // Written again once the dictionary was made: in the dictionary's form.
      items.put(draft(3, letter));
      return done(items.get(3));
    };
    const aborted = db.transaction('items', 'readwrite');
    // Read inside the transaction, as it goes into the cache of inflated texts.
    expect(await putSet(aborted, 'a')).toEqual(draft(3, 'a'));
    aborted.abort();
    expect(await finished(aborted)).toBe('abort');
    expect(dictionariesIn(folder)).toEqual([]);

    const kept = db.transaction('items', 'readwrite');
    expect(await putSet(kept, 'b')).toEqual(draft(3, 'b'));
    expect(await finished(kept)).toBe('complete');
    expect(dictionariesIn(folder)).toHaveLength(1);
    expect(formsIn(folder)['D']).toBeGreaterThan(0);
    const store = db.transaction('items').objectStore('items');
    expect(await done(store.getAll())).toEqual(Array.from({ length: FIRST_AT + 1 }, (_, i) => draft(i, 'b')));
    db.close();
  });

  it("removes a store's dictionaries when it is cleared, and when it is deleted", async () => {
    const folder = tempDir('idb-dict-clear');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'clear', (db) => {
      withItems(db);
      db.createObjectStore('other', { keyPath: 'id' });
    });
    await putAll(
      db,
      Array.from({ length: FIRST_AT + 1 }, (_, i) => note(i)),
    );
    const tx = db.transaction('other', 'readwrite');
    for (let i = 0; i < FIRST_AT + 1; i++) tx.objectStore('other').put(note(i));
    expect(await finished(tx)).toBe('complete');
    expect(dictionariesIn(folder)).toHaveLength(2);
    const clearing = db.transaction('items', 'readwrite');
    clearing.objectStore('items').clear();
    expect(await finished(clearing)).toBe('complete');
    expect(dictionariesIn(folder)).toHaveLength(1);
    db.close();

    const request = restarted(folder).open('clear', 2);
    request.onupgradeneeded = () => request.result.deleteObjectStore('other');
    const upgraded = await done(request);
    expect(dictionariesIn(folder)).toEqual([]);
    upgraded.close();
  });

  it('makes no dictionary of values too large to sample, and never one over its bound', async () => {
    const folder = tempDir('idb-dict-bound');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'bound', withItems);
    // Each over the size a sample takes: the store is read, none of it is taken.
    const big = (id: number) => ({ id, group: 'a', text: `${id} `.repeat(3000) });
    await putAll(
      db,
      Array.from({ length: FIRST_AT + 1 }, (_, i) => big(i)),
    );
    expect(dictionariesIn(folder)).toEqual([]);
    // Three thousand characters each, many more than fit.
    const mid = (id: number) => ({ id, group: 'b', text: `${id} ${'x'.repeat(3000)}` });
    await putAll(
      db,
      Array.from({ length: FIRST_AT * GROWTH }, (_, i) => mid(1000 + i)),
    );
    const made = dictionariesIn(folder);
    expect(made).toHaveLength(1);
    expect(made[0]?.bytes.length).toBeLessThanOrEqual(MAX_BYTES);
    const store = db.transaction('items').objectStore('items');
    expect(await done(store.get(3))).toEqual(big(3));
    expect(await done(store.get(1003))).toEqual(mid(1003));
    db.close();
  });
  it('makes no dictionary for a store of values too short to be deflated with one', async () => {
    const folder = tempDir('idb-dict-short');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'short', withItems);
    const short = (id: number) => ({ id, group: 'a', at: 1_700_000_000 + id });
    await putAll(
      db,
      Array.from({ length: FIRST_AT * 2 }, (_, i) => short(i)),
    );
    expect(dictionariesIn(folder)).toEqual([]);
    expect(formsIn(folder)).toEqual({ J: FIRST_AT * 2 });
    expect(await done(db.transaction('items').objectStore('items').getAll())).toEqual(
      Array.from({ length: FIRST_AT * 2 }, (_, i) => short(i)),
    );
    db.close();
  });
});

describe('a stored value that cannot be read gives a clear error', () => {
  async function storeWithDictionary() {
    const folder = tempDir('idb-dict-bad');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'bad', withItems);
    await putAll(
      db,
      Array.from({ length: FIRST_AT + 10 }, (_, i) => note(i)),
    );
    db.close();
    return folder;
  }

  async function readAfter(folder: string, damage: (value: Buffer) => Buffer) {
    inSqlite(folder, (sql) => {
      const key = encodeKey(FIRST_AT + 5);
      const value = sql.prepare('SELECT value FROM records WHERE key = ?').pluck().get(key) as Buffer;
      expect(String.fromCharCode(value.readUInt8(0))).toBe('D');
      sql.prepare('UPDATE records SET value = ? WHERE key = ?').run(damage(value), key);
    });
    const db = await open(restarted(folder), 'bad');
    try {
      const store = db.transaction('items').objectStore('items');
      // The other records still read.
      expect(await done(store.get(FIRST_AT + 4))).toEqual(note(FIRST_AT + 4));
      return await done(store.get(FIRST_AT + 5)).then(
        () => null,
        (error: unknown) => (error as Error).message,
      );
    } finally {
      db.close();
    }
  }

  it('names a dictionary the file does not hold', async () => {
    const folder = await storeWithDictionary();
    const message = await readAfter(folder, (value) => Buffer.concat([Buffer.from([0x44, 0x7b]), value.subarray(2)]));
    expect(message).toMatch(/names dictionary 123, which the file does not hold/);
    expect(message).toContain(fileOf(folder));
  });

  it('says an id is cut short', async () => {
    const folder = await storeWithDictionary();
    expect(await readAfter(folder, () => Buffer.from([0x44, 0x81, 0x82]))).toMatch(/dictionary id is cut short/);
  });

  it('says compressed bytes are damaged', async () => {
    const folder = await storeWithDictionary();
    const message = await readAfter(folder, (value) => Buffer.concat([value.subarray(0, 2), Buffer.alloc(40, 0xff)]));
    expect(message).toMatch(/compressed bytes are damaged/);
  });

  it('names an unknown form', async () => {
    const folder = await storeWithDictionary();
    expect(await readAfter(folder, (value) => Buffer.concat([Buffer.from('Q'), value.subarray(1)]))).toMatch(
      /form byte 81/,
    );
  });
});

/** The schema of the engine's file as the release before wrote it, with no table of dictionaries. */
const PREVIOUS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS object_stores (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, key_path TEXT, auto_increment INTEGER NOT NULL,
    key_generator REAL NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS indexes (
    id INTEGER PRIMARY KEY, store INTEGER NOT NULL, name TEXT NOT NULL, key_path TEXT NOT NULL,
    is_unique INTEGER NOT NULL, multi_entry INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS records (
    store INTEGER NOT NULL, key BLOB NOT NULL, value BLOB NOT NULL, UNIQUE (store, key));
  CREATE TABLE IF NOT EXISTS index_records (
    idx INTEGER NOT NULL, key BLOB NOT NULL, pk BLOB NOT NULL, PRIMARY KEY (idx, key, pk)) WITHOUT ROWID;
`;

/** A file as the release before wrote it: its values as JSON ('J'), the large ones deflated ('Z'). */
function previousReleaseFile(folder: string, items: { id: number; group: string }[]): void {
  const sql = new Database(path.join(folder, 'idb-old.sqlite'));
  try {
    sql.pragma('journal_mode = WAL');
    sql.exec(PREVIOUS_SCHEMA);
    sql.prepare("INSERT INTO meta VALUES ('format', 1), ('name', ?), ('version', 1)").run(JSON.stringify('old'));
    sql.prepare('INSERT INTO object_stores VALUES (1, ?, ?, 0, 0)').run(JSON.stringify('items'), JSON.stringify('id'));
    sql
      .prepare('INSERT INTO indexes VALUES (2, 1, ?, ?, 0, 0)')
      .run(JSON.stringify('byGroup'), JSON.stringify('group'));
    const record = sql.prepare('INSERT INTO records VALUES (1, ?, ?)');
    const entry = sql.prepare('INSERT INTO index_records VALUES (2, ?, ?)');
    for (const item of items) {
      const plain = Buffer.from(`J${JSON.stringify(item)}`);
      const value = plain.length > 2048 ? Buffer.concat([Buffer.from('Z'), zlib.deflateRawSync(plain)]) : plain;
      record.run(encodeKey(item.id), value);
      entry.run(encodeKey(item.group), encodeKey(item.id));
    }
  } finally {
    sql.close();
  }
}

describe('a file the release before wrote', () => {
  it('opens, reads back as it was, gains the table of dictionaries, and deflates what is written next', async () => {
    const folder = tempDir('idb-dict-previous');
    const old = [
      ...Array.from({ length: FIRST_AT * 2 }, (_, i) => note(i)),
      { id: 5000, group: 'a', text: 'long river '.repeat(400) },
    ];
    previousReleaseFile(folder, old);
    const before = inSqlite(folder, (sql) => sql.prepare('SELECT key, value FROM records ORDER BY key').all());

    const db = await open(sqliteIndexedDB(folder).indexedDB, 'old');
    const read = db.transaction('items').objectStore('items');
    expect(await done(read.getAll())).toEqual(old);
    expect(await done(read.index('byGroup').getAll('a'))).toEqual(old.filter((item) => item.group === 'a'));
    expect(inSqlite(folder, (sql) => sql.prepare('SELECT count(*) FROM value_dictionaries').pluck().get())).toBe(0);

    const added = Array.from({ length: 20 }, (_, i) => note(10_000 + i));
    await putAll(db, added);
    db.close();
    expect(dictionariesIn(folder)).toHaveLength(1);
    expect(formatOf(folder)).toBe(2);
    // The values written before are left as they were.
    expect(
      inSqlite(folder, (sql) =>
        sql.prepare('SELECT key, value FROM records WHERE key < ? ORDER BY key').all(encodeKey(10_000)),
      ),
    ).toEqual(before);
    expect(formsIn(folder)['D']).toBe(added.length);

    const again = await open(restarted(folder), 'old');
    expect(await done(again.transaction('items').objectStore('items').getAll())).toEqual([...old, ...added]);
    again.close();
  });

  it('refuses a file of a later format with an error, and opens it once it is in one it reads', async () => {
    const folder = tempDir('idb-dict-later');
    previousReleaseFile(folder, [note(1)]);
    inSqlite(folder, (sql) => sql.prepare("UPDATE meta SET value = 3 WHERE name = 'format'").run());
    await expect(open(sqliteIndexedDB(folder).indexedDB, 'old')).rejects.toThrow(/storage format 3/);
    inSqlite(folder, (sql) => sql.prepare("UPDATE meta SET value = 1 WHERE name = 'format'").run());
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'old');
    expect(await done(db.transaction('items').objectStore('items').get(1))).toEqual(note(1));
    db.close();
  });
});

describe('the cache of inflated texts', () => {
  it('holds at most its bound, letting the least recently read go first', () => {
    const cache = new InflatedTexts(1000);
    for (let i = 0; i < 20; i++) cache.set(`key${String(i).padStart(2, '0')}`, 'x'.repeat(45));
    expect(cache.size).toBeLessThanOrEqual(1000);
    expect(cache.entries).toBe(20);
    expect(cache.get('key00')).toBe('x'.repeat(45));
    cache.set('key20', 'y'.repeat(45));
    // key00 was read again: key01 was the least recently read.
    expect(cache.get('key00')).toBeDefined();
    expect(cache.get('key01')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(1000);
    // A text over a sixteenth of the bound is not kept, and takes nothing out.
    cache.set('big', 'z'.repeat(100));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.entries).toBe(20);
  });

  it('stays within its bound as the engine reads more values than it holds', async () => {
    const folder = tempDir('idb-dict-cache');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'cache', withItems);
    const count = 2500;
    const items = Array.from({ length: count }, (_, i) => ({
      ...note(i),
      body: `${i} ${'words of a post '.repeat(60)}`,
    }));
    await putAll(db, items);
    const read = await done(db.transaction('items').objectStore('items').getAll());
    expect(read).toEqual(items);
    // More text was read than the bound allows; the cache kept within it.
    expect(items.reduce((sum, item) => sum + JSON.stringify(item).length, 0)).toBeGreaterThan(inflatedTexts.maxChars);
    expect(inflatedTexts.size).toBeLessThanOrEqual(inflatedTexts.maxChars);
    expect(inflatedTexts.entries).toBeGreaterThan(0);
    // Read again, the values are the same whether their text came from the cache or not.
    expect(await done(db.transaction('items').objectStore('items').getAll())).toEqual(items);
    db.close();
  });
});
