import fs from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';
import { openZipArchive } from '../../src-main/archive/zip-reader';
import { ARCHIVE_TABLE_NAMES, dataEntryName, MANIFEST_NAME } from '../../src-shared/archive/archive-schema';

/**
 * An archive of `posts` posts made from a real one (`from`, an export of the bench's store): its rows as
 * they are, and its posts repeated under new GUIDs and ids until there are `posts` of them. No Markdown files
 * or feeds: a restore reads none. Mentions, stars and the like name the first posts only, as they do.
 */
export async function archiveOfPosts(from: string, to: string, posts: number): Promise<void> {
  const source = openZipArchive(from);
  const out = fs.openSync(to, 'w');
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    fs.writeSync(out, chunk);
  });
  const entry = (name: string) => {
    const file = new ZipDeflate(name, { level: 1 });
    zip.add(file);
    return file;
  };
  try {
    const manifest = JSON.parse((await collect(source.lines(MANIFEST_NAME))).join('\n')) as {
      counts: Record<string, number>;
    };
    for (const table of ARCHIVE_TABLE_NAMES) {
      const file = entry(dataEntryName(table));
      if (table !== 'posts') {
        for await (const { line } of source.lines(dataEntryName(table)))
          file.push(new TextEncoder().encode(`${line}\n`));
        file.push(new Uint8Array(0), true);
        continue;
      }
      const rows = await collect(source.lines(dataEntryName('posts')));
      let batch: string[] = [];
      for (let i = 0; i < posts; i++) {
        const line = rows[i % rows.length] ?? '';
        // A new post for every round past the first: GUID and id of its own, a conversation of its own.
        const round = Math.floor(i / rows.length);
        const row = JSON.parse(line) as Record<string, unknown>;
        const guid =
          round === 0
            ? String(row['guid'])
            : `${String(row['guid']).slice(0, 24)}${round.toString(16).padStart(12, '0')}`;
        batch.push(
          JSON.stringify(
            round === 0
              ? row
              : {
                  ...row,
                  guid,
                  id: 100_000_000 + i,
                  threadKey: guid,
                  parentGuid: null,
                  replyTo: null,
                  canonicalPath: `/posts/${guid}`,
                },
          ),
        );
        if (batch.length === 5_000) {
          file.push(new TextEncoder().encode(`${batch.join('\n')}\n`));
          batch = [];
        }
      }
      file.push(new TextEncoder().encode(batch.length > 0 ? `${batch.join('\n')}\n` : ''), true);
    }
    const counts = { ...manifest.counts, posts };
    const last = entry(MANIFEST_NAME);
    last.push(new TextEncoder().encode(JSON.stringify({ ...manifest, counts })), true);
    zip.end();
  } finally {
    source.close();
    fs.closeSync(out);
  }
}

async function collect(lines: AsyncIterable<{ line: string }>): Promise<string[]> {
  const all: string[] = [];
  for await (const { line } of lines) all.push(line);
  return all;
}
