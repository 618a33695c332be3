import { afterEach, describe, expect, it } from 'vitest';
import { MAX_WORDS_PER_POST } from '../../../src-shared/store/post-derived';
import { searchPosts } from '../../../src-shared/store/search';
import { indexQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';

/** Distinct made-up words: `word0000a`, `word0000b`, … */
const words = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `word${(from + i).toString(36).padStart(5, '0')}`);

describe.each(BACKENDS)('the bounds of the search index (%s)', (backend) => {
  let instance: TestInstance;
  afterEach(async () => {
    await instance.close();
  });
  const find = async (word: string) =>
    (await searchPosts(instance.db, { words: [word], count: 10, accept: () => true })).map((p) => p.text.slice(0, 12));

  it('finds a post by its first 1,000 distinct words, the same before and after it is indexed', async () => {
    instance = await startInstance(backend);
    const text = words(MAX_WORDS_PER_POST + 200).join(' ');
    await writePost(instance, { content: text });
    const [early, late] = [words(1, 10)[0] ?? '', words(1, MAX_WORDS_PER_POST + 100)[0] ?? ''];
    expect([await find(early), await find(late)]).toEqual([[text.slice(0, 12)], []]);
    while ((await indexQueuedWords(instance.db)) > 0);
    expect([await find(early), await find(late)]).toEqual([[text.slice(0, 12)], []]);
  });

  it('indexes posts in batches of at most a thousand distinct words, one post at the least', async () => {
    instance = await startInstance(backend);
    await writePost(instance, { content: words(800, 0).join(' ') });
    instance.clock.advance(1);
    await writePost(instance, { content: words(800, 5_000).join(' ') });
    instance.clock.advance(1);
    await writePost(instance, { content: 'A short post about lanterns' });
    // Newest first: the short post and one of 800 words; the other 800 would pass the thousand, and wait.
    expect(await indexQueuedWords(instance.db)).toBe(2);
    expect(await indexQueuedWords(instance.db)).toBe(1);
    expect(await indexQueuedWords(instance.db)).toBe(0);
    expect(await find('lanterns')).toEqual(['A short post']);
  });

  it('takes many posts into one batch when they share their words', async () => {
    instance = await startInstance(backend);
    // 3,200 word changes, but only 801 distinct words: one batch, whose memory follows the words it rewrites.
    for (let i = 0; i < 4; i++) {
      await writePost(instance, { content: `${words(800, 0).join(' ')} lantern${'s'.repeat(i)}` });
      instance.clock.advance(1);
    }
    expect(await indexQueuedWords(instance.db)).toBe(4);
    expect(await find('lanterns')).toHaveLength(1);
    expect(await find(words(1, 3)[0] ?? '')).toHaveLength(4);
  });
});
