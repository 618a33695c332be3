import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createService } from '../../../src-shared/service';
import { decodeValue } from '../../../src-main/store/indexeddb/value-codec';
import { storeFileOf } from '../../../src-main/store/sqlite-files';
import { openStoreFolder } from '../../../src-main/store/store-folder';
import { tempDir } from '../host-helpers';

export const TOKEN = 'backup-test-owner-token-0123456789';

/**
 * A data folder holding a real store (the SQLite backend) with `posts` notes, written once per test file:
 * tests copy it with `copyOf` and work on the copies, which are closed stores like any a host has not opened
 * yet.
 */
let template: { dataDir: string; guids: string[] } | null = null;

export async function storeWithPosts(posts: number): Promise<{ dataDir: string; guids: string[] }> {
  if (template) return template;
  const dataDir = tempDir('backups-template');
  const store = await openStoreFolder({ dataDir, token: TOKEN, now: Date.now() });
  const service = createService({ db: store.db });
  const guids: string[] = [];
  for (let i = 0; i < posts; i++) {
    const response = await service(
      new Request('http://desk.test/api/posts/write', {
        method: 'POST',
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Note ${i}`, post_type: 'post.note' }),
      }),
    );
    const body = (await response.json()) as { data: Array<{ guid: string }> };
    guids.push(body.data[0]?.guid ?? '');
  }
  store.close();
  template = { dataDir, guids };
  return template;
}

/** A data folder of its own holding a copy of `dataDir`'s closed store. */
export function copyOf(dataDir: string): string {
  const copy = tempDir('backups');
  fs.cpSync(path.join(dataDir, 'db'), path.join(copy, 'db'), { recursive: true });
  return copy;
}

/** The file of the store's database in a data folder's db/ and in a backup. */
export const STORE_FILE = storeFileOf('publishing');

const TABLE_ID = '(SELECT id FROM object_stores WHERE name = ?)';

/** How many posts a store's database file holds, read straight from SQLite. */
export function postsIn(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM records WHERE store = ${TABLE_ID}`).get('posts') as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The rows of a table of a store's database file, read straight from SQLite. */
export function rowsIn(file: string, table: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const values = db.prepare(`SELECT value FROM records WHERE store = ${TABLE_ID}`).pluck().all(table) as Buffer[];
    return values.map((value) => decodeValue(value) as Record<string, unknown>);
  } finally {
    db.close();
  }
}

/** Overwrites bytes in the middle of a file, keeping its size: damage a size check cannot see. */
export function damageBytes(file: string): void {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size / 2));
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes all but the first `left` posts of a closed store, straight in SQLite: a store that changed since a backup. */
export function keepFirstPosts(dataDir: string, left: number): void {
  const db = new Database(path.join(dataDir, 'db', STORE_FILE), { fileMustExist: true });
  try {
    db.prepare(
      `DELETE FROM records WHERE store = ${TABLE_ID} AND key NOT IN ` +
        `(SELECT key FROM records WHERE store = ${TABLE_ID} ORDER BY key LIMIT ?)`,
    ).run('posts', 'posts', left);
  } finally {
    db.close();
  }
}
