import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  importMarkdownFiles,
  type MarkdownFile,
  type MarkdownOutcome,
} from '../../../src-shared/archive/markdown-import';
import type { PostRow } from '../../../src-shared/store/rows';
import { readMarkdownFolder } from '../../../src-main/commands/markdown-folder';
import { tempDir } from '../../main/host-helpers';
import { startInstance, type TestInstance } from '../../support/instance';
import { exportToFile } from './archive-files';
import { fillWithEveryKind } from './every-kind';

const instances: TestInstance[] = [];
afterEach(async () => {
  for (const instance of instances.splice(0)) await instance.close();
});

async function instance(backend: 'memory' | 'sqlite' = 'sqlite'): Promise<TestInstance> {
  const started = await startInstance(backend);
  instances.push(started);
  return started;
}

/** Imports a folder through the instance's own service, as the owner. */
async function importFolder(target: TestInstance, folder: string, persona?: string): Promise<MarkdownOutcome[]> {
  const write = async (params: Record<string, string>) => {
    const result = await target.call('POST', '/api/posts/write', { params });
    return result.status === 200
      ? { ok: true as const, guid: result.json.data[0].guid as string }
      : {
          ok: false as const,
          problems: (Array.isArray(result.json.meta.list)
            ? result.json.meta.list
            : [result.json.meta.text]) as string[],
        };
  };
  return importMarkdownFiles({ db: target.db, write, ...(persona ? { persona } : {}) }, readMarkdownFolder(folder));
}

function writeFiles(files: Record<string, string | Uint8Array>): string {
  const folder = tempDir('markdown-in');
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), content);
  }
  return folder;
}

const byName = (outcomes: MarkdownOutcome[]) =>
  Object.fromEntries(outcomes.map((o) => [o.name, o.outcome === 'refused' ? `refused: ${o.why}` : o.outcome]));

describe('importing Markdown files', () => {
  it('gives back the posts an export wrote as Markdown, with their GUIDs, kinds, times and threads; twice makes no duplicates', async () => {
    const source = await instance();
    await fillWithEveryKind(source);
    const archive = unzipSync(fs.readFileSync(await exportToFile(source.db, Math.floor(source.clock.now() / 1000))), {
      filter: (file) => file.name.startsWith('markdown/'),
    });
    const folder = writeFiles(
      Object.fromEntries(Object.entries(archive).map(([name, bytes]) => [name.slice('markdown/'.length), bytes])),
    );

    const target = await instance();
    const work = await target.call('POST', '/api/account/personas', { params: { handle: 'work' } });
    expect(work.status).toBe(200);
    const outcomes = await importFolder(target, folder);

    const handles = async (of: TestInstance) =>
      new Map((await of.db.personas.toArray()).map((p) => [p.guid, p.handle]));
    const [sourceHandles, targetHandles] = [await handles(source), await handles(target)];
    const comparable = (post: PostRow, handleOf: Map<string, string>) => ({
      guid: post.guid,
      type: post.type,
      title: post.title,
      text: post.text,
      html: post.html,
      tags: post.tags,
      privacy: post.privacy,
      author: handleOf.get(post.personaGuid),
      publishUnix: post.publishUnix,
      expiresUnix: post.expiresUnix,
      createdUnix: post.createdUnix,
      updatedUnix: post.updatedUnix,
      slug: post.slug,
      canonicalPath: post.canonicalPath,
      sourceUrl: post.sourceUrl,
      sourceTitle: post.sourceTitle,
      geo: post.geo,
      replyTo: post.replyTo,
      parentGuid: post.parentGuid,
      threadKey: post.threadKey,
      order: post.order,
    });
    const own = (await source.db.posts.toArray()).filter((p) => !p.deleted && p.accountGuid === source.accountGuid);
    const created = outcomes.filter((o) => o.outcome === 'created').map((o) => o.guid);
    expect(created.sort()).toEqual(own.map((p) => p.guid).sort());
    // The post of someone on a remote is no post of this instance's Personas.
    expect(outcomes.flatMap((o) => (o.outcome === 'refused' ? [o.why] : []))).toEqual([
      'persona: @friend is not a Persona of this instance',
    ]);
    for (const post of own) {
      const restored = await target.db.posts.where('guid').equals(post.guid).first();
      expect(restored && comparable(restored, targetHandles), post.text).toEqual(comparable(post, sourceHandles));
    }

    const count = await target.db.posts.count();
    const again = await importFolder(target, folder);
    expect(again.filter((o) => o.outcome === 'skipped')).toHaveLength(own.length);
    expect(await target.db.posts.count()).toBe(count);
  });

  it('reads the front matter of static sites and notes apps', async () => {
    const folder = writeFiles({
      'content/posts/hugo.md':
        '---\ntitle: "Hugo post"\ndate: 2024-03-01T10:00:00Z\nlastmod: 2024-03-02T10:00:00Z\ntags: [go, hugo]\ncategories:\n  - blog\nslug: hugo-post\n---\nHello **Hugo**\n',
      '_posts/2023-01-02-jekyll.md':
        '---\nlayout: post\ntitle: Jekyll\ndate: 2023-01-02 10:00:00 +0100\npublished: false\n---\nNot yet\n',
      'notes/obsidian.md': '---\ntags:\n  - "#idea"\n  - later\n---\nA thought\n',
      'notes/plain.md': 'No front matter at all\n',
    });
    const target = await instance();
    const outcomes = await importFolder(target, folder);
    expect(byName(outcomes)).toEqual({
      'content/posts/hugo.md': 'created',
      '_posts/2023-01-02-jekyll.md': 'created',
      'notes/obsidian.md': 'created',
      'notes/plain.md': 'created',
    });
    const posts = new Map((await target.db.posts.toArray()).map((p) => [p.text.trim(), p]));
    expect(posts.get('Hello **Hugo**')).toMatchObject({
      type: 'post.article',
      title: 'Hugo post',
      tags: ['go', 'hugo', 'blog'],
      slug: 'hugo-post',
      publishUnix: Date.UTC(2024, 2, 1, 10) / 1000,
      updatedUnix: Date.UTC(2024, 2, 2, 10) / 1000,
    });
    expect(posts.get('Not yet')).toMatchObject({
      type: 'post.draft',
      title: 'Jekyll',
      publishUnix: Date.UTC(2023, 0, 2, 9) / 1000,
    });
    expect(posts.get('A thought')).toMatchObject({ type: 'post.note', tags: ['idea', 'later'] });
    expect(posts.get('No front matter at all')).toMatchObject({ type: 'post.note', personaGuid: target.personaGuid });
  });

  it('refuses hostile and broken files by name and imports the others', async () => {
    const folder = writeFiles({
      'alias-bomb.md': `---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n---\nboom\n`,
      'huge.md': `---\ntitle: Huge\n---\n${'word '.repeat(300_000)}`,
      'junk.md': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00]),
      'latin1.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'bad-yaml.md': '---\ntitle: [unclosed\n---\nx\n',
      'bad-date.md': '---\ndate: yesterday\n---\nx\n',
      'empty.md': '---\ntitle: Nothing\n---\n',
      'stranger.md': '---\npersona: nobody\n---\nx\n',
      'good.md': '---\ntitle: Fine\n---\nStill imported\n',
    });
    const target = await instance();
    expect(byName(await importFolder(target, folder))).toEqual({
      'alias-bomb.md': 'refused: the front matter uses YAML aliases (*name), which are not accepted (line 1)',
      'huge.md': 'refused: the file is 1500020 bytes; at most 1048576 are read',
      'junk.md': 'refused: the file is not text (it holds NUL bytes)',
      'latin1.md': 'refused: the file is not UTF-8 text',
      'bad-yaml.md': expect.stringMatching(/^refused: the front matter is not valid YAML: .* \(line \d\)$/),
      'bad-date.md': 'refused: date: must be a date such as 2026-11-22T09:30:00Z',
      'empty.md': 'refused: Please Supply Some Text',
      'stranger.md': 'refused: persona: @nobody is not a Persona of this instance',
      'good.md': 'created',
    });
    expect((await target.db.posts.toArray()).map((p) => p.title)).toEqual(['Fine']);
  });

  it('orders 20,000 files that answer one another in a circle and a long chain at once: each written once, after what it answers', async () => {
    const circle = 10_000;
    const count = 20_000;
    const guidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    // Files below `circle` answer the next, and the last of them the first: no file starts that conversation.
    // The others form a chain from it: the first of them answers file 0, each next one the one before.
    const answers = (i: number) => (i < circle ? (i + 1) % circle : i === circle ? 0 : i - 1);
    const files: MarkdownFile[] = Array.from({ length: count }, (_, i) => ({
      name: `reply-${String(i).padStart(5, '0')}.md`,
      read: () => `---\nguid: ${guidOf(i)}\nreply_to: ${guidOf(answers(i))}\n---\nReply ${i}\n`,
    }));
    const target = await instance('memory');
    const written: number[] = [];
    // What the files would be written as, in order; the store's own write is not what is looked at here.
    const write = (params: Record<string, string>) => {
      written.push(Number(/^Reply (\d+)\s*$/.exec(params['content'] ?? '')?.[1]));
      return Promise.resolve({ ok: true as const, guid: guidOf(count + written.length) });
    };
    const outcomes = await importMarkdownFiles({ db: target.db, write }, files);

    expect(outcomes.filter((o) => o.outcome === 'created')).toHaveLength(count);
    expect(new Set(written).size).toBe(count);
    // The circle is broken at its first file by time, then name: that one goes first, before what it answers.
    expect(written[0]).toBe(0);
    const position = new Map(written.map((file, at) => [file, at]));
    const beforeWhatItAnswers = written.filter(
      (file) => (position.get(file) ?? 0) < (position.get(answers(file)) ?? 0),
    );
    expect(beforeWhatItAnswers).toEqual([0]);
  });
});
