import { describe, expect, it, onTestFinished } from 'vitest';
import { Dexie } from 'dexie';
import type { PublishingDb } from '../../../src-shared/store/db';
import { timelineOrder } from '../../../src-shared/store/order';
import type { PostRow } from '../../../src-shared/store/rows';
import { openTestDatabase } from '../../support/instance';

/**
 * indexeddbshim pages `getAll` by cursorPreloadPackSize (100 here). These tests pin down why every range
 * index of the schema ends in a unique component: such reads return every row, however many.
 */
const post = (i: number, threadKey: string): PostRow => {
  const guid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  // Many equal times: the index key only stays unique through the GUID.
  const publishUnix = 1_800_000_000 + Math.floor(i / 50);
  return {
    guid,
    type: 'post.note',
    privacy: 'visibility.public',
    accountGuid: 'a',
    personaGuid: 'p',
    channelGuid: 'c',
    title: null,
    text: `post ${i}`,
    html: `<p>post ${i}</p>`,
    tags: [],
    mentions: [],
    replyTo: null,
    parentGuid: null,
    threadKey,
    sourceUrl: null,
    sourceTitle: null,
    geo: null,
    slug: null,
    canonicalPath: `/posts/${i}`,
    publishUnix,
    order: timelineOrder(publishUnix, guid),
    expiresUnix: null,
    createdUnix: 1_800_000_000,
    updatedUnix: 1_800_000_000,
    deleted: 0,
  };
};

describe('the SQLite backend reads long index ranges whole', () => {
  let db: PublishingDb;

  it('returns all 350 posts of one conversation through [threadKey+publishUnix+guid]', async () => {
    db = openTestDatabase('sqlite');
    onTestFinished(() => db.delete());
    await db.posts.bulkAdd(Array.from({ length: 350 }, (_, i) => post(i, 'thread-1')));
    await db.posts.bulkAdd(Array.from({ length: 20 }, (_, i) => post(1000 + i, 'thread-2')));

    const members = await db.posts
      .where('[threadKey+publishUnix+guid]')
      .between(['thread-1', -Infinity, Dexie.minKey], ['thread-1', Infinity, Dexie.maxKey])
      .toArray();

    expect(members).toHaveLength(350);
    expect(new Set(members.map((m) => m.guid)).size).toBe(350);
  });
});
