import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openZipArchive } from '../../src-main/archive/zip-reader';
import { fileSink } from '../../src-main/archive/file-sink';
import { zipCodec } from '../../src-main/archive/zip-codec';
import { zipWriter } from '../../src-shared/archive/zip-writer';
import { tempDir } from './host-helpers';

const everyEntry = { keep: () => true };

async function lines(file: string, name: string): Promise<string[]> {
  const archive = openZipArchive(file, everyEntry);
  try {
    const found: string[] = [];
    for await (const { line } of archive.lines(name)) found.push(line);
    return found;
  } finally {
    archive.close();
  }
}

describe('the zip reader', () => {
  it('reads a zip of more than 65,535 entries, as one post a file makes of a large instance', async () => {
    const file = path.join(tempDir('zip-reader'), 'many.zip');
    const sink = fileSink(file);
    const zip = zipWriter(sink.sink, new Date('2026-01-01T00:00:00Z'), zipCodec);
    for (let i = 0; i < 70_000; i++) await zip.file(`markdown/${i}.md`, [`post ${i}\n`], { stored: true });
    await zip.end();
    await sink.close();
    const archive = openZipArchive(file, everyEntry);
    expect(archive.entries).toHaveLength(70_000);
    archive.close();
    // A restore keeps only what it reads, and passes over the rest.
    const restored = openZipArchive(file);
    expect([restored.entries.length, restored.entryCount]).toEqual([0, 70_000]);
    restored.close();
    expect(await lines(file, 'markdown/69999.md')).toEqual(['post 69999']);
    expect(await lines(file, 'markdown/3.md')).toEqual(['post 3']);
  });

  it('reads lines across chunks, with and without a last line end, and refuses text that is not UTF-8', async () => {
    const file = path.join(tempDir('zip-reader'), 'lines.zip');
    const long = 'é'.repeat(100_000);
    const entries: Zippable = {
      'a.jsonl': new TextEncoder().encode(`${long}\nsecond\nthird`),
      'b.jsonl': new Uint8Array([0x61, 0xff, 0x0a]),
    };
    fs.writeFileSync(file, zipSync(entries));
    expect(await lines(file, 'a.jsonl')).toEqual([long, 'second', 'third']);
    await expect(lines(file, 'b.jsonl')).rejects.toThrow('b.jsonl is not UTF-8 text');
  });
});

describe('the zip writer', () => {
  it('writes files given whole or in many pieces, compressed or stored, as other zip readers read them', async () => {
    const file = path.join(tempDir('zip-writer'), 'pieces.zip');
    const sink = fileSink(file);
    const zip = zipWriter(sink.sink, new Date(2026, 0, 2, 3, 4, 6), zipCodec);
    // Feeds come a post at a time, data a page at a time: parts of every size, over the writer's part size.
    const items = Array.from({ length: 5_000 }, (_, i) => `{"id":${i},"text":"été ${'x'.repeat(i % 97)}"}\n`);
    await zip.file('data/posts.jsonl', items);
    await zip.file('markdown/été/1.md', ['# Un été\n', '', 'Texte.\n'], { stored: true });
    await zip.file('empty.txt', []);
    await zip.end();
    await sink.close();

    const entries = unzipSync(fs.readFileSync(file));
    expect(Object.keys(entries)).toEqual(['data/posts.jsonl', 'markdown/été/1.md', 'empty.txt']);
    expect(strFromU8(entries['data/posts.jsonl'] ?? new Uint8Array())).toBe(items.join(''));
    expect(strFromU8(entries['markdown/été/1.md'] ?? new Uint8Array())).toBe('# Un été\nTexte.\n');
    expect(entries['empty.txt']).toHaveLength(0);
    expect(await lines(file, 'data/posts.jsonl')).toEqual(items.map((item) => item.slice(0, -1)));
  });

  it('refuses a file name longer than a zip can say, rather than writing a damaged archive', async () => {
    const zip = zipWriter(async () => {}, new Date(2026, 0, 2), zipCodec);
    await expect(zip.file(`markdown/${'é'.repeat(40_000)}.md`, ['text'])).rejects.toThrow(
      'a file name of 80012 bytes is longer than a zip holds',
    );
  });
});
