import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createService } from '../../../src-shared/service';
import { openStoreFolder } from '../../../src-main/store/store-folder';
import { tempDir } from '../host-helpers';

export const TOKEN = 'backup-test-owner-token-0123456789';

/**
 * A data folder holding a real store (the SQLite backend) with `posts` notes, written once per test file:
 * a process keeps its databases in one folder (sqlite-idb.ts), so tests copy it with `copyOf` and work on
 * the copies, which are closed stores like any a host has not opened yet.
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

/** How many posts a store's database file holds, read straight from SQLite. */
export function postsIn(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM S_posts').get() as { n: number }).n;
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
  const db = new Database(path.join(dataDir, 'db', 'D_publishing.sqlite'), { fileMustExist: true });
  try {
    db.prepare('DELETE FROM S_posts WHERE rowid NOT IN (SELECT rowid FROM S_posts ORDER BY rowid LIMIT ?)').run(left);
  } finally {
    db.close();
  }
}
