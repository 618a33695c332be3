import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, SCHEMA_VERSION } from '../../../src-shared/store/db';
import { packingMiddleware } from './packed-rows';
import type { PostRow } from '../../../src-shared/store/rows';
import { searchPosts } from '../../../src-shared/store/search';
import { REQUEUE_WORDS_V8 } from '../../../src-shared/store/upgrade-v8';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

// Posts 1 and 2 have the words version 8 added, the others do not.
const POSTS = 1_200;
const BOOKMARK = 1;
const TAGGED = 2;
const PLAIN = 3;

/**
 * A version 7 store as it was left, its posts indexed (in blocks this release no longer reads: version 9
 * queues every post again, see upgrade-v9.test.ts). The bookmark has a source and a post has a tag, words
 * that version 8 added.
 */
async function openV7(backend: (typeof BACKENDS)[number]) {
  const { platform, name } = platformFor(backend);
  const v7 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
  declareVersionsUpTo(v7, 7);
  v7.use(packingMiddleware(['posts']));
  const rows = Array.from({ length: POSTS }, (_, i) =>
    v1Post(i + 1, {
      tags: [],
      text:
        i + 1 === PLAIN ? 'Notes on the meadow' : i + 1 === BOOKMARK ? 'A page worth keeping' : `Post number ${i + 1}`,
    }),
  );
  const ids = (await v7.table('posts').bulkAdd(rows, { allKeys: true })) as number[];
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
  it('finds a bookmark by its page title and a post by its tag, queued or indexed', async () => {
    const { platform, name } = await openV7(backend);
    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(await db.settings.get(REQUEUE_WORDS_V8)).toBeUndefined();
    expect(await db.indexQueue.count()).toBe(POSTS);

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
    expect(await indexAllQueuedWords(db)).toBe(POSTS);
    expect(await db.indexQueue.count()).toBe(0);
    // Indexed: found through the index.
    await expectations();
    db.close();
  });
});
