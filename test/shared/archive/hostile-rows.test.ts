import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArchive } from '../../../src-shared/archive/import';
import { renderMarkdown } from '../../../src-shared/text';
import { openZipArchive } from '../../../src-main/archive/zip-reader';
import { startInstance, type TestInstance } from '../../support/instance';
import { editLines, exportToFile, rewritten } from './archive-files';
import { fillWithEveryKind } from './every-kind';
import { snapshotOf } from './tables';

type Row = Record<string, unknown>;

/**
 * An archive is held to the rules of a write: a row that the service would never have stored (a time past
 * any date, an id the key generator cannot pass, a link that runs script, a setting the store cannot read) is
 * refused by its file, line and field, and what follows from a row (a post's HTML, a bio's) is made again
 * from what the person wrote rather than taken from the file.
 */
describe('an archive with rows no write could make', () => {
  let source: TestInstance;
  let good: string;
  beforeAll(async () => {
    source = await startInstance('sqlite');
    await fillWithEveryKind(source);
    good = await exportToFile(source.db, Math.floor(source.clock.now() / 1000));
  });
  afterAll(async () => {
    await source.close();
  });

  /** The good archive with the first row of `table` that `which` picks changed by `change`. */
  const withRow = (table: string, change: (row: Row) => Row, which: (row: Row) => boolean = () => true): string =>
    rewritten(good, (entries) =>
      editLines(entries, `data/${table}.jsonl`, (lines) => {
        const rows = lines.map((line) => JSON.parse(line) as Row);
        const at = rows.findIndex(which);
        if (at < 0) throw new Error(`no row of ${table} to change`);
        return lines.map((line, i) => (i === at ? JSON.stringify(change(rows[i] ?? {})) : line));
      }),
    );

  /** Imports `file` into a new instance: the refusal, having checked that the store did not change. */
  async function refusal(file: string): Promise<string> {
    const target = await startInstance('sqlite');
    try {
      const before = await snapshotOf(target.db);
      const archive = openZipArchive(file);
      const outcome = await importArchive(target.db, archive).then(
        () => 'imported',
        (error: unknown) => (error as Error).message,
      );
      archive.close();
      expect(await snapshotOf(target.db)).toEqual(before);
      return outcome;
    } finally {
      await target.close();
    }
  }

  const isNote = (row: Row) => row['type'] === 'post.note' && row['deleted'] === 0;

  it("refuses a setting the store cannot read, or one that is not the person's", async () => {
    const notJson = withRow('settings', () => ({ key: 'requeue-words-v6-after', value: '{not json' }));
    expect(await refusal(notJson)).toBe(
      'data/settings.jsonl line 1: key: "requeue-words-v6-after" is not a setting an archive carries',
    );
    const badNumber = withRow(
      'settings',
      (row) => ({ ...row, value: 'many' }),
      (row) => String(row['key']).startsWith('numbering.'),
    );
    expect(await refusal(badNumber)).toMatch(
      /^data\/settings\.jsonl line \d+: value: must be a number for numbering\.(personas|channels)$/,
    );
  });

  it('refuses times past any date and ids the key generator cannot pass', async () => {
    const huge = 2 ** 53 - 1;
    expect(await refusal(withRow('posts', (row) => ({ ...row, publishUnix: huge }), isNote))).toMatch(
      /^data\/posts\.jsonl line \d+: publishUnix: must not be after 9999$/,
    );
    expect(await refusal(withRow('posts', (row) => ({ ...row, id: huge }), isNote))).toMatch(
      /^data\/posts\.jsonl line \d+: id: must be at most 2147483647$/,
    );
    expect(await refusal(withRow('posts', (row) => ({ ...row, createdUnix: -1 }), isNote))).toMatch(
      /createdUnix: must not be before 1970$/,
    );
    expect(await refusal(withRow('personas', (row) => ({ ...row, id: huge })))).toMatch(
      /^data\/personas\.jsonl line 1: id: must be at most 2147483647$/,
    );
    expect(await refusal(withRow('stars', (row) => ({ ...row, starredUnix: 1e300 })))).toMatch(
      /^data\/stars\.jsonl line 1: starredUnix: /,
    );
  });

  it('refuses links that are not plain web links, and addresses that are not paths', async () => {
    expect(
      await refusal(withRow('posts', (row) => ({ ...row, canonicalPath: 'javascript:alert(1)' }), isNote)),
    ).toMatch(/canonicalPath: must be a path such as \/notes\/hello$/);
    const bookmark = (row: Row) => row['type'] === 'post.bookmark';
    expect(await refusal(withRow('posts', (row) => ({ ...row, sourceUrl: 'javascript:alert(1)' }), bookmark))).toMatch(
      /sourceUrl: must be an http\(s\) URL/,
    );
    expect(await refusal(withRow('posts', (row) => ({ ...row, replyTo: 'javascript:alert(1)' }), isNote))).toMatch(
      /replyTo: /,
    );
    expect(await refusal(withRow('personas', (row) => ({ ...row, avatarUrl: 'javascript:alert(1)' })))).toMatch(
      /avatarUrl: must be empty or an http\(s\) URL/,
    );
    expect(
      await refusal(withRow('personas', (row) => ({ ...row, siteUrl: 'https://x.example/"onmouseover="alert(1)' }))),
    ).toMatch(/siteUrl: /);
    expect(await refusal(withRow('remotes', (row) => ({ ...row, baseUrl: 'file:///etc/passwd' })))).toMatch(
      /baseUrl: /,
    );
  });

  it('refuses more than a write may hold: tags, text, a password check that would run for ever', async () => {
    const tags = Array.from({ length: 300_000 }, (_, i) => `t${i}`);
    expect(await refusal(withRow('posts', (row) => ({ ...row, tags }), isNote))).toMatch(
      /tags: Too big: expected array to have <=100 items$/,
    );
    expect(await refusal(withRow('posts', (row) => ({ ...row, text: 'x'.repeat(100_001) }), isNote))).toMatch(
      /text: must be at most 100000 characters$/,
    );
    const slowHash = `pbkdf2-sha256$999999999999$${'0'.repeat(32)}$${'0'.repeat(64)}`;
    expect(await refusal(withRow('posts', (row) => ({ ...row, passwordHash: slowHash }), isNote))).toMatch(
      /passwordHash: must be a password hash/,
    );
    expect(await refusal(withRow('personas', (row) => ({ ...row, timezone: 'Mars/Olympus_Mons' })))).toMatch(
      /timezone: must be a TZ database name/,
    );
  });

  it("makes a post's HTML and a bio's again from their text, whatever the file says they are", async () => {
    const script =
      '<p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">go</a></p>';
    let noteGuid = '';
    let personaGuid = '';
    const scripted = rewritten(
      withRow(
        'posts',
        (row) => {
          noteGuid = String(row['guid']);
          return { ...row, html: script, order: 'zzz' };
        },
        isNote,
      ),
      (entries) =>
        editLines(entries, 'data/personas.jsonl', (lines) =>
          lines.map((line, i) => {
            if (i > 0) return line;
            const row = JSON.parse(line) as Row;
            personaGuid = String(row['guid']);
            return JSON.stringify({ ...row, bioText: 'Plain *bio*', bioHtml: script });
          }),
        ),
    );
    const target = await startInstance('sqlite');
    try {
      const archive = openZipArchive(scripted);
      await importArchive(target.db, archive).finally(() => archive.close());
      const post = await target.db.posts.where('guid').equals(noteGuid).first();
      const held = await source.db.posts.where('guid').equals(noteGuid).first();
      expect(post?.html).toBe(renderMarkdown(post?.text ?? ''));
      expect(post?.html).toBe(held?.html);
      expect(post?.order).toBe(held?.order);
      const persona = await target.db.personas.get(personaGuid);
      expect(persona?.bioHtml).toBe(renderMarkdown('Plain *bio*'));
      const served = await target.call('GET', `/api/posts/${noteGuid}`);
      expect(JSON.stringify(served.json)).not.toMatch(/onerror|<script|javascript:/);
    } finally {
      await target.close();
    }
  });
});
