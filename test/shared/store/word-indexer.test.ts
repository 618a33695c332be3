import { afterEach, describe, expect, it, vi } from 'vitest';
import { postingsOfWord } from '../../../src-shared/store/word-index';
import { createWordIndexer, type WordIndexer } from '../../../src-shared/store/word-indexer';
import { createActivity, type Activity } from '../../../src-shared/util/activity';
import { startInstance, writePost, type TestInstance } from '../../support/instance';

describe('request activity', () => {
  it('is busy while a request runs and counts quiet time from the end of the last one', () => {
    let now = 1_000;
    const activity = createActivity(() => now);
    const first = activity.begin();
    const second = activity.begin();
    now += 50;
    first();
    expect(activity.quietFor()).toBe(0);
    second();
    // Ending twice changes nothing.
    second();
    now += 30;
    expect(activity.quietFor()).toBe(30);
  });
});

describe('the background word indexer', () => {
  let instance: TestInstance | undefined;
  let indexer: WordIndexer | undefined;
  afterEach(async () => {
    await indexer?.stop();
    await instance?.close();
  });

  it('lets a burst of requests pass first and indexes once they stop', async () => {
    const activity = createActivity();
    instance = await startInstance('memory', undefined, { activity });
    // Counts the indexer's looks at the requests: each one that finds them busy puts the batch off.
    let looks = 0;
    const watched: Activity = { begin: () => activity.begin(), quietFor: () => (looks++, activity.quietFor()) };
    indexer = createWordIndexer(instance.db, { activity: watched, idleMs: 10, quietMs: 100, maxWaitMs: 60_000 });
    // A request that stays open: the burst goes on.
    const burst = activity.begin();
    indexer.start();
    for (let i = 0; i < 5; i++) await writePost(instance, { content: `Lantern number ${i}` });
    // Three looks while busy: the batch was put off twice by a whole quiet time.
    await vi.waitFor(() => expect(looks).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
    expect(await instance.db.indexQueue.count()).toBe(5);
    expect(await postingsOfWord(instance.db, 'lantern')).toEqual([]);

    burst();
    await vi.waitFor(async () => expect(await instance?.db.indexQueue.count()).toBe(0), { timeout: 2_000 });
    expect(await postingsOfWord(instance.db, 'lantern')).toHaveLength(5);
  });

  it('sets aside a post it cannot index, with the reason, and indexes the others instead of trying it for ever', async () => {
    instance = await startInstance('memory');
    await writePost(instance, { content: 'Harbour lights' });
    const broken = await writePost(instance, { content: 'Broken row' });
    await writePost(instance, { content: 'Lighthouse keeper' });
    // A row the indexer fails on: its tags are not a list.
    await instance.db.posts
      .where('guid')
      .equals(broken.guid)
      .modify((row) => void Object.assign(row, { tags: 42 }));
    const errors: string[] = [];
    indexer = createWordIndexer(instance.db, {
      idleMs: 10,
      onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    });
    indexer.start();
    await vi.waitFor(async () => expect(await instance?.db.indexQueue.count()).toBe(0), { timeout: 2_000 });
    expect(await postingsOfWord(instance.db, 'harbour')).toHaveLength(1);
    expect(await postingsOfWord(instance.db, 'lighthouse')).toHaveLength(1);
    expect(errors.filter((e) => /could not be indexed for search and was set aside/.test(e))).toHaveLength(1);
  });

  it('does not wait longer than its limit when requests never stop', async () => {
    const activity = createActivity();
    instance = await startInstance('memory', undefined, { activity });
    indexer = createWordIndexer(instance.db, { activity, idleMs: 10, quietMs: 100, maxWaitMs: 200 });
    activity.begin();
    await writePost(instance, { content: 'Harbour lights' });
    indexer.start();
    await vi.waitFor(async () => expect(await instance?.db.indexQueue.count()).toBe(0), { timeout: 2_000 });
    expect(await postingsOfWord(instance.db, 'harbour')).toHaveLength(1);
  });
});
