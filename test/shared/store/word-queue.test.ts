import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { markPostsDeleted } from '../../../src-shared/store/delete';
import { timelineOrder } from '../../../src-shared/store/order';
import type { PostRow } from '../../../src-shared/store/rows';
import { searchPosts } from '../../../src-shared/store/search';
import {
  indexAllQueuedWords,
  indexQueuedWords,
  postingsOfWord,
  setAsideFirstQueued,
} from '../../../src-shared/store/word-index';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { guidOf, v1Post } from './old-rows';

/**
 * The index keeps no list of each post's words: the queue says what it holds for a changed post. Each case
 * ends with the queue done and checks the index itself, word by word, besides what search answers.
 */
describe.each(BACKENDS)('the word index after changes (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const note = (n: number, text: string, fields: Partial<PostRow> = {}): PostRow => {
    const row = v1Post(n, { text, tags: [], ...fields });
    return { ...row, order: timelineOrder(row.publishUnix, row.guid) };
  };
  const put = async (row: PostRow) => {
    const [stored] = await putPostsInOneTransaction(instance.db, [row]);
    if (!stored) throw new Error('not stored');
    return stored;
  };
  const found = async (...words: string[]) =>
    (await searchPosts(instance.db, { words, count: 10, accept: () => true })).map((post) => post.guid);
  const held = async (word: string) => await postingsOfWord(instance.db, word);

  it('holds only the last text of a post edited twice before the indexer ran, whether it had run before or not', async () => {
    await put(note(1, 'harbour alpha'));
    await put(note(1, 'harbour beta'));
    await indexAllQueuedWords(instance.db);
    await put(note(1, 'harbour gamma'));
    await put(note(1, 'harbour delta'));
    expect(await found('gamma')).toEqual([]);
    expect(await found('delta')).toEqual([guidOf(1)]);
    await indexAllQueuedWords(instance.db);
    for (const gone of ['alpha', 'beta', 'gamma']) expect(await held(gone)).toEqual([]);
    const [post] = await instance.db.posts.toArray();
    const position = { time: post?.publishUnix, id: post?.id };
    expect(await held('delta')).toEqual([position]);
    expect(await held('harbour')).toEqual([position]);
    expect(await found('harbour', 'delta')).toEqual([guidOf(1)]);
  });

  it('moves a post that changes time, also when moved twice and back before the indexer ran', async () => {
    const first = await put(note(1, 'lantern keeper'));
    await indexAllQueuedWords(instance.db);
    const later = first.publishUnix + 500;
    await put(note(1, 'lantern painter', { publishUnix: later }));
    await indexAllQueuedWords(instance.db);
    expect(await held('lantern')).toEqual([{ time: later, id: first.id }]);
    expect(await held('keeper')).toEqual([]);
    expect(await held('painter')).toEqual([{ time: later, id: first.id }]);

    await put(note(1, 'lantern cleaner', { publishUnix: later + 100 }));
    // Indexed a row at a time: the rows of one post done in separate batches leave the index exact too.
    await indexQueuedWords(instance.db, 1);
    await put(note(1, 'lantern writer', { publishUnix: later }));
    while ((await indexQueuedWords(instance.db, 1)) > 0);
    expect(await held('lantern')).toEqual([{ time: later, id: first.id }]);
    expect(await held('writer')).toEqual([{ time: later, id: first.id }]);
    for (const gone of ['painter', 'cleaner']) expect(await held(gone)).toEqual([]);
    expect(await found('lantern', 'writer')).toEqual([guidOf(1)]);
    expect(await found('painter')).toEqual([]);
  });

  it('takes out a deleted post, and puts it back when restored', async () => {
    const kept = await put(note(1, 'meadow keeper'));
    const removed = await put(note(2, 'meadow cleaner'));
    await indexAllQueuedWords(instance.db);
    await markPostsDeleted(instance.db, [removed.guid], removed.publishUnix + 10);
    expect(await found('meadow')).toEqual([kept.guid]);
    await indexAllQueuedWords(instance.db);
    expect(await held('cleaner')).toEqual([]);
    expect(await held('meadow')).toEqual([{ time: kept.publishUnix, id: kept.id }]);
    expect(await found('meadow')).toEqual([kept.guid]);

    await put(note(2, 'meadow cleaner'));
    await indexAllQueuedWords(instance.db);
    expect(await held('cleaner')).toEqual([{ time: removed.publishUnix, id: removed.id }]);
    expect(await found('meadow')).toEqual([removed.guid, kept.guid]);
  });

  it('takes out the words a post was indexed under when its new version is set aside unindexed', async () => {
    const post = await put(note(1, 'harbour alpha'));
    await indexAllQueuedWords(instance.db);
    await put(note(1, 'harbour beta'));
    // A row the indexer fails on: its tags are not a list.
    await instance.db.posts.update(post.id ?? 0, { tags: 42 as unknown as string[] });
    await expect(indexQueuedWords(instance.db)).rejects.toThrow();
    expect(await setAsideFirstQueued(instance.db)).toBe(post.id);
    expect(await instance.db.indexQueue.count()).toBe(0);
    expect(await held('alpha')).toEqual([]);
    expect(await held('harbour')).toEqual([]);
  });

  it('pages through more posts of one second than a search loads at once, in timeline order', async () => {
    // 40 posts of one second, written in an order unlike their GUIDs' (ids ascend as written); every third
    // is private, so some of them are left out.
    const written = Array.from({ length: 40 }, (_, i) => ((i * 17) % 40) + 10);
    for (const n of written)
      await put(
        note(n, 'orchard visit', {
          publishUnix: 1_700_000_200,
          ...(n % 3 === 0 ? { privacy: 'visibility.private' } : {}),
        }),
      );
    await put(note(60, 'orchard visit', { publishUnix: 1_700_000_100 }));
    await indexAllQueuedWords(instance.db);
    const isPublic = (post: PostRow) => post.privacy === 'visibility.public';
    const timeline = [...written.filter((n) => n % 3 !== 0).sort((a, b) => b - a), 60].map(guidOf);
    const pages: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const page = await searchPosts(instance.db, {
        words: ['orchard', 'visit'],
        count: 3,
        accept: isPublic,
        ...(after ? { startOrder: { key: after, open: true } } : {}),
      });
      if (page.length === 0) break;
      pages.push(...page.map((post) => post.guid));
      after = page.at(-1)?.order;
    }
    expect(pages).toEqual(timeline);
  });

  it('answers the posts of one second in timeline order (by GUID), page by page, whatever their ids', async () => {
    // Written 3, 1, 2 in the same second: ids ascend in that order, GUIDs do not.
    for (const n of [3, 1, 2]) await put(note(n, 'orchard visit', { publishUnix: 1_700_000_100 }));
    await put(note(4, 'orchard visit', { publishUnix: 1_700_000_099 }));
    await indexAllQueuedWords(instance.db);
    const page = async (count: number, after?: string) =>
      (
        await searchPosts(instance.db, {
          words: ['orchard'],
          count,
          accept: () => true,
          ...(after ? { startOrder: { key: after, open: true } } : {}),
        })
      ).map((post) => post.guid);
    const timeline = [guidOf(3), guidOf(2), guidOf(1), guidOf(4)];
    expect(await page(10)).toEqual(timeline);
    expect(await page(1)).toEqual(timeline.slice(0, 1));
    expect(await page(2)).toEqual(timeline.slice(0, 2));
    const orderOf = (n: number) => timelineOrder(1_700_000_100, guidOf(n));
    expect(await page(1, orderOf(3))).toEqual([guidOf(2)]);
    expect(await page(2, orderOf(2))).toEqual([guidOf(1), guidOf(4)]);
    expect(await page(5, orderOf(1))).toEqual([guidOf(4)]);
  });

  it('reads a bounded part of a long queue to answer a page, and pages on through it exactly', async () => {
    // A store just upgraded, or written faster than the indexer keeps up with, has every post queued: a
    // search must not load them all at once (a million posts would not fit the host's heap).
    const rows = Array.from({ length: 1200 }, (_, i) =>
      note(i + 1, i % 3 === 0 ? 'harbour bell' : 'harbour', { publishUnix: 1_700_000_000 + i }),
    );
    for (let i = 0; i < rows.length; i += 400) await putPostsInOneTransaction(instance.db, rows.slice(i, i + 400));
    let read = 0;
    const counting = (row: PostRow) => {
      read += 1;
      return row;
    };
    instance.db.posts.hook('reading', counting);
    const newest = await found('harbour');
    instance.db.posts.hook('reading').unsubscribe(counting);
    expect(newest).toEqual(
      rows
        .slice(-10)
        .reverse()
        .map((row) => row.guid),
    );
    expect(read).toBeLessThan(600);

    // Every page of the rarer word through the whole queue, against what the rows say.
    const expected = rows
      .filter((_, i) => i % 3 === 0)
      .reverse()
      .map((row) => row.guid);
    const pages: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await searchPosts(instance.db, {
        words: ['bell'],
        count: 25,
        accept: () => true,
        ...(after ? { startOrder: { key: after, open: true } } : {}),
      });
      if (page.length === 0) break;
      pages.push(...page.map((post) => post.guid));
      after = page.at(-1)?.order;
    }
    expect(pages).toEqual(expected);
  });
});
