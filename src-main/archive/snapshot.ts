import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * A consistent copy of a data folder's store while a host may be writing to it: each SQLite file of
 * `<data>/db/` (the databases and indexeddbshim's catalogue of them) through SQLite's online backup API,
 * which copies a committed state even with a writer at work and its WAL not yet folded in. A plain file
 * copy could catch a database half way through a checkpoint. Answers the folder holding the copies.
 */
export async function snapshotStore(dataDir: string, into: string): Promise<string> {
  const source = path.join(dataDir, 'db');
  const files = fs.existsSync(source) ? fs.readdirSync(source).filter((name) => name.endsWith('.sqlite')) : [];
  if (!files.some((name) => name.startsWith('D_'))) throw new Error(`${dataDir} holds no instance (no database in ${source})`);
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  // The catalogue last: every database it names is then already copied.
  files.sort((a, b) => Number(a.startsWith('__')) - Number(b.startsWith('__')));
  for (const name of files) {
    const database = new Database(path.join(source, name), { readonly: true, fileMustExist: true });
    try {
      await database.backup(path.join(into, name));
    } finally {
      database.close();
    }
  }
  return into;
}
