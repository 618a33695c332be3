import fs from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqliteIndexedDB } from '../../../src-main/store/indexeddb/sqlite-indexeddb';
import { tempDir } from '../host-helpers';

/** A request's result, or its error. */
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

function open(
  indexedDB: IDBFactory,
  name: string,
  version?: number,
  upgrade?: (db: IDBDatabase, tx: IDBTransaction) => void,
) {
  const request = indexedDB.open(name, version);
  request.onupgradeneeded = () => upgrade?.(request.result, request.transaction as IDBTransaction);
  return done(request);
}

/** The engine as a host starting anew would find the folder: nothing kept in memory from before. */
function restarted(folder: string) {
  sqliteIndexedDB(folder).close();
  return sqliteIndexedDB(folder).indexedDB;
}

describe('the engine keeps what was committed, and only that, across a restart', () => {
  it('keeps the schema, the records and the key generator; a new record gets a key above every one given', async () => {
    const folder = tempDir('idb-persist');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'notes', 3, (db) => {
      const posts = db.createObjectStore('posts', { keyPath: 'id', autoIncrement: true });
      posts.createIndex('byGuid', 'guid', { unique: true });
      posts.createIndex('byTag', 'tags', { multiEntry: true });
      posts.createIndex('byPlace', ['place', 'guid']);
      db.createObjectStore('settings');
    });
    const tx = db.transaction(['posts', 'settings'], 'readwrite');
    const posts = tx.objectStore('posts');
    for (let i = 1; i <= 5; i++) posts.add({ guid: `g${i}`, tags: ['a', i % 2 ? 'odd' : 'even'], place: 'here' });
    posts.delete(5);
    tx.objectStore('settings').put({ when: new Date(1000), gone: undefined, map: new Map([[1, 'x']]) }, 'odd value');
    expect(await finished(tx)).toBe('complete');
    db.close();

    const again = await open(restarted(folder), 'notes');
    expect(again.version).toBe(3);
    expect([...again.objectStoreNames]).toEqual(['posts', 'settings']);
    const read = again.transaction(['posts', 'settings'], 'readwrite');
    const store = read.objectStore('posts');
    expect(store.keyPath).toBe('id');
    expect(store.autoIncrement).toBe(true);
    expect([...store.indexNames]).toEqual(['byGuid', 'byPlace', 'byTag']);
    expect(store.index('byGuid').unique).toBe(true);
    expect(store.index('byTag').multiEntry).toBe(true);
    expect(await done(store.index('byTag').getAllKeys('odd'))).toEqual([1, 3]);
    expect(
      await done(store.index('byPlace').getAll(IDBKeyRangeOf(folder).bound(['here', 'g2'], ['here', 'g4']))),
    ).toHaveLength(3);
    const odd = (await done(read.objectStore('settings').get('odd value'))) as Record<string, unknown>;
    expect(odd['when']).toEqual(new Date(1000));
    expect('gone' in odd).toBe(true);
    expect(odd['map']).toEqual(new Map([[1, 'x']]));
    // Post 5 was deleted: its key is not given again.
    expect(await done(store.add({ guid: 'g6', tags: [] }))).toBe(6);
    await expect(done(store.add({ guid: 'g1', tags: [] }))).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await finished(read)).toBe('abort');
    again.close();
  });

  it('forgets an aborted transaction and an aborted upgrade, on disk as in memory', async () => {
    const folder = tempDir('idb-abort');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'notes', 1, (db) => db.createObjectStore('posts'));
    const tx = db.transaction('posts', 'readwrite');
    tx.objectStore('posts').put('kept?', 'k');
    tx.abort();
    expect(await finished(tx)).toBe('abort');
    const ok = db.transaction('posts', 'readwrite');
    ok.objectStore('posts').put('kept', 'j');
    expect(await finished(ok)).toBe('complete');
    db.close();

    const failed = open(restarted(folder), 'notes', 2, (db, tx) => {
      db.createObjectStore('extra');
      db.deleteObjectStore('posts');
      tx.abort();
    });
    await expect(failed).rejects.toMatchObject({ name: 'AbortError' });

    const again = await open(restarted(folder), 'notes');
    expect(again.version).toBe(1);
    expect([...again.objectStoreNames]).toEqual(['posts']);
    const read = again.transaction('posts');
    expect(await done(read.objectStore('posts').getAllKeys())).toEqual(['j']);
    again.close();
  });

  it('runs writing transactions on different stores one after the other, each whole', async () => {
    const folder = tempDir('idb-writers');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'notes', 1, (db) => {
      db.createObjectStore('a');
      db.createObjectStore('b');
    });
    const first = db.transaction('a', 'readwrite');
    const second = db.transaction('b', 'readwrite');
    for (let i = 0; i < 50; i++) {
      first.objectStore('a').put(i, i);
      second.objectStore('b').put(i, i);
    }
    second.objectStore('b').add('taken', 0).onerror = (event) => event.preventDefault();
    second.abort();
    expect(await Promise.all([finished(first), finished(second)])).toEqual(['complete', 'abort']);
    const read = db.transaction(['a', 'b']);
    expect(await done(read.objectStore('a').count())).toBe(50);
    expect(await done(read.objectStore('b').count())).toBe(0);
    db.close();
  });

  it('refuses a Blob as it is put, rather than keep it as an empty object', async () => {
    const folder = tempDir('idb-blob');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'files', 1, (db) => db.createObjectStore('files'));
    const tx = db.transaction('files', 'readwrite');
    const files = tx.objectStore('files');
    expect(() => files.put({ name: 'a.txt', body: new Blob(['words']) }, 'a')).toThrow(
      expect.objectContaining({ name: 'DataCloneError' }),
    );
    expect(() => files.put(new Map([['nested', [new Blob(['x'])]]]), 'b')).toThrow(
      expect.objectContaining({ name: 'DataCloneError' }),
    );
    files.put({ name: 'a.txt', body: new Uint8Array([1, 2, 3]) }, 'a');
    // One object under two names stays one, as structured clone keeps it (JSON would make two).
    const shared = { words: 'twice' };
    files.put({ first: shared, second: shared }, 'shared');
    expect(await finished(tx)).toBe('complete');
    const read = db.transaction('files').objectStore('files');
    expect(await done(read.get('a'))).toEqual({ name: 'a.txt', body: new Uint8Array([1, 2, 3]) });
    const both = (await done(read.get('shared'))) as { first: object; second: object };
    expect(both.first).toEqual({ words: 'twice' });
    expect(both.second).toBe(both.first);
    db.close();
  });

  it('keeps large values whole and in less room than they take as text', async () => {
    const folder = tempDir('idb-large');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'blocks', 1, (db) => db.createObjectStore('blocks'));
    const tx = db.transaction('blocks', 'readwrite');
    const blocks = tx.objectStore('blocks');
    // Positions much like the search index's: repetitive digits and hex, far over the size that is deflated.
    const orders = Array.from(
      { length: 200 },
      (_, i) => `0999${String(8_000_000_000 + i * 977)}:${(i * 7919).toString(16).padStart(32, 'f')}`,
    );
    const plain = { word: 'river', orders: orders.join('\n'), note: 'ünïcødé ✓ \u{1F600}' };
    const structured = { when: new Date(5000), orders, gone: undefined };
    blocks.put(plain, 'plain');
    blocks.put(structured, 'structured');
    blocks.put({ small: 'stays as it is' }, 'small');
    expect(await finished(tx)).toBe('complete');
    db.close();

    const again = await open(restarted(folder), 'blocks');
    const read = again.transaction('blocks').objectStore('blocks');
    expect(await done(read.get('plain'))).toEqual(plain);
    expect(await done(read.get('structured'))).toStrictEqual(structured);
    expect(await done(read.get('small'))).toEqual({ small: 'stays as it is' });
    again.close();
    const file = path.join(folder, fs.readdirSync(folder).find((name) => name.endsWith('.sqlite')) ?? '');
    const sql = new Database(file, { readonly: true });
    const stored = sql.prepare('SELECT length(value) FROM records ORDER BY length(value) DESC LIMIT 1').pluck().get();
    sql.close();
    expect(stored).toBeLessThan(JSON.stringify(plain).length / 2);
  });

  it('reads records of every stored form through an index, by getAll and by cursor, in each direction', async () => {
    const folder = tempDir('idb-forms');
    const db = await open(sqliteIndexedDB(folder).indexedDB, 'forms', 1, (db) =>
      db.createObjectStore('items', { keyPath: 'id' }).createIndex('byGroup', 'group'),
    );
    const items = [
      { id: 1, group: 'a', text: 'plain ✓' },
      { id: 2, group: 'a', when: new Date(7), gone: undefined },
      { id: 3, group: 'b', text: 'long '.repeat(1000) },
      { id: 4, group: 'b', text: 'plain again' },
    ];
    const tx = db.transaction('items', 'readwrite');
    for (const item of items) tx.objectStore('items').put(item);
    expect(await finished(tx)).toBe('complete');
    const index = db.transaction('items').objectStore('items').index('byGroup');
    expect(await done(index.getAll())).toStrictEqual(items);
    expect(await done(index.getAll(null, 3))).toStrictEqual(items.slice(0, 3));
    expect(await done(index.getAll('b'))).toStrictEqual(items.slice(2));
    expect(await done(index.get('b'))).toStrictEqual(items[2]);
    const walked = (direction: IDBCursorDirection) =>
      new Promise<unknown[]>((resolve, reject) => {
        const seen: unknown[] = [];
        const request = index.openCursor(null, direction);
        request.onerror = () => reject(request.error ?? new Error('failed'));
        request.onsuccess = () => {
          const cursor = request.result;
          if (cursor) {
            seen.push(cursor.value);
            cursor.continue();
          } else resolve(seen);
        };
      });
    expect(await walked('next')).toStrictEqual(items);
    expect(await walked('prev')).toStrictEqual([...items].reverse());
    expect(await walked('nextunique')).toStrictEqual([items[0], items[2]]);
    expect(await walked('prevunique')).toStrictEqual([items[2], items[0]]);
    db.close();
  });

  it('deletes a database with its file, and lists the databases of the folder', async () => {
    const folder = tempDir('idb-delete');
    const { indexedDB } = sqliteIndexedDB(folder);
    (await open(indexedDB, 'one', 2, (db) => db.createObjectStore('x'))).close();
    (await open(indexedDB, 'Two ✓', 1, (db) => db.createObjectStore('x'))).close();
    expect(await restarted(folder).databases()).toEqual(
      expect.arrayContaining([
        { name: 'one', version: 2 },
        { name: 'Two ✓', version: 1 },
      ]),
    );
    await done(sqliteIndexedDB(folder).indexedDB.deleteDatabase('one'));
    expect(fs.readdirSync(folder).filter((file) => file.includes('one'))).toEqual([]);
    expect(await restarted(folder).databases()).toEqual([{ name: 'Two ✓', version: 1 }]);
    expect(fs.readdirSync(folder).every((file) => path.basename(file).startsWith('idb-'))).toBe(true);
  });
});

const IDBKeyRangeOf = (folder: string) => sqliteIndexedDB(folder).IDBKeyRange;
