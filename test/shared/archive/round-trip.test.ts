import { afterEach, describe, expect, it } from 'vitest';
import { importArchive } from '../../../src-shared/archive/import';
import { openZipArchive } from '../../../src-main/archive/zip-reader';
import { rendererBeside } from '../../../src-main/archive/render-beside';
import { wordsOf } from '../../../src-shared/store/post-derived';
import { postingsOfWord } from '../../../src-shared/store/word-index';
import { startInstance, type TestInstance } from '../../support/instance';
import { strFromU8, strToU8 } from 'fflate';
import { exportToFile, rewritten } from './archive-files';
import { fillWithEveryKind } from './every-kind';
import { COMPARED, snapshotOf } from './tables';

describe('an archive restored into a new instance', () => {
  const instances: TestInstance[] = [];
  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.close();
  });

  it('gives back every row of every table, field by field, and no remote token', async () => {
    const source = await startInstance('sqlite');
    instances.push(source);
    await fillWithEveryKind(source);
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000));

    const target = await startInstance('sqlite');
    instances.push(target);
    const archive = openZipArchive(file);
    try {
      await importArchive(target.db, archive);
    } finally {
      archive.close();
    }

    const before = await snapshotOf(source.db);
    const after = await snapshotOf(target.db);
    for (const table of Object.keys(COMPARED)) expect(after[table], table).toEqual(before[table]);
    // The fixture holds every kind: a comparison of empty tables would prove nothing.
    for (const table of [
      'personas',
      'channels',
      'grants',
      'posts',
      'mentions',
      'replies',
      'stars',
      'pins',
      'remotes',
      'conflicts',
      'remoteUrls',
      'markers',
      'copies',
    ]) {
      expect(before[table]?.length, table).toBeGreaterThan(table === 'personas' || table === 'channels' ? 1 : 0);
    }
    const types = new Set(before['posts']?.map((p) => p['type']));
    expect([...types].sort()).toEqual([
      'post.article',
      'post.bookmark',
      'post.draft',
      'post.note',
      'post.page',
      'post.quotation',
    ]);
    expect((await target.db.remotes.toArray()).map((r) => r.sealedToken)).toEqual(['']);
  });

  it('gives back the same posts when their HTML is rendered in a thread beside the import', async () => {
    const source = await startInstance('sqlite');
    instances.push(source);
    await fillWithEveryKind(source);
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000));
    const target = await startInstance('sqlite');
    instances.push(target);
    const archive = openZipArchive(file);
    const renderer = rendererBeside();
    try {
      await importArchive(target.db, archive, { render: renderer.render });
    } finally {
      archive.close();
      await renderer.close();
    }
    const posts = (await snapshotOf(source.db))['posts'];
    expect(posts?.some((post) => String(post['html']).includes('<'))).toBe(true);
    expect((await snapshotOf(target.db))['posts']).toEqual(posts);
  });

  it('serves the restored posts to the owner token of the new folder, and finds them by their words', async () => {
    const source = await startInstance('sqlite');
    instances.push(source);
    await fillWithEveryKind(source);
    const file = await exportToFile(source.db, Math.floor(source.clock.now() / 1000));
    const target = await startInstance('sqlite');
    instances.push(target);
    const archive = openZipArchive(file);
    await importArchive(target.db, archive).finally(() => archive.close());

    const timeline = async (instance: TestInstance) =>
      (
        await instance.call('GET', '/api/posts/global', {
          params: { types: 'post.note,post.article,post.bookmark,post.quotation', scheduled: 'include' },
        })
      ).json.data;
    expect(await timeline(target)).toEqual(await timeline(source));
    const found = await target.call('GET', '/api/posts/search', { params: { q: 'Heading' } });
    expect(found.json.data.map((p: { title: string }) => p.title)).toEqual(['An article']);
    // What a write derives from each live post came with it: its change row (since_unix) and its place in
    // the search indexer's queue.
    const live = (await target.db.posts.toArray()).filter((post) => !post.deleted);
    const guids = live.map((post) => post.guid).sort();
    expect((await target.db.changes.toArray()).map((change) => change.postGuid).sort()).toEqual(guids);
    // (Queued, or indexed already should an indexer have run meanwhile.)
    const queued = new Set((await target.db.indexQueue.toArray()).map((entry) => entry.postId));
    for (const post of live.filter((p) => !queued.has(p.id ?? 0))) {
      const [word = ''] = wordsOf(post);
      expect((await postingsOfWord(target.db, word)).map((p) => p.id)).toContain(post.id);
    }
  });

  it('restores an archive of a release before reading places were kept: the rest whole, and no place', async () => {
    const source = await startInstance('sqlite');
    instances.push(source);
    await fillWithEveryKind(source);
    // As that release wrote it: no entry for the table, and no count of it in the manifest.
    const file = rewritten(await exportToFile(source.db, Math.floor(source.clock.now() / 1000)), (entries) => {
      delete entries['data/markers.jsonl'];
      const manifest = JSON.parse(strFromU8(entries['archive.json'] ?? new Uint8Array())) as {
        counts: Record<string, number>;
      };
      delete manifest.counts['markers'];
      entries['archive.json'] = strToU8(JSON.stringify(manifest));
    });
    const target = await startInstance('sqlite');
    instances.push(target);
    const archive = openZipArchive(file);
    await importArchive(target.db, archive).finally(() => archive.close());

    const before = await snapshotOf(source.db);
    const after = await snapshotOf(target.db);
    for (const table of Object.keys(COMPARED).filter((t) => t !== 'markers')) {
      expect(after[table], table).toEqual(before[table]);
    }
    expect(before['markers']).toHaveLength(2);
    expect(after['markers']).toEqual([]);
  });

  it('refuses an archive that counts reading places it does not hold', async () => {
    const source = await startInstance('sqlite');
    instances.push(source);
    await fillWithEveryKind(source);
    const file = rewritten(await exportToFile(source.db, Math.floor(source.clock.now() / 1000)), (entries) => {
      delete entries['data/markers.jsonl'];
    });
    const target = await startInstance('sqlite');
    instances.push(target);
    const archive = openZipArchive(file);
    await expect(importArchive(target.db, archive).finally(() => archive.close())).rejects.toThrow(
      'the archive has no data/markers.jsonl',
    );
    expect(await target.db.posts.count()).toBe(0);
  });
});
