import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, SCHEMA_VERSION } from '../../../src-shared/store/db';
import { searchPosts } from '../../../src-shared/store/search';
import { indexAllQueuedWords, postingsOfWord } from '../../../src-shared/store/word-index';
import { BACKENDS, platformFor } from '../../support/instance';
import { declareVersionsUpTo, guidOf, v1Post } from './old-rows';

const POSTS = 300;

/**
 * A version 8 store as that release left it: every post indexed, its positions as text in `wordBlocks`, its
 * words in `postWords`, nothing queued.
 */
async function openV8(backend: (typeof BACKENDS)[number]) {
  const { platform, name } = platformFor(backend);
  const v8 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
  declareVersionsUpTo(v8, 8);
  const rows = Array.from({ length: POSTS }, (_, i) =>
    v1Post(i + 1, { tags: [], text: i % 100 === 0 ? `Harbour lights ${i + 1}` : `Quiet fields ${i + 1}` }),
  );
  const ids = (await v8.table('posts').bulkAdd(rows, { allKeys: true })) as number[];
  const wordsOf = (i: number) =>
    i % 100 === 0 ? ['harbour', 'lights', String(i + 1)] : ['quiet', 'fields', String(i + 1)];
  const byWord = new Map<string, number[]>();
  rows.forEach((_, i) => wordsOf(i).forEach((word) => byWord.set(word, [...(byWord.get(word) ?? []), i])));
  await v8.table('postWords').bulkAdd(rows.map((row, i) => ({ postId: ids[i], order: row.order, words: wordsOf(i) })));
  await v8.table('wordDirs').bulkAdd([...byWord.keys()].map((word) => ({ word, starts: [''] })));
  await v8.table('wordBlocks').bulkAdd(
    [...byWord].map(([word, at]) => {
      const sorted = [...at].sort((a, b) => ((rows[a]?.order ?? '') < (rows[b]?.order ?? '') ? -1 : 1));
      return {
        word,
        start: '',
        orders: sorted.map((i) => rows[i]?.order).join('\n'),
        ids: sorted.map((i) => ids[i]).join('\n'),
      };
    }),
  );
  v8.close();
  return { platform, name, ids };
}

describe.each(BACKENDS)('upgrading a version 8 store to version 9 (%s)', (backend) => {
  it('drops the index of text and the word lists, queues every post, and finds the same posts, queued or indexed', async () => {
    const { platform, name, ids } = await openV8(backend);
    const db = openDatabase(platform, name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(db.tables.map((table) => table.name)).not.toContain('wordBlocks');
    expect(db.tables.map((table) => table.name)).not.toContain('postWords');
    expect(db.tables.map((table) => table.name)).not.toContain('wordDirs');
    expect(await db.indexQueue.count()).toBe(POSTS);
    expect(await db.wordPostings.count()).toBe(0);

    const harbour = [201, 101, 1].map(guidOf);
    const newestQuiet = Array.from({ length: 10 }, (_, i) => guidOf(POSTS - i));
    const find = async (words: string[]) =>
      (await searchPosts(db, { words, count: 10, accept: () => true })).map((p) => p.guid);
    expect(await find(['harbour', 'lights'])).toEqual(harbour);
    expect(await find(['quiet', 'fields'])).toEqual(newestQuiet);
    expect(await indexAllQueuedWords(db)).toBe(POSTS);
    expect(await find(['harbour', 'lights'])).toEqual(harbour);
    expect(await find(['quiet', 'fields'])).toEqual(newestQuiet);
    expect((await postingsOfWord(db, 'harbour')).map((p) => p.id)).toEqual([ids[200], ids[100], ids[0]]);
    expect(await postingsOfWord(db, 'quiet')).toHaveLength(POSTS - 3);
    db.close();
  });
});
