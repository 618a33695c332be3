import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { script, serve, stop, texts, TOKEN, write } from './archive-processes';
import { tempDir } from './host-helpers';

describe('the archive commands', () => {
  it("export a running host's folder while it writes, and restore it into a new folder", async () => {
    const dataDir = tempDir('archive-cli');
    const host = await serve(dataDir);
    const before: string[] = [];
    for (let i = 0; i < 20; i++) {
      const text = `Before the export ${i}`;
      await write(host.url, text);
      before.push(text);
    }
    // The host keeps writing all through the export.
    const writing = { on: true };
    const during = (async () => {
      for (let i = 0; writing.on; i++) await write(host.url, `During the export ${i}`);
    })();
    const archive = path.join(tempDir('archive-cli-out'), 'instance.zip');
    const exported = script('export', ['--data', dataDir, '--out', archive]);
    expect(await exported.exited, exported.output()).toBe(0);
    writing.on = false;
    await during;
    expect(exported.output()).toMatch(
      /^Exported .* to .*instance\.zip: 1 accounts, 1 personas, 1 channels, 1 grants, 2 settings, \d+ posts/m,
    );

    const entries = unzipSync(fs.readFileSync(archive), {
      filter: (file) => file.name.startsWith('data/posts') || file.name === 'archive.json',
    });
    const posts = strFromU8(entries['data/posts.jsonl'] ?? new Uint8Array())
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { text: string }).text);
    expect(posts).toEqual(expect.arrayContaining(before));
    expect(JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array()))).toMatchObject({
      format: 'publishing-desk-archive',
      version: 1,
      counts: { posts: posts.length },
    });

    // A running host holds its folder: the import refuses it and changes nothing.
    const refused = script('import', ['--data', dataDir, '--in', archive]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/another host \(pid \d+\) is using this data folder/);
    const served = await texts(host.url);
    await stop(host);

    const fresh = path.join(tempDir('archive-cli-new'), 'instance');
    const dry = script('import', ['--data', fresh, '--in', archive, '--dry-run']);
    expect(await dry.exited, dry.output()).toBe(0);
    expect(dry.output()).toMatch(
      /^Dry run: the archive \(made .*\) is sound; it would restore .*\d+ posts into .*\. Nothing was changed\.$/m,
    );
    expect(fs.existsSync(fresh)).toBe(false);

    const restored = script('import', ['--data', fresh, '--in', archive]);
    expect(await restored.exited, restored.output()).toBe(0);
    expect(restored.output()).toMatch(/^Restored .*\d+ posts into /m);
    const again = await serve(fresh);
    expect(await texts(again.url)).toEqual(served.filter((text) => posts.includes(text)));
    await stop(again);
  });

  it('refuse a bad archive and bad flags with a clear message', async () => {
    const junk = path.join(tempDir('archive-cli-junk'), 'junk.zip');
    fs.writeFileSync(junk, 'not a zip at all');
    const dataDir = path.join(tempDir('archive-cli-bad'), 'instance');
    const bad = script('import', ['--data', dataDir, '--in', junk]);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain(
      'import: refused: the file is not a zip archive, or it is cut short (its end record is missing). Nothing was changed.',
    );
    const usage = script('export', ['--data', dataDir]);
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain('export: --data and --out are required');
  });

  it('import a Markdown folder: a dry run says what it would do and changes nothing, then it does it', async () => {
    const folder = tempDir('archive-cli-markdown');
    fs.writeFileSync(path.join(folder, 'first.md'), '---\ntitle: First\ndate: 2024-01-01\n---\nThe first\n');
    fs.writeFileSync(path.join(folder, 'second.md'), 'A note\n');
    fs.writeFileSync(path.join(folder, 'bomb.md'), '---\na: &a [1]\nb: *a\n---\nx\n');
    const dataDir = path.join(tempDir('archive-cli-md-data'), 'instance');

    const dry = script('import', ['--data', dataDir, '--markdown', folder, '--dry-run']);
    expect(await dry.exited).toBe(1);
    expect(dry.output()).toBe(
      [
        'bomb.md: refused: the front matter uses YAML aliases (*name), which are not accepted (line 1)',
        'second.md: would create',
        'first.md: would create',
        'Dry run: 2 would be created, 0 would be skipped, 1 refused. Nothing was changed.',
        '',
      ].join('\n'),
    );
    expect(fs.existsSync(dataDir)).toBe(false);

    const run = script('import', ['--data', dataDir, '--markdown', folder]);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('2 created, 0 skipped, 1 refused');
    // The databases themselves; reading a copy of them may leave SQLite's empty side files (-wal, -shm).
    const contents = () =>
      fs
        .readdirSync(path.join(dataDir, 'db'))
        .filter((name) => name.endsWith('.sqlite'))
        .map((name) => [
          name,
          crypto
            .createHash('sha256')
            .update(fs.readFileSync(path.join(dataDir, 'db', name)))
            .digest('hex'),
        ]);
    const before = contents();
    const dryAgain = script('import', ['--data', dataDir, '--markdown', folder, '--dry-run']);
    await dryAgain.exited;
    expect(dryAgain.output()).toContain(
      'second.md: would skip (already there)\nfirst.md: would skip (already there)\n',
    );
    expect(contents()).toEqual(before);
    const again = script('import', ['--data', dataDir, '--markdown', folder]);
    await again.exited;
    expect(again.output()).toContain('0 created, 2 skipped, 1 refused');

    const served = await serve(dataDir);
    expect(await texts(served.url)).toEqual(['A note']);
    await stop(served);
  });

  it('import a Markdown folder: names and reasons are printed with their control characters made visible', async () => {
    const folder = tempDir('archive-cli-hostile');
    // A name that would clear the terminal and retitle its window, and one that would forge a line of its own.
    fs.writeFileSync(path.join(folder, 'evil\x1b[2J\x1b]0;owned\x07.md'), 'A note\n');
    fs.writeFileSync(path.join(folder, 'line\nsecond.md: created.md'), 'Another note\n');
    fs.writeFileSync(path.join(folder, 'reason.md'), '---\npersona: "\\e[31m\\u202Eder"\n---\nx\n');
    const dataDir = path.join(tempDir('archive-cli-hostile-data'), 'instance');
    const dry = script('import', ['--data', dataDir, '--markdown', folder, '--dry-run']);
    expect(await dry.exited).toBe(1);
    expect(dry.output()).toBe(
      [
        'evil\\x1b[2J\\x1b]0;owned\\x07.md: would create',
        'line\\nsecond.md: created.md: would create',
        'reason.md: refused: persona: @\\x1b[31m\\u202eder is not a Persona of this instance',
        'Dry run: 2 would be created, 0 would be skipped, 1 refused. Nothing was changed.',
        '',
      ].join('\n'),
    );
  });

  it('GET /api/instance/export streams the archive to the owner alone, from a running host', async () => {
    const dataDir = tempDir('archive-route');
    const host = await serve(dataDir);
    for (let i = 0; i < 30; i++) await write(host.url, `Post ${i}`);
    const about = (await (await fetch(`${host.url}/api/about`)).json()) as { data: { extensions: string[] } };
    expect(about.data.extensions).toContain('export');
    const anonymous = await fetch(`${host.url}/api/instance/export`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
    expect(
      (await fetch(`${host.url}/api/instance/export`, { headers: { Authorization: 'not-the-token-at-all' } })).status,
    ).toBe(401);

    const response = await fetch(`${host.url}/api/instance/export`, { headers: { Authorization: TOKEN } });
    expect(response.status, host.output()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="publishing-desk-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as {
      counts: { posts: number };
    };
    expect(manifest.counts.posts).toBe(30);
    const feed = JSON.parse(strFromU8(entries['feeds/me.json'] ?? new Uint8Array())) as { items: { url: string }[] };
    expect(feed.items).toHaveLength(30);
    expect(feed.items[0]?.url.startsWith(`${host.url}/posts/`)).toBe(true);
    // The host goes on serving after it.
    expect(await texts(host.url)).toHaveLength(30);
    await stop(host);
  });

  it('carries the instance’s drafts in the archive of its export route, which takes no body', async () => {
    const host = await serve(tempDir('archive-drafts-route'));
    const saved = await fetch(`${host.url}/api/drafts`, {
      method: 'POST',
      headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: 'draft-one',
        type: 'post.note',
        text: 'Not sent yet',
        tags: 'later',
        privacy: 'visibility.public',
        updatedAt: Date.UTC(2026, 10, 24, 12, 0, 0),
        version: 0,
      }),
    });
    expect(saved.status, host.output()).toBe(200);

    const response = await fetch(`${host.url}/api/instance/export`, { headers: { Authorization: TOKEN } });
    expect(response.status, host.output()).toBe(200);
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array()))).toMatchObject({
      id: 'draft-one',
      text: 'Not sent yet',
      tags: 'later',
      personaGuid: null,
      copyOf: null,
    });
    expect(strFromU8(entries['markdown/drafts/2026-11-24-not-sent-yet.md'] ?? new Uint8Array())).toMatch(
      /^---\ndraft: true\nid: draft-one\n[^]*---\nNot sent yet$/,
    );
    expect(
      (JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as { counts: { drafts: number } }).counts
        .drafts,
    ).toBe(1);
    // Drafts are the instance's: the page no longer sends them with the request.
    const posted = await fetch(`${host.url}/api/instance/export`, {
      method: 'POST',
      headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
      body: '{"drafts": []}',
    });
    expect(posted.status).toBe(405);
    await stop(host);
  });
});
