import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteFile, WAL_KEPT_BYTES } from '../../../src-main/store/indexeddb/sqlite-file';
import { tempDir } from '../host-helpers';

describe("a store file's write-ahead log", () => {
  it('goes back to a bounded size on disk once a large transaction is folded into the file', () => {
    const file = new SqliteFile(path.join(tempDir('wal-size'), 'idb-x.sqlite'));
    const write = (rows: number, from: number) => {
      file.beginWrite();
      const insert = file.statement('INSERT INTO records (store, key, value) VALUES (1, ?, ?)');
      for (let i = from; i < from + rows; i++) insert.run(Buffer.from(String(i)), Buffer.alloc(4000, i % 251));
      file.commit();
    };
    // About 20 MB in one transaction, as a large import batch or the search index's first build writes.
    write(5000, 0);
    const walBytes = () => fs.statSync(`${file.path}-wal`).size;
    expect(walBytes()).toBeGreaterThan(16 * 1024 * 1024);
    for (let i = 0; i < 5; i++) write(1, 10_000 + i);
    expect(walBytes()).toBeLessThanOrEqual(WAL_KEPT_BYTES);
    file.close();
  });
});
