import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArchiveFile } from '../../src-main/archive/check-file';
import { script, serve, stop, write } from './archive-processes';
import { tempDir } from './host-helpers';

/**
 * Writes a zip of `count` empty entries, stored, by hand (a zip library would hold them all in memory): 76
 * bytes and a name each, the cheapest way to make a reader keep a million of something.
 */
function zipOfEmptyEntries(file: string, count: number): void {
  const out = fs.openSync(file, 'w');
  const name = (i: number) => Buffer.from(`markdown/${String(i).padStart(7, '0')}.md`);
  const chunks: Buffer[] = [];
  let offset = 0;
  const flush = () => {
    fs.writeSync(out, Buffer.concat(chunks.splice(0)));
  };
  const locals: number[] = [];
  for (let i = 0; i < count; i++) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(name(i).length, 26);
    locals.push(offset);
    chunks.push(local, name(i));
    offset += 30 + name(i).length;
    if (chunks.length > 20_000) flush();
  }
  const directoryAt = offset;
  for (let i = 0; i < count; i++) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(name(i).length, 28);
    central.writeUInt32LE(locals[i] ?? 0, 42);
    chunks.push(central, name(i));
    offset += 46 + name(i).length;
    if (chunks.length > 20_000) flush();
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count % 0x10000, 8);
  end.writeUInt16LE(count % 0x10000, 10);
  end.writeUInt32LE(offset - directoryAt, 12);
  end.writeUInt32LE(directoryAt, 16);
  chunks.push(end);
  flush();
  fs.closeSync(out);
}

/**
 * Archives made to exhaust memory, read by the command as a person would run it, with the heap the hosts
 * run with (package.json): each is refused with a reason, and the process ends as it does for any refusal.
 */
describe('an archive built to exhaust memory', () => {
  it('of a million empty entries is refused for what it lacks, by a process that keeps running', async () => {
    const file = path.join(tempDir('archive-bomb'), 'entries.zip');
    zipOfEmptyEntries(file, 1_000_000);
    expect(fs.statSync(file).size).toBeGreaterThan(60 * 1024 ** 2);
    const run = script('import', ['--data', tempDir('archive-bomb-target'), '--in', file, '--dry-run']);
    expect(await run.exited, run.output()).toBe(1);
    expect(run.output()).toContain(
      'import: refused: the file is not an archive of this app: it has no archive.json. Nothing was changed.',
    );
  });

  it('whose check needs more memory than a check may have is refused, and the host that asked goes on', async () => {
    const dataDir = tempDir('archive-heap-source');
    const host = await serve(dataDir);
    for (let i = 0; i < 20; i++) await write(host.url, `Post ${i}`);
    await stop(host);
    const file = path.join(tempDir('archive-heap'), 'instance.zip');
    const exported = script('export', ['--data', dataDir, '--out', file]);
    expect(await exported.exited, exported.output()).toBe(0);

    await expect(checkArchiveFile(file, { heapMb: 4 })).rejects.toThrow(
      /^the archive could not be checked within 4 MB of memory/,
    );
    const { manifest } = await checkArchiveFile(file);
    expect(manifest.counts.posts).toBe(20);
  });
});
