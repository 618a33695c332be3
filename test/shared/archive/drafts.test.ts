import fs from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { draftOfKept, type Draft, type DraftsAnswer } from '../../../src-shared/api/draft';
import { readFrontMatter } from '../../../src-shared/archive/front-matter';
import { importArchive } from '../../../src-shared/archive/import';
import { openZipArchive } from '../../../src-main/archive/zip-reader';
import { startInstance, type TestInstance } from '../../support/instance';
import { exportToFile, scratchFile } from './archive-files';

/** Two drafts with every field filled, and the second with every field the page may leave blank left blank. */
function draftsOf(personaGuid: string, channelGuid: string): Draft[] {
  return [
    {
      id: '7d1c3a52-0f6e-4b8e-9a51-2b7a0c1d9e11',
      personaGuid,
      channelGuid,
      type: 'post.article',
      title: 'Half an article',
      text: 'It begins **here**,\nand goes on.',
      tags: 'one, two',
      sourceUrl: 'https://example.org/source',
      sourceTitle: 'A source',
      privacy: 'visibility.private',
      publishAt: '2026-12-01T09:30',
      expiresAt: '2027-01-01T00:00',
      place: 'The harbour',
      latitude: '53.55',
      longitude: '9.99',
      altitude: '4',
      canonicalPath: '/articles/half',
      slug: 'half-an-article',
      replyTo: null,
      editing: null,
      copyOf: null,
      alsoAs: [],
      editCopies: false,
      updatedAt: Date.UTC(2026, 10, 20, 8, 0, 0),
    },
    {
      id: 'b2e8f0c4-5a3d-4c1f-8e7b-6d9a0f1e2c33',
      personaGuid: null,
      channelGuid: null,
      type: 'post.note',
      title: '',
      text: 'A reply, not sent yet',
      tags: '',
      sourceUrl: '',
      sourceTitle: '',
      privacy: 'visibility.public',
      publishAt: '',
      expiresAt: '',
      place: '',
      latitude: '',
      longitude: '',
      altitude: '',
      canonicalPath: '',
      slug: '',
      replyTo: 'c4b3a2d1-0000-4000-8000-000000000001',
      editing: 'c4b3a2d1-0000-4000-8000-000000000002',
      copyOf: '7d1c3a52-0f6e-4b8e-9a51-2b7a0c1d9e11',
      alsoAs: [],
      editCopies: false,
      updatedAt: Date.UTC(2026, 10, 21, 17, 45, 0),
    },
  ];
}

function rewritten(file: string, change: (entries: Record<string, Uint8Array>) => void): string {
  const entries = unzipSync(fs.readFileSync(file));
  change(entries);
  const out = scratchFile('changed.zip');
  fs.writeFileSync(out, zipSync(entries));
  return out;
}

describe('drafts in an archive', () => {
  const instances: TestInstance[] = [];
  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.close();
  });
  const started = async () => {
    const instance = await startInstance('sqlite');
    instances.push(instance);
    return instance;
  };
  const restoreInto = async (target: TestInstance, file: string) => {
    const archive = openZipArchive(file);
    try {
      return await importArchive(target.db, archive);
    } finally {
      archive.close();
    }
  };

  it('go out as JSON Lines and Markdown, and come back into the instance field by field', async () => {
    const source = await started();
    const persona = (await source.db.personas.toArray())[0];
    const channel = (await source.db.channels.toArray())[0];
    if (!persona || !channel) throw new Error('a new instance has a Persona and a Channel');
    const drafts = draftsOf(persona.guid, channel.guid);
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000), drafts);

    const entries = unzipSync(fs.readFileSync(file));
    const manifest = JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as {
      version: number;
      counts: Record<string, number>;
    };
    expect(manifest.version).toBe(1);
    expect(manifest.counts['drafts']).toBe(2);
    const lines = strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array())
      .split('\n')
      .filter(Boolean);
    // Newest change first, as the instance lists them.
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([...drafts].reverse());
    expect(
      Object.keys(entries)
        .filter((name) => name.startsWith('markdown/drafts/'))
        .sort(),
    ).toEqual(['markdown/drafts/2026-11-20-half-an-article.md', 'markdown/drafts/2026-11-21-a-reply-not-sent-yet.md']);
    const article = readFrontMatter(
      strFromU8(entries['markdown/drafts/2026-11-20-half-an-article.md'] ?? new Uint8Array()),
    );
    expect(article.body).toBe('It begins **here**,\nand goes on.');
    expect(article.data).toEqual({
      draft: true,
      id: drafts[0]?.id,
      type: 'post.article',
      title: 'Half an article',
      persona: persona.handle,
      updated: '2026-11-20T08:00:00Z',
      tags: ['one', 'two'],
      privacy: 'visibility.private',
      publish_at: '2026-12-01T09:30',
      expires_at: '2027-01-01T00:00',
      slug: 'half-an-article',
      canonical_path: '/articles/half',
      source_url: 'https://example.org/source',
      source_title: 'A source',
      geo: { latitude: 53.55, longitude: 9.99, altitude: 4, description: 'The harbour' },
    });
    const reply = readFrontMatter(
      strFromU8(entries['markdown/drafts/2026-11-21-a-reply-not-sent-yet.md'] ?? new Uint8Array()),
    );
    expect(reply.data).toMatchObject({ draft: true, reply_to: drafts[1]?.replyTo, editing: drafts[1]?.editing });
    expect(reply.data).not.toHaveProperty('persona');

    const target = await started();
    const report = await restoreInto(target, file);
    expect(report.counts.drafts).toBe(2);
    const kept = await target.call('GET', '/api/drafts');
    expect(kept.status).toBe(200);
    const listed = (kept.json.data as DraftsAnswer).drafts;
    expect(listed.map(draftOfKept)).toEqual([...drafts].reverse());
    expect(listed.map((d) => d.version)).toEqual([1, 1]);
    // A second export carries them again, and no setting beside them.
    expect(await target.db.settings.get('restoredDrafts')).toBeUndefined();
    const again = unzipSync(fs.readFileSync(await exportToFile(target.db, Math.floor(target.clock.now() / 1000))));
    expect(strFromU8(again['data/drafts.jsonl'] ?? new Uint8Array())).toBe(
      strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array()),
    );
  });

  it('are none when an archive of an earlier release has no drafts entry, and an empty entry when there are none', async () => {
    const source = await started();
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000));
    const entries = unzipSync(fs.readFileSync(file));
    expect(strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array([1]))).toBe('');
    expect(JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array()))).toHaveProperty('counts.drafts', 0);
    const earlier = rewritten(file, (changed) => {
      delete changed['data/drafts.jsonl'];
      const manifest = JSON.parse(strFromU8(changed['archive.json'] ?? new Uint8Array())) as {
        counts: Record<string, number>;
      };
      delete manifest.counts['drafts'];
      changed['archive.json'] = strToU8(JSON.stringify(manifest));
    });
    const target = await started();
    await restoreInto(target, earlier);
    expect(((await target.call('GET', '/api/drafts')).json.data as DraftsAnswer).drafts).toEqual([]);
  });

  it('come back naming only Personas and Channels the archive holds', async () => {
    const source = await started();
    const persona = (await source.db.personas.toArray())[0];
    const channel = (await source.db.channels.toArray())[0];
    if (!persona || !channel) throw new Error('a new instance has a Persona and a Channel');
    const [own] = draftsOf(persona.guid, channel.guid);
    const [strayed] = draftsOf('6f0b7c1e-0000-4000-8000-00000000000a', 'c4b3a2d1-0000-4000-8000-00000000000b');
    if (!own || !strayed) throw new Error('two drafts');
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000), [
      own,
      { ...strayed, id: 'strayed', updatedAt: own.updatedAt - 1 },
    ]);
    const target = await started();
    await restoreInto(target, file);
    const listed = ((await target.call('GET', '/api/drafts')).json.data as DraftsAnswer).drafts;
    expect(listed.map((d) => [d.id, d.personaGuid, d.channelGuid, d.text])).toEqual([
      [own.id, persona.guid, channel.guid, own.text],
      ['strayed', null, null, strayed.text],
    ]);
  });

  it('refuse an archive with a bad draft, naming its line, and change nothing', async () => {
    const source = await started();
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000), draftsOf('p', 'c'));
    const bad = rewritten(file, (entries) => {
      const lines = strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array())
        .split('\n')
        .filter(Boolean);
      const second = JSON.parse(lines[1] ?? '{}') as Record<string, unknown>;
      entries['data/drafts.jsonl'] = strToU8(`${lines[0]}\n${JSON.stringify({ ...second, type: 'post.spam' })}\n`);
    });
    const target = await started();
    await expect(restoreInto(target, bad)).rejects.toThrow(/data\/drafts\.jsonl line 2: type: /);
    expect(await target.db.posts.count()).toBe(0);
    expect(await target.db.drafts.count()).toBe(0);
  });

  it('refuse an archive whose drafts differ from its manifest’s count', async () => {
    const source = await started();
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000), draftsOf('p', 'c'));
    const bad = rewritten(file, (entries) => {
      const lines = strFromU8(entries['data/drafts.jsonl'] ?? new Uint8Array())
        .split('\n')
        .filter(Boolean);
      entries['data/drafts.jsonl'] = strToU8(`${lines[0]}\n`);
    });
    await expect(restoreInto(await started(), bad)).rejects.toThrow(
      'data/drafts.jsonl holds 1 drafts where archive.json says 2',
    );
  });

  it('refuse an archive of more than 1,000 drafts', async () => {
    const source = await started();
    const template = draftsOf('p', 'c')[1];
    if (!template) throw new Error('two drafts');
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...template, id: `draft-${i}` }));
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000), many);
    await expect(restoreInto(await started(), file)).rejects.toThrow('data/drafts.jsonl holds more than 1000 drafts');
  });
});
