import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { script, serve, stop, texts, write } from './archive-processes';
import { fileOfBackup, postsIn, STORE_FILE } from './backups/fixture';
import { tempDir } from './host-helpers';

/** `npm run import` over an instance that is not empty: refused, or with --replace backed up and replaced. */

/** A folder whose host wrote `texts`, stopped again. */
async function instanceWith(name: string, written: string[]): Promise<string> {
  const dataDir = tempDir(name);
  const host = await serve(dataDir);
  for (const text of written) await write(host.url, text);
  await stop(host);
  return dataDir;
}

async function exportOf(dataDir: string): Promise<string> {
  const file = path.join(tempDir('restore-cli-out'), 'instance.zip');
  const exported = script('export', ['--data', dataDir, '--out', file]);
  expect(await exported.exited, exported.output()).toBe(0);
  return file;
}

/** The archive's rows, table by table (`data/*.jsonl`), field by field. */
function rowsOf(file: string): Record<string, unknown[]> {
  const entries = unzipSync(fs.readFileSync(file), { filter: (entry) => entry.name.startsWith('data/') });
  const rows = (bytes: Uint8Array) =>
    strFromU8(bytes)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, rows(bytes)]));
}

const postsOf = (dataDir: string) => postsIn(path.join(dataDir, 'db', STORE_FILE));

describe('npm run import over an instance that is not empty', () => {
  it('is refused without --replace, naming what it holds; with it, backs the instance up and gives back the archive', async () => {
    const source = await instanceWith('restore-cli-source', [
      'From the archive 1',
      'From the archive 2',
      'From the archive 3',
    ]);
    const archive = await exportOf(source);
    const target = await instanceWith('restore-cli-target', ['Already here 1', 'Already here 2']);

    const refused = script('import', ['--data', target, '--in', archive]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      'import: refused: the instance is not empty: it holds 2 posts. Give --replace to restore the archive over it after backing it up, or restore into a new data folder. Nothing was changed.',
    );
    expect(postsOf(target)).toBe(2);
    expect(fs.existsSync(path.join(target, 'backups'))).toBe(false);

    const replaced = script('import', ['--data', target, '--in', archive, '--replace']);
    expect(await replaced.exited, replaced.output()).toBe(0);
    const backup =
      /^Backed up the instance as it was: backup (\d{8}T\d{9}Z-before-restore) /m.exec(replaced.output())?.[1] ?? '';
    expect(backup, replaced.output()).not.toBe('');
    expect(postsIn(await fileOfBackup(path.join(target, 'backups'), backup, STORE_FILE))).toBe(2);
    expect(replaced.output()).toMatch(/^Restored .*3 posts into /m);
    // Nothing of the work is left beside the new store: no half-built store, no old one aside.
    expect(fs.readdirSync(target).filter((name) => /restor|^db\./.test(name))).toEqual([]);

    // The instance now exports what the archive holds, row for row, and its host serves it to the owner token.
    expect(rowsOf(await exportOf(target))).toEqual(rowsOf(archive));
    const host = await serve(target);
    expect(await texts(host.url)).toEqual(['From the archive 1', 'From the archive 2', 'From the archive 3']);
    await stop(host);
  });

  it('killed while it builds the new store, leaves the instance as it was; the next import finishes the work', async () => {
    const written = Array.from({ length: 300 }, (_, i) => `Archived ${i}`);
    const archive = await exportOf(await instanceWith('restore-cli-big', written));
    const target = await instanceWith('restore-cli-killed', ['Still here']);

    const cut = script('import', ['--data', target, '--in', archive, '--replace']);
    const building = path.join(target, 'restoring', 'db', STORE_FILE);
    const deadline = Date.now() + 30_000;
    while (!fs.existsSync(building) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fs.existsSync(building), cut.output()).toBe(true);
    cut.child.kill('SIGKILL');
    await cut.exited;
    expect(cut.output()).not.toContain('Restored');

    expect(postsOf(target)).toBe(1);
    const host = await serve(target);
    expect(await texts(host.url)).toEqual(['Still here']);
    await stop(host);
    // The host's start cleared what the killed import left.
    expect(fs.existsSync(path.join(target, 'restoring'))).toBe(false);

    const again = script('import', ['--data', target, '--in', archive, '--replace']);
    expect(await again.exited, again.output()).toBe(0);
    expect(postsOf(target)).toBe(300);
  });
});
