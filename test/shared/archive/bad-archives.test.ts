import fs from 'node:fs';
import { strFromU8, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArchive } from '../../../src-shared/archive/import';
import { ARCHIVE_LIMITS, type ArchiveSource } from '../../../src-shared/archive/archive-source';
import { checkArchive } from '../../../src-shared/archive/archive-check';
import { openZipArchive } from '../../../src-main/archive/zip-reader';
import { startInstance, writePost, type TestInstance } from '../../support/instance';
import { editLines, exportToFile, rewritten, scratchFile } from './archive-files';
import { fillWithEveryKind } from './every-kind';
import { snapshotOf } from './tables';

/** The archive with one entry's uncompressed size, as its central directory record declares it, changed. */
function patchDeclaredSize(file: string, name: string, size: number): string {
  const bytes = Buffer.from(fs.readFileSync(file));
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let offset = bytes.indexOf(signature); offset >= 0; offset = bytes.indexOf(signature, offset + 1)) {
    const nameLength = bytes.readUInt16LE(offset + 28);
    if (bytes.subarray(offset + 46, offset + 46 + nameLength).toString() === name) {
      bytes.writeUInt32LE(size, offset + 24);
      const out = scratchFile('patched.zip');
      fs.writeFileSync(out, bytes);
      return out;
    }
  }
  throw new Error(`no ${name} in ${file}`);
}

describe('a bad archive', () => {
  let source: TestInstance;
  let target: TestInstance;
  let good: string;
  beforeAll(async () => {
    source = await startInstance('sqlite');
    await fillWithEveryKind(source);
    good = await exportToFile(source.db, Math.floor(source.clock.now() / 1000));
    target = await startInstance('sqlite');
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  /** Imports `file` into the empty target; answers the error, having checked that the store did not change. */
  async function refusal(file: string, wrap: (archive: ArchiveSource) => ArchiveSource = (a) => a): Promise<string> {
    const before = await snapshotOf(target.db);
    let message = '';
    try {
      const archive = openZipArchive(file);
      try {
        await importArchive(target.db, wrap(archive));
      } finally {
        archive.close();
      }
    } catch (error) {
      message = (error as Error).message;
    }
    expect(await snapshotOf(target.db)).toEqual(before);
    return message;
  }

  it('cut short is refused as not a whole zip', async () => {
    const cut = scratchFile('cut.zip');
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await refusal(cut)).toBe('the file is not a zip archive, or it is cut short (its end record is missing)');
  });

  it('of another format or version is refused by what it says it is', async () => {
    const manifest = (change: Record<string, unknown>) =>
      rewritten(good, (entries) => {
        const json = JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as Record<string, unknown>;
        entries['archive.json'] = strToU8(JSON.stringify({ ...json, ...change }));
      });
    expect(await refusal(manifest({ version: 2 }))).toBe(
      'the archive is of format version 2; this version of the app reads version 1',
    );
    expect(await refusal(manifest({ format: 'something-else' }))).toBe(
      'the file is not an archive of this app (archive.json format is "something-else")',
    );
    expect(await refusal(rewritten(good, (entries) => delete entries['archive.json']))).toBe(
      'the file is not an archive of this app: it has no archive.json',
    );
  });

  it('with a post that fails validation is refused by its file, line and field', async () => {
    const file = rewritten(good, (entries) =>
      editLines(entries, 'data/posts.jsonl', (lines) =>
        lines.map((line, i) => (i === 2 ? line.replace(/"type":"[^"]+"/, '"type":"post.poem"') : line)),
      ),
    );
    expect(await refusal(file)).toMatch(
      /^data\/posts\.jsonl line 3: type: Invalid option: expected one of "post\.article"/,
    );
    const extra = rewritten(good, (entries) =>
      editLines(entries, 'data/personas.jsonl', (lines) => lines.map((line) => line.replace('{', '{"admin":true,'))),
    );
    expect(await refusal(extra)).toMatch(/^data\/personas\.jsonl line 1: Unrecognized key: "admin"/);
  });

  it('with an id given twice, or naming a post it does not hold, is refused', async () => {
    const twice = rewritten(good, (entries) =>
      editLines(entries, 'data/posts.jsonl', (lines) => [...lines, lines[0] ?? '']),
    );
    expect(await refusal(twice)).toMatch(/^data\/posts\.jsonl line \d+: id \d+ is given twice in posts$/);
    const dangling = rewritten(good, (entries) =>
      editLines(entries, 'data/stars.jsonl', (lines) =>
        lines.map((line) => line.replace(/"postGuid":"[^"]+"/, '"postGuid":"00000000-0000-4000-8000-000000000000"')),
      ),
    );
    expect(await refusal(dangling)).toBe(
      'data/stars.jsonl line 1: postGuid names 00000000-0000-4000-8000-000000000000, which is in no row of posts',
    );
  });

  it('changed since a check was made of it is checked again, and refused', async () => {
    const file = scratchFile('checked.zip');
    fs.copyFileSync(good, file);
    const opened = openZipArchive(file);
    const checked = { manifest: await checkArchive(opened), identity: opened.identity ?? null };
    opened.close();
    // The same file, written over with an archive whose star names no post it holds.
    const dangling = rewritten(good, (entries) =>
      editLines(entries, 'data/stars.jsonl', (lines) =>
        lines.map((line) => line.replace(/"postGuid":"[^"]+"/, '"postGuid":"00000000-0000-4000-8000-000000000000"')),
      ),
    );
    fs.writeFileSync(file, fs.readFileSync(dangling));
    const before = await snapshotOf(target.db);
    const archive = openZipArchive(file);
    await expect(importArchive(target.db, archive, { checked }).finally(() => archive.close())).rejects.toThrow(
      'data/stars.jsonl line 1: postGuid names 00000000-0000-4000-8000-000000000000, which is in no row of posts',
    );
    expect(await snapshotOf(target.db)).toEqual(before);
  });

  it("whose rows differ from its manifest's counts is refused", async () => {
    const fewer = rewritten(good, (entries) => editLines(entries, 'data/pins.jsonl', (lines) => lines.slice(1)));
    expect(await refusal(fewer)).toMatch(/^data\/pins\.jsonl holds \d+ rows where archive\.json says \d+$/);
  });

  it('of more rows than a table may hold is refused by its manifest, or at the row past the limit', async () => {
    const manifestSays = rewritten(good, (entries) => {
      const json = JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as {
        counts: Record<string, number>;
      };
      entries['archive.json'] = strToU8(JSON.stringify({ ...json, counts: { ...json.counts, posts: 1_500_000 } }));
    });
    expect(await refusal(manifestSays)).toBe(
      'data/posts.jsonl holds more than 1000000 rows, the most an archive may hold of posts',
    );
    // A manifest that understates: the rows are counted as they are read, against a limit lowered here.
    const lowered = { ...ARCHIVE_LIMITS, rows: { ...ARCHIVE_LIMITS.rows, posts: 5 } };
    const understated = rewritten(good, (entries) => {
      const json = JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as {
        counts: Record<string, number>;
      };
      entries['archive.json'] = strToU8(JSON.stringify({ ...json, counts: { ...json.counts, posts: 4 } }));
    });
    expect(await source.db.posts.count()).toBeGreaterThan(5);
    const archive = openZipArchive(understated);
    await expect(checkArchive(archive, lowered).finally(() => archive.close())).rejects.toThrow(
      'data/posts.jsonl holds more than 5 rows, the most an archive may hold of posts',
    );
  });

  it('too large, or larger than it declares (a zip bomb), is refused before it is read whole', async () => {
    expect(await refusal(patchDeclaredSize(good, 'data/posts.jsonl', 3 * 1024 ** 3))).toBe(
      `data/posts.jsonl is ${3 * 1024 ** 3} bytes uncompressed; at most ${2 * 1024 ** 3} are read`,
    );
    expect(await refusal(patchDeclaredSize(good, 'data/posts.jsonl', 100))).toBe(
      'data/posts.jsonl holds more than the 100 bytes it declares (a damaged or hostile archive)',
    );
    // 64 MB of one letter compresses to about 64 kB; a line that long is refused after its first 4 MB.
    const bomb = rewritten(
      good,
      (entries) => void (entries['data/posts.jsonl'] = new Uint8Array(64 * 1024 * 1024).fill(0x61)),
    );
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toBe('line 1 of data/posts.jsonl is longer than 4194304 characters');
  });

  it('that fails while it is written leaves the store as it was', async () => {
    // The check reads the pins once; the write's own read of them fails, after the posts are written.
    let reads = 0;
    const failing = (archive: ArchiveSource): ArchiveSource => ({
      entries: archive.entries,
      lines: (name) => {
        if (name === 'data/pins.jsonl' && ++reads === 2) throw new Error('the disk went away');
        return archive.lines(name);
      },
    });
    expect(await refusal(good, failing)).toBe('the disk went away');
    expect(reads).toBe(2);
    expect(await target.db.posts.count()).toBe(0);
  });

  it('is not what a store that is not empty refuses: it refuses any archive, naming what it holds', async () => {
    const busy = await startInstance('sqlite');
    try {
      await writePost(busy, { content: 'Already here' });
      const archive = openZipArchive(good);
      await expect(importArchive(busy.db, archive).finally(() => archive.close())).rejects.toThrow(
        'the instance is not empty: it holds 1 post. Restore into a new data folder; nothing was changed',
      );
      expect(await busy.db.posts.count()).toBe(1);
    } finally {
      await busy.close();
    }
  });

  it('is told apart from a sound one by a dry run, which writes nothing', async () => {
    const before = await snapshotOf(target.db);
    const archive = openZipArchive(good);
    const report = await importArchive(target.db, archive, { dryRun: true }).finally(() => archive.close());
    expect(report.dryRun).toBe(true);
    expect(report.counts.posts).toBe(await source.db.posts.count());
    expect(await snapshotOf(target.db)).toEqual(before);
  });
});
