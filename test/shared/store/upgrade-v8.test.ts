import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import {
  openDatabase,
  schemaV1,
  schemaV2,
  schemaV3,
  schemaV4,
  schemaV5,
  schemaV6,
  schemaV7,
  type PublishingDb,
} from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import type { PostRow } from '../../../src-shared/store/rows';
import { searchPosts } from '../../../src-shared/store/search';
import { REQUEUE_WORDS_V8 } from '../../../src-shared/store/upgrade-v8';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, platformFor } from '../../support/instance';
import { guidOf, v1Post } from './old-rows';

// More than one batch of the requeue (1,000 posts each); posts 1 and 2 gain words, the others do not.
const POSTS = 1_200;
const BOOKMARK = 1;
const TAGGED = 2;
const PLAIN = 3;

/**
 * A version 7 store as it was left: every post indexed by the words version 7 gave it (title, text, tags).
 * The bookmark's source and the tag are set on the rows after indexing, so the index lacks the words that
 * version 8 adds, as it did in a store written before.
 */
async function openV7(backend: (typeof BACKENDS)[number]) {
  const { platform, name } = platformFor(backend);
  const v7 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
  [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7].forEach((schema, i) =>
    v7.version(i + 1).stores(schema),
  );
  v7.use(packingMiddleware(['posts']));
  const rows = Array.from({ length: POSTS }, (_, i) =>
    v1Post(i + 1, {
      tags: [],
      text:
        i + 1 === PLAIN ? 'Notes on the meadow' : i + 1 === BOOKMARK ? 'A page worth keeping' : `Post number ${i + 1}`,
    }),
  );
  const ids = (await v7.table('posts').bulkAdd(rows, { allKeys: true })) as number[];
  await v7.table('indexQueue').bulkAdd(rows.map((row, i) => ({ order: row.order, postId: ids[i] })));
  await indexAllQueuedWords(v7 as PublishingDb);
  const posts = v7.table<PostRow, number>('posts');
  await posts.update(ids[BOOKMARK - 1] ?? 0, {
    sourceTitle: 'The Almanac of Hedgerows',
    sourceUrl: 'https://orchard.example/spring',
  });
  await posts.update(ids[TAGGED - 1] ?? 0, { tags: ['Go'] });
  v7.close();
  return { platform, name };
}

describe.each(BACKENDS)('upgrading a version 7 store to version 8 (%s)', (backend) => {
  it('queues only the posts with a source or tags, and finds a bookmark by its page title and a post by its tag, queued or indexed', async () => {
    const { platform, name } = await openV7(backend);
    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.settings.get(REQUEUE_WORDS_V8)).toBeUndefined();
    const queued = await db.posts.bulkGet((await db.indexQueue.toArray()).map((row) => row.postId));
    expect(queued.map((post) => post?.guid).sort()).toEqual([guidOf(BOOKMARK), guidOf(TAGGED)]);

    const find = async (words: string[]) =>
      (await searchPosts(db, { words, count: 10, accept: () => true })).map((p) => p.guid);
    const expectations = async () => {
      expect(await find(['hedgerows'])).toEqual([guidOf(BOOKMARK)]);
      expect(await find(['almanac', 'keeping'])).toEqual([guidOf(BOOKMARK)]);
      // The page's host is a word of the bookmark too.
      expect(await find(['orchard'])).toEqual([guidOf(BOOKMARK)]);
      expect(await find(['#go'])).toEqual([guidOf(TAGGED)]);
      // What was indexed before is found as before, and nothing else matches.
      expect(await find(['meadow'])).toEqual([guidOf(PLAIN)]);
      expect(await find(['hedgerows', 'meadow'])).toEqual([]);
    };
    // While queued: judged by their own words.
    await expectations();
    expect(await indexAllQueuedWords(db)).toBe(2);
    expect(await db.indexQueue.count()).toBe(0);
    // Indexed: found through the index.
    await expectations();
    db.close();
  });

  it('resumes an interrupted requeue where it stopped', async () => {
    const { platform, name } = await openV7(backend);
    // Interrupted just after the tagged post (the walk goes newest first): only the bookmark, the oldest
    // post, is still to come. Starting over would queue the tagged post again.
    const first = openDatabase(platform, name);
    await first.open();
    await first.indexQueue.clear();
    const walk = await first.posts.orderBy('[type+order]').keys();
    await first.settings.put({ key: REQUEUE_WORDS_V8, value: JSON.stringify(walk[POSTS - TAGGED]) });
    first.close();

    const db = openDatabase(platform, name);
    await db.open();
    expect(await db.settings.get(REQUEUE_WORDS_V8)).toBeUndefined();
    const queued = await db.posts.bulkGet((await db.indexQueue.toArray()).map((row) => row.postId));
    expect(queued.map((post) => post?.guid)).toEqual([guidOf(BOOKMARK)]);
    db.close();
  });
});
