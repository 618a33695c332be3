import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { script, serve, stop, TOKEN, write, type Start } from './archive-processes';
import { STORE_FILE } from './backups/fixture';
import { tempDir } from './host-helpers';

/**
 * The data folder is its owner's alone (docs/security.md, "Files") from the first write: a new folder, under
 * the usual umask (022, which leaves new files readable by everyone), holds no file or folder others can
 * read, while the host runs and after each command, not only once the next start has set the modes again.
 */
const USUAL: Start = { umask: '022' };

/** Every file and folder under `root` that is not private, with its mode; a file gone meanwhile is skipped. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const look = (at: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(at);
    } catch {
      return;
    }
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600))
      found.push(`${path.relative(root, at) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) look(path.join(at, name));
  };
  look(root);
  return found;
}

/** Every path under `root`, relative to it. */
const everything = (root: string): string[] => fs.readdirSync(root, { recursive: true, encoding: 'utf8' });

async function call(
  url: string,
  method: string,
  route: string,
  body?: BodyInit,
  type = 'application/json',
): Promise<Response> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { Authorization: TOKEN, 'Content-Type': type },
    ...(body ? { body } : {}),
  });
  expect(response.status, `${method} ${route}`).toBe(200);
  return response;
}

describe('a new data folder', () => {
  it('holds only private files while a new host writes, backs up and stages a restore, and when it restores', async () => {
    const dataDir = path.join(tempDir('private-files'), 'instance');
    const host = await serve(dataDir, USUAL);
    for (let i = 0; i < 5; i++) await write(host.url, `Private ${i}`);
    await call(host.url, 'POST', '/api/backups');
    await call(host.url, 'PUT', '/api/backups/settings', JSON.stringify({ interval_hours: 12, keep: 5 }));
    const archive = new Uint8Array(await (await call(host.url, 'GET', '/api/instance/export')).arrayBuffer());
    await call(host.url, 'POST', '/api/instance/restore', archive, 'application/zip');
    // The store's write-ahead log and its index are there too, written by SQLite itself.
    expect(everything(dataDir)).toEqual(
      expect.arrayContaining([`db/${STORE_FILE}-wal`, `db/${STORE_FILE}-shm`, 'restore.json']),
    );
    expect(everything(dataDir).some((name) => name.startsWith('restore/upload-'))).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);
    await stop(host);

    // The next start restores the upload: a backup of the store as it was, a store built in restoring/.
    const restored = await serve(dataDir, USUAL);
    expect(restored.output()).toContain('Restored');
    await write(restored.url, 'After the restore');
    expect(notPrivate(dataDir)).toEqual([]);
    await stop(restored);
  });

  it('holds only private files after the import commands made it', async () => {
    const source = path.join(tempDir('private-files-source'), 'instance');
    const host = await serve(source, USUAL);
    await write(host.url, 'Exported');
    await stop(host);
    const archive = path.join(tempDir('private-files-out'), 'instance.zip');
    const exported = script('export', ['--data', source, '--out', archive], USUAL);
    expect(await exported.exited, exported.output()).toBe(0);
    expect(notPrivate(archive)).toEqual([]);

    const fromArchive = path.join(tempDir('private-files-import'), 'instance');
    const imported = script('import', ['--data', fromArchive, '--in', archive], USUAL);
    expect(await imported.exited, imported.output()).toBe(0);
    expect(notPrivate(fromArchive)).toEqual([]);

    const folder = tempDir('private-files-markdown');
    fs.writeFileSync(path.join(folder, 'note.md'), 'A note\n');
    const fromMarkdown = path.join(tempDir('private-files-markdown-data'), 'instance');
    const markdown = script('import', ['--data', fromMarkdown, '--markdown', folder], USUAL);
    expect(await markdown.exited, markdown.output()).toBe(0);
    expect(everything(fromMarkdown)).toEqual(expect.arrayContaining([`db/${STORE_FILE}`, 'owner-token']));
    expect(notPrivate(fromMarkdown)).toEqual([]);
  });
});
