import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchPosts } from '../../../src-shared/store/search';
import { decodeHead } from '../../../src-shared/store/word-blocks';
import { indexAllQueuedWords, indexQueuedWords, postingsOfWord } from '../../../src-shared/store/word-index';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount } from './helpers';
import { expectLegacyError, expectLegacyOk, writeContent } from './legacy-helpers';

type Blurb = { id: number; guid: string; publish_unix: number; updated_unix: number };

const SHORT = 'each search word must be at least 4 characters';
const FILTER_REQUIRED = 'filter is required: an account name, a word or several words';

/** Timeline order: newest first, ties by GUID descending. */
const newestFirst = (a: Blurb, b: Blurb) =>
  b.publish_unix - a.publish_unix || (a.guid < b.guid ? 1 : a.guid > b.guid ? -1 : 0);

/** A small deterministic generator (mulberry32), so a failing random case can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(BACKENDS)('legacy /content/blurbs/search (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const now = () => instance.clock.now() / 1000;
  const search = async (params: Record<string, string | number>, token?: string | null) => {
    const result = await instance.call('GET', '/content/blurbs/search', {
      params,
      ...(token === undefined ? {} : { token }),
    });
    expectLegacyOk(result);
    return result.json.data as Blurb[];
  };
  const idsOf = (blurbs: readonly Blurb[]) => blurbs.map((b) => b.id);
  const found = async (filter: string, token?: string | null) =>
    idsOf(await search({ filter, count: 200 }, token)).sort((a, b) => a - b);

  it('finds Blurbs by one word or several (all of them, any order, any case), Unicode words too', async () => {
    const dog = await writeContent(instance, { content: 'Walking the dog near the river' });
    const cold = await writeContent(instance, { content: 'The river was cold today' });
    const club = await writeContent(instance, { content: 'RIVER dog-walking club, *every* Sunday' });
    const cafe = await writeContent(instance, { content: 'Crème brûlée at the Rhône, with a café' });
    const russian = await writeContent(instance, { content: 'Привет, мир' });

    expect(await found('river')).toEqual([dog.id, cold.id, club.id]);
    expect(await found('river walking')).toEqual([dog.id, club.id]);
    expect(await found('walking river')).toEqual([dog.id, club.id]);
    expect(await found('  RIVER   Walking ')).toEqual([dog.id, club.id]);
    expect(await found('river walking sunday')).toEqual([club.id]);
    expect(await found('river hiking')).toEqual([]);
    expect(await found('BRÛLÉE')).toEqual([cafe.id]);
    // The same word typed decomposed (e + combining accent) is the same word.
    expect(await found('bru\u0302le\u0301e rho\u0302ne')).toEqual([cafe.id]);
    expect(await found('café')).toEqual([cafe.id]);
    expect(await found('ПРИВЕТ')).toEqual([russian.id]);
    // Punctuation inside a term splits it as it splits the text: `dog-walking` asks for "walking".
    expect(await found('dog-walking')).toEqual([dog.id, club.id]);
    // A word too long for the index (over 64 characters) is no error, and nothing holds it.
    expect(await found(`river ${'x'.repeat(70)}`)).toEqual([]);
  });

  it('answers most recent first by publication, a back-dated Blurb in its place', async () => {
    const start = now();
    const first = await writeContent(instance, { content: 'orchard one' });
    instance.clock.advance(100);
    const second = await writeContent(instance, { content: 'orchard two' });
    instance.clock.advance(100);
    const third = await writeContent(instance, { content: 'orchard three' });
    instance.clock.advance(100);
    const backdated = await writeContent(instance, { content: 'orchard written last', pubdts: String(start + 50) });
    const page = await search({ filter: 'orchard' });
    expect(idsOf(page)).toEqual([third.id, second.id, backdated.id, first.id]);
    expect(page).toEqual([...page].sort(newestFirst));
  });

  it('never finds titled posts, deleted posts, or posts the reader may not see', async () => {
    const other = await addAccount(instance);
    const plain = await writeContent(instance, { content: 'A meadow of flowers' });
    await writeContent(instance, { content: 'An essay on the meadow', title: 'Meadow essay' });
    await writePost(instance, { content: 'A meadow article', post_type: 'post.article', title: 'Meadow' });
    const gone = await writeContent(instance, { content: 'A meadow soon deleted' });
    expectLegacyOk(await instance.call('DELETE', `/content/${gone.id}`));
    const privately = await writeContent(instance, {
      content: 'My private meadow',
      privacy_type: 'visibility.private',
    });
    const theirsHidden = await instance.call('POST', '/content', {
      token: other.token,
      params: { content: 'Their hidden meadow', privacy_type: 'visibility.none' },
    });
    expectLegacyOk(theirsHidden);
    const theirsPublic = await instance.call('POST', '/content', {
      token: other.token,
      params: { content: 'Their public meadow' },
    });
    expectLegacyOk(theirsPublic);
    const bookmark = await writePost(instance, {
      content: 'A meadow worth a link',
      post_type: 'post.bookmark',
      source_url: 'https://example.com/',
      source_title: 'Example',
    });

    // A bookmark is untitled, so a Blurb too.
    const guidsFound = async (token?: string | null) =>
      (await search({ filter: 'meadow', count: 200 }, token)).map((b) => b.guid).sort();
    const publicGuids = [plain.guid, theirsPublic.json.data[0].guid, bookmark.guid];
    expect(await guidsFound(null)).toEqual([...publicGuids].sort());
    // The owner also sees their private Blurb; never the other account's invisible one.
    expect(await guidsFound()).toEqual([...publicGuids, privately.guid].sort());
    expect(await found('private meadow')).toEqual([privately.id]);
    expect(await found('hidden meadow')).toEqual([]);
    expect(await found('hidden', other.token)).toEqual([theirsHidden.json.data[0].id]);
    expect(await found('deleted')).toEqual([]);
    expect(await found('essay')).toEqual([]);
  });

  it('refuses short words and a missing filter with a 400 error envelope', async () => {
    await writeContent(instance, { content: 'The cat sat on the mat' });
    const refuse = async (params: Record<string, string>, text: string) =>
      expectLegacyError(await instance.call('GET', '/content/blurbs/search', { params }), 400, text);
    await refuse({ filter: 'cat' }, `${SHORT}: cat`);
    await refuse({ filter: 'sat on the mat' }, `${SHORT}: sat, on, the, mat`);
    await refuse({ filter: 'мир' }, `${SHORT}: мир`);
    await refuse({ filter: '!!!' }, `${SHORT}: !!!`);
    await refuse({}, FILTER_REQUIRED);
    await refuse({ filter: '' }, FILTER_REQUIRED);
    await refuse({ filter: '   ' }, FILTER_REQUIRED);
    await refuse({ filter: 'cats', count: '0' }, 'count must be a whole number from 1 to 200');
    await refuse({ filter: 'cats', before_id: '999' }, 'before_id must be the id of a post you can read');
    // Without a token too: nothing about the reader matters for a malformed filter.
    expectLegacyError(
      await instance.call('GET', '/content/blurbs/search', { params: { filter: 'cat' }, token: null }),
      400,
      `${SHORT}: cat`,
    );
  });

  it('takes an account name with @, or alone, as the author', async () => {
    const created = await instance.call('POST', '/api/account/personas', {
      params: { handle: 'Writer', name: 'A Writer' },
    });
    const writer = created.json.data;
    const own = await writeContent(instance, { content: 'The writer thinks about rivers' });
    const theirs1 = await writeContent(instance, { content: 'Rivers run deep', persona_guid: writer.guid });
    instance.clock.advance(1);
    const theirs2 = await writeContent(instance, { content: 'Mountains stand tall', persona_guid: writer.guid });
    await writeContent(instance, { content: 'A titled piece', title: 'Title', persona_guid: writer.guid });

    for (const filter of ['@writer', '@WRITER', 'Writer', 'writer']) {
      expect(idsOf(await search({ filter })), filter).toEqual([theirs2.id, theirs1.id]);
    }
    expect(idsOf(await search({ filter: '@writer rivers' }))).toEqual([theirs1.id]);
    expect(idsOf(await search({ filter: 'rivers @Writer' }))).toEqual([theirs1.id]);
    expect(idsOf(await search({ filter: '@me rivers' }))).toEqual([own.id]);
    // A bare short handle is an account name, not a short word.
    expect(idsOf(await search({ filter: 'me' }))).toEqual([own.id]);
    // Several terms: "writer" is a word then, not an account.
    expect(idsOf(await search({ filter: 'writer rivers' }))).toEqual([own.id]);
    expect(await search({ filter: '@nobody' })).toEqual([]);
    expect(await search({ filter: '@nobody rivers' })).toEqual([]);
    expect(await search({ filter: '@me @writer' })).toEqual([]);
    // The account-only list pages like the others.
    expect(idsOf(await search({ filter: '@writer', count: 1 }))).toEqual([theirs2.id]);
    expect(idsOf(await search({ filter: '@writer', before_id: theirs2.id }))).toEqual([theirs1.id]);
  });

  it('pages with count and before_id without gaps or repeats, and with before_unix', async () => {
    const early = await writeContent(instance, { content: 'lantern early' });
    instance.clock.advance(10);
    const same: number[] = [];
    for (let i = 0; i < 12; i++) {
      same.push((await writeContent(instance, { content: `lantern number ${i}` })).id);
      await writeContent(instance, { content: `candle number ${i}` });
    }
    const all = await search({ filter: 'lantern', count: 200 });
    expect(all).toHaveLength(13);
    expect(all).toEqual([...all].sort(newestFirst));
    const seen: number[] = [];
    let page = await search({ filter: 'lantern', count: 5 });
    while (page.length > 0) {
      expect(page.length).toBeLessThanOrEqual(5);
      seen.push(...idsOf(page));
      const last = page.at(-1);
      page = last ? await search({ filter: 'lantern', count: 5, before_id: last.id }) : [];
    }
    expect(seen).toEqual(idsOf(all));
    expect([...seen].sort((a, b) => a - b)).toEqual([early.id, ...same].sort((a, b) => a - b));
    expect(idsOf(await search({ filter: 'lantern', before_unix: now() }))).toEqual([early.id]);
    expect(await search({ filter: 'lantern', before_unix: now() - 10 })).toEqual([]);
  });

  it('collects what became new with since_unix: new, back-dated and edited matches, without repeats', async () => {
    const old = await writeContent(instance, { content: 'harbour seen before' });
    const edited = await writeContent(instance, { content: 'harbour to be edited' });
    instance.clock.advance(10);
    const cursor = now();
    instance.clock.advance(5);
    const fresh = await writeContent(instance, { content: 'harbour fresh' });
    await writeContent(instance, { content: 'nothing to see' });
    const backdated = await writeContent(instance, {
      content: 'harbour from last year',
      pubdts: String(cursor - 365 * 86400),
    });
    await writeContent(instance, { post_id: edited.id, content: 'harbour now edited' });
    // Changed after the cursor, but into a post that no longer holds the word.
    await writeContent(instance, { post_id: old.id, content: 'seen before, words gone' });

    const expected = [fresh.id, backdated.id, edited.id].sort((a, b) => a - b);
    const page = await search({ filter: 'harbour', since_unix: cursor });
    expect(idsOf(page).sort((a, b) => a - b)).toEqual(expected);
    // As in the global collection, a since_unix page is newest first by when each post became new.
    const changeOf = (b: Blurb) => Math.max(b.publish_unix, b.updated_unix);
    expect(page.map(changeOf)).toEqual(page.map(changeOf).sort((a, b) => b - a));

    const collected: number[] = [];
    let since = cursor;
    for (;;) {
      const page = await search({ filter: 'harbour', since_unix: since, count: 1 });
      if (page.length === 0) break;
      collected.push(...idsOf(page));
      since = Math.max(...page.map((b) => Math.max(b.publish_unix, b.updated_unix)));
    }
    expect([...collected].sort((a, b) => a - b)).toEqual(expected);
    expect(await search({ filter: 'harbour', since_unix: now() })).toEqual([]);
  });

  it('finds an edited Blurb by its new words and not by its old ones', async () => {
    const post = await writeContent(instance, { content: 'An old lighthouse' });
    expect(await found('lighthouse')).toEqual([post.id]);
    await writeContent(instance, { post_id: post.id, content: 'A new windmill' });
    expect(await found('lighthouse')).toEqual([]);
    expect(await found('windmill')).toEqual([post.id]);
    // Through the instance interface too: both write the same index.
    const rewritten = await instance.call('POST', `/api/posts/${post.guid}/write`, {
      params: { content: 'A tall watermill' },
    });
    expect(rewritten.status).toBe(200);
    expect(await found('windmill')).toEqual([]);
    expect(await found('watermill')).toEqual([post.id]);
  });

  it(
    'drives the search by the rarest word, reads the denser word only where candidates fall and loads only full matches',
    { timeout: 60_000 },
    async () => {
      const rare: string[] = [];
      for (let i = 0; i < 1200; i++) {
        instance.clock.advance(1);
        const post = await writeContent(instance, {
          content: i % 500 === 10 ? `common and rarely ${i}` : `common only ${i}`,
        });
        if (i % 500 === 10) rare.unshift(post.guid);
      }
      // This is about the index: the indexer has caught up, as it does in a host.
      await indexAllQueuedWords(instance.db);
      // 1,200 posts hold `common`: several blocks; the 3 holding `rarely` are in one.
      const [common, rarely] = (
        await instance.db.wordPostings.bulkGet([
          ['common', 0],
          ['rarely', 0],
        ])
      ).map((head) => head && decodeHead(head));
      expect(common?.later.length).toBeGreaterThan(4);
      expect(rarely?.later).toEqual([]);
      for (const words of [
        ['common', 'rarely'],
        ['rarely', 'common'],
      ]) {
        const blockReads = vi.spyOn(instance.db.wordPostings, 'bulkGet');
        const postReads = vi.spyOn(instance.db.posts, 'bulkGet');
        let loaded = 0;
        const accept = () => {
          loaded++;
          return true;
        };
        const posts = await searchPosts(instance.db, { words, count: 10, accept });
        expect(posts.map((p) => p.guid)).toEqual(rare);
        // Only the 3 posts that hold both words are loaded, by id, in one read: the posts are never scanned.
        expect(loaded).toBe(3);
        expect(postReads.mock.calls.map(([ids]) => ids.length)).toEqual([3]);
        // The words' heads, then only the blocks of the common word where the rare word's 3 posts fall.
        const read = blockReads.mock.calls.flatMap(([keys]) => keys);
        expect(read.filter(([word]) => word === 'rarely')).toHaveLength(1);
        expect(read.filter(([word]) => word === 'common').length).toBeLessThanOrEqual(4);
        vi.restoreAllMocks();
      }
    },
  );

  it('agrees with a brute-force search over 150 random Blurbs', { timeout: 60_000 }, async () => {
    const next = random(20240607);
    // Frequencies from nearly every post to very rare, so that each word can be the one that drives.
    const vocabulary = [
      ['amber', 0.85],
      ['birch', 0.5],
      ['cedar', 0.3],
      ['delta', 0.15],
      ['ember', 0.06],
      ['frost', 0.02],
    ] as const;
    const start = now();
    interface Written {
      blurb: Blurb;
      words: Set<string>;
      visible: boolean;
      isPublic: boolean;
    }
    const written: Written[] = [];
    for (let i = 0; i < 150; i++) {
      instance.clock.advance(Math.floor(next() * 3));
      const words = vocabulary.filter(([, p]) => next() < p).map(([w]) => w);
      if (words.length === 0) words.push('amber');
      // Mixed case and punctuation, as people write; the number keeps texts apart (no "Duplicate Post!").
      const text = `${words.map((w) => (next() < 0.3 ? w.toUpperCase() : w)).join(next() < 0.5 ? ' ' : ', ')} (${i})`;
      const roll = next();
      const params: Record<string, string> = { content: text };
      if (roll < 0.1) params['title'] = 'Titled';
      else if (roll < 0.15) params['privacy_type'] = 'visibility.private';
      if (next() < 0.1) params['pubdts'] = String(start - Math.floor(next() * 10_000));
      const blurb = (await writeContent(instance, params)) as Blurb;
      let visible = roll >= 0.1;
      if (next() < 0.05) {
        expectLegacyOk(await instance.call('DELETE', `/content/${blurb.id}`));
        visible = false;
      }
      written.push({ blurb, words: new Set(words), visible, isPublic: roll >= 0.15 });
      // The indexer runs now and then, as in a host: some posts are searched through the index, the
      // rest through the queue of posts written since.
      if (i % 40 === 39) await indexQueuedWords(instance.db, 30);
    }
    expect(await instance.db.indexQueue.count()).toBeGreaterThan(0);
    expect(await instance.db.wordPostings.count()).toBeGreaterThan(0);

    const expectedFor = (words: readonly string[], anonymous: boolean) =>
      written
        .filter((w) => w.visible && (!anonymous || w.isPublic) && words.every((word) => w.words.has(word)))
        .map((w) => w.blurb)
        .sort(newestFirst)
        .map((b) => b.id);
    const queries = [
      ...vocabulary.map(([w]) => [w]),
      ['amber', 'birch'],
      ['birch', 'amber'],
      ['amber', 'delta'],
      ['frost', 'amber'],
      ['cedar', 'delta', 'amber'],
      ['amber', 'birch', 'cedar', 'delta', 'ember', 'frost'],
    ];
    let nonEmpty = 0;
    for (const words of queries) {
      const expected = expectedFor(words, false);
      if (expected.length > 0) nonEmpty++;
      expect(idsOf(await search({ filter: words.join(' '), count: 200 })), words.join(' ')).toEqual(expected);
      expect(idsOf(await search({ filter: words.join(' ').toUpperCase(), count: 200 }, null))).toEqual(
        expectedFor(words, true),
      );
    }
    expect(nonEmpty).toBeGreaterThan(8);

    // Small pages across the index's pages give the same sequence.
    for (const words of [['amber'], ['birch', 'amber']]) {
      const paged: number[] = [];
      let page = await search({ filter: words.join(' '), count: 7 });
      while (page.length > 0) {
        paged.push(...idsOf(page));
        const last = page.at(-1);
        page = last ? await search({ filter: words.join(' '), count: 7, before_id: last.id }) : [];
      }
      expect(paged).toEqual(expectedFor(words, false));
    }
  });
});

describe.each(BACKENDS)('search and the word indexer (%s)', (backend) => {
  it('finds what was written before and after the indexer ran, with edits and deletions honoured either way', async () => {
    const instance = await startInstance(backend);
    try {
      const ids = async (filter: string) =>
        ((await instance.call('GET', '/content/blurbs/search', { params: { filter } })).json.data as Blurb[]).map(
          (b) => b.id,
        );
      const kept = (await writeContent(instance, { content: 'Lighthouse keeper' })) as Blurb;
      instance.clock.advance(1);
      const edited = (await writeContent(instance, { content: 'Lighthouse painter' })) as Blurb;
      instance.clock.advance(1);
      const removed = (await writeContent(instance, { content: 'Lighthouse cleaner' })) as Blurb;
      expect(await instance.db.wordPostings.count()).toBe(0);
      expect(await ids('lighthouse')).toEqual([removed.id, edited.id, kept.id]);

      expect(await indexAllQueuedWords(instance.db)).toBe(3);
      expect(await instance.db.indexQueue.count()).toBe(0);
      expect(await ids('lighthouse')).toEqual([removed.id, edited.id, kept.id]);

      // Changed after indexing: the old words must not find the post while it waits in the queue again.
      await instance.call('POST', '/content', { params: { post_id: String(edited.id), content: 'Windmill painter' } });
      await instance.call('DELETE', `/content/${removed.id}`);
      expect(await ids('lighthouse')).toEqual([kept.id]);
      expect(await ids('windmill')).toEqual([edited.id]);
      await indexAllQueuedWords(instance.db);
      expect(await ids('lighthouse')).toEqual([kept.id]);
      expect(await ids('windmill')).toEqual([edited.id]);
      // The deleted post's words went with it: `cleaner` was its alone.
      expect(await postingsOfWord(instance.db, 'cleaner')).toEqual([]);
      expect((await postingsOfWord(instance.db, 'lighthouse')).map((p) => p.id)).toEqual([kept.id]);
    } finally {
      await instance.close();
    }
  });
});
