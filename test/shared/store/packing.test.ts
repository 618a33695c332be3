import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaV1 } from '../../../src-shared/store/db';
import { BACKENDS, platformFor, startInstance, writePost } from '../../support/instance';

describe.each(BACKENDS)('packed post rows (%s)', (backend) => {
  it('keeps indexed fields on the row and the rest in one JSON string, and reads back whole', async () => {
    const { platform, name } = platformFor(backend);
    const db = openDatabase(platform, name);
    await db.open();
    await db.posts.add({
      guid: '11111111-1111-4111-8111-111111111111',
      type: 'post.note',
      privacy: 'visibility.public',
      accountGuid: 'a',
      personaGuid: 'p',
      channelGuid: 'c',
      title: 'T',
      text: 'x',
      html: '<p>x</p>',
      tags: ['one'],
      mentions: [],
      replyTo: null,
      parentGuid: null,
      threadKey: 't',
      sourceUrl: null,
      sourceTitle: null,
      geo: { longitude: 1, latitude: 2, altitude: null, description: 'here' },
      slug: null,
      canonicalPath: '/p',
      publishUnix: 5,
      order: 'o',
      expiresUnix: null,
      createdUnix: 5,
      updatedUnix: 5,
      deleted: 0,
    });
    db.close();

    const raw = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
    raw.version(1).stores(schemaV1);
    const [stored] = await raw.table('posts').toArray();
    expect(stored.guid).toBe('11111111-1111-4111-8111-111111111111');
    expect(stored.title).toBeUndefined();
    expect(JSON.parse(stored.__packed)).toMatchObject({ title: 'T', tags: ['one'], geo: { description: 'here' } });
    raw.close();

    const again = openDatabase(platform, name);
    const post = await again.posts.where('guid').equals('11111111-1111-4111-8111-111111111111').first();
    expect(post).toMatchObject({ title: 'T', tags: ['one'], order: 'o', geo: { longitude: 1, latitude: 2 } });
    await again.posts.where('guid').equals('11111111-1111-4111-8111-111111111111').modify({ title: 'Changed' });
    expect((await again.posts.where('guid').equals('11111111-1111-4111-8111-111111111111').first())?.title).toBe(
      'Changed',
    );
    await again.delete();
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
