import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaV1 } from '../../../src-shared/store/db';
import type { PostRow } from '../../../src-shared/store/rows';
import { BACKENDS, platformFor, startInstance, writePost } from '../../support/instance';
import { guidOf, v1Post } from './old-rows';
import { packedRow } from './packed-rows';

const GUID = guidOf(1);
const stored = {
  ...v1Post(1),
  title: 'T',
  tags: ['one'],
  geo: { longitude: 1, latitude: 2, altitude: null, description: 'here' },
};

/** The posts table as it is on disk, with no middleware between. */
async function rawPosts(platform: ReturnType<typeof platformFor>['platform'], name: string) {
  const raw = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
  raw.version(1).stores(schemaV1);
  const rows = (await raw.table('posts').toArray()) as Record<string, unknown>[];
  raw.close();
  return rows;
}

describe.each(BACKENDS)('post rows on disk (%s)', (backend) => {
  it('stores a post whole, as one value', async () => {
    const { platform, name } = platformFor(backend);
    const db = openDatabase(platform, name);
    await db.posts.add(stored);
    db.close();
    const [row] = await rawPosts(platform, name);
    expect(row).toEqual({ ...stored, id: 1 });
    expect(row).not.toHaveProperty('__packed');
  });

  it('reads posts an older release stored packed, by every read path, and writes them back whole', async () => {
    const { platform, name } = platformFor(backend);
    const db = openDatabase(platform, name);
    await db.open();
    const indexed = new Set([
      'id',
      'guid',
      'type',
      'order',
      'threadKey',
      'publishUnix',
      'canonicalPath',
      'personaGuid',
      'channelGuid',
    ]);
    // Written beneath Dexie's middleware, as an older release left it on disk.
    await db.posts.bulkAdd([packedRow(stored, indexed) as unknown as PostRow, { ...v1Post(2) }]);
    const whole = expect.objectContaining({
      guid: GUID,
      title: 'T',
      tags: ['one'],
      geo: expect.objectContaining({ description: 'here' }),
    });
    // The row above really is packed on disk: the test would prove nothing otherwise.
    expect((await rawPosts(platform, name))[0]).toHaveProperty('__packed');

    expect(await db.posts.get(1)).toEqual(whole);
    expect(await db.posts.where('guid').equals(GUID).first()).toEqual(whole);
    expect((await db.posts.toArray())[0]).toEqual(whole);
    expect((await db.posts.bulkGet([1]))[0]).toEqual(whole);
    const walked: PostRow[] = [];
    await db.posts
      .where('guid')
      .equals(GUID)
      .each((post) => walked.push(post));
    expect(walked).toEqual([whole]);

    await db.posts.where('guid').equals(GUID).modify({ title: 'Changed' });
    db.close();
    const [row] = await rawPosts(platform, name);
    expect(row).not.toHaveProperty('__packed');
    expect(row).toMatchObject({ title: 'Changed', tags: ['one'], text: stored.text });
  });

  it('serves edits made through the service from every read path', async () => {
    const app = await startInstance(backend);
    const post = await writePost(app, { content: 'first', tags: 'a' });
    await app.call('POST', `/api/posts/${post.guid}/write`, { params: { content: 'second', tags: 'b' } });
    const read = await app.call('GET', `/api/posts/${post.guid}`);
    const timeline = await app.call('GET', '/api/posts/global');
    expect(read.json.data[0]).toMatchObject({ text: 'second', tags: ['b'] });
    expect(timeline.json.data[0]).toMatchObject({ guid: post.guid, text: 'second' });
    await app.close();
  });
});
