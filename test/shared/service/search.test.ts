import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, expectPostShape, guidsOf } from './helpers';

const SHORT = 'search words need at least 4 letters or digits';
const Q_REQUIRED = "q, tag or author_guid is required: words to find, @handle to search one Persona's posts";

describe.each(BACKENDS)('GET /api/posts/search (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const search = async (params: Record<string, string | number>, token?: string | null) => {
    const result = await instance.call('GET', '/api/posts/search', {
      params,
      ...(token === undefined ? {} : { token }),
    });
    expectOk(result);
    const posts = result.json.data as Record<string, unknown>[];
    for (const post of posts) expectPostShape(post);
    return posts as { guid: string; type: string }[];
  };
  const found = async (q: string, token?: string | null) => guidsOf(await search({ q, count: 250 }, token)).sort();

  it('finds an article by a word of its title and by a word of its body, and Blurbs of every kind', async () => {
    const article = await writePost(instance, {
      post_type: 'post.article',
      title: 'Harvest in the orchard',
      content: 'Apples everywhere, and pears',
    });
    const note = await writePost(instance, { content: 'The orchard gate is open' });
    const bookmark = await writePost(instance, {
      post_type: 'post.bookmark',
      content: 'A guide to pruning',
      source_url: 'https://example.com/prune',
      source_title: 'Pruning',
    });
    const quotation = await writePost(instance, {
      post_type: 'post.quotation',
      content: 'Whoever plants a garden believes',
      source_url: 'https://example.com/q',
      source_title: 'Saying',
    });

    expect(await found('harvest')).toEqual([article.guid]);
    expect(await found('PEARS')).toEqual([article.guid]);
    expect(await found('orchard')).toEqual([article.guid, note.guid].sort());
    expect(await found('orchard apples')).toEqual([article.guid]);
    expect(await found('pruning')).toEqual([bookmark.guid]);
    expect(await found('garden believes')).toEqual([quotation.guid]);
    expect(await found('nowhere')).toEqual([]);
    // Through the index as through the queue of posts not yet indexed.
    await indexAllQueuedWords(instance.db);
    expect(await found('harvest')).toEqual([article.guid]);
    expect(await found('garden')).toEqual([quotation.guid]);
    // `types` narrows, as on the timelines.
    expect(guidsOf(await search({ q: 'orchard', types: 'post.note' }))).toEqual([note.guid]);
    expectError(
      await instance.call('GET', '/api/posts/search', { params: { q: 'orchard', types: 'post.micro' } }),
      400,
      'types must be a comma list of post.article, post.note, post.bookmark, post.quotation',
    );
  });

  it("shows private posts to their owner only, and never another account's hidden ones", async () => {
    const other = await addAccount(instance);
    const open = await writePost(instance, { content: 'A public lantern' });
    const mine = await writePost(instance, {
      post_type: 'post.article',
      title: 'My private lantern',
      content: 'Kept here',
      post_privacy: 'visibility.private',
    });
    const theirs = await instance.call('POST', '/api/posts/write', {
      token: other.token,
      params: { content: 'Their hidden lantern', post_type: 'post.note', post_privacy: 'visibility.none' },
    });
    expectOk(theirs);
    const theirsGuid = (theirs.json.data as { guid: string }[])[0]?.guid ?? '';
    const gone = await writePost(instance, { content: 'A lantern soon deleted' });
    expectOk(await instance.call('DELETE', `/api/posts/${gone.guid}`));

    expect(await found('lantern', null)).toEqual([open.guid]);
    expect(await found('lantern')).toEqual([open.guid, mine.guid].sort());
    expect(await found('lantern', other.token)).toEqual([open.guid, theirsGuid].sort());
    expect(await found('private lantern', null)).toEqual([]);
  });

  it('narrows to one Persona with @handle, and lists its posts by the handle alone', async () => {
    const created = await instance.call('POST', '/api/account/personas', {
      params: { handle: 'Writer', name: 'A Writer' },
    });
    const writer = (created.json.data as { guid: string }).guid;
    const own = await writePost(instance, { content: 'The writer thinks about rivers' });
    const theirs = await writePost(instance, {
      post_type: 'post.article',
      title: 'Rivers',
      content: 'Deep ones',
      persona_guid: writer,
    });
    instance.clock.advance(1);
    const later = await writePost(instance, { content: 'Mountains stand tall', persona_guid: writer });

    expect(guidsOf(await search({ q: '@writer rivers' }))).toEqual([theirs.guid]);
    expect(guidsOf(await search({ q: 'rivers @WRITER' }))).toEqual([theirs.guid]);
    expect(guidsOf(await search({ q: '@me rivers' }))).toEqual([own.guid]);
    for (const q of ['@writer', 'writer']) expect(guidsOf(await search({ q })), q).toEqual([later.guid, theirs.guid]);
    expect(guidsOf(await search({ q: '@writer', before: later.guid }))).toEqual([theirs.guid]);
    expect(await search({ q: '@nobody rivers' })).toEqual([]);
  });

  it('pages with before without skipping or repeating, posts of one second included', async () => {
    const written: string[] = [];
    for (let i = 0; i < 13; i++) {
      written.push(
        (
          await writePost(
            instance,
            i % 2
              ? { content: `compass number ${i}` }
              : { post_type: 'post.article', title: `Compass ${i}`, content: 'text' },
          )
        ).guid,
      );
      await writePost(instance, { content: `sextant number ${i}` });
      if (i % 4 === 3) instance.clock.advance(1);
    }
    const all = guidsOf(await search({ q: 'compass' }));
    expect([...all].sort()).toEqual([...written].sort());
    const timeline = guidsOf(
      (await instance.call('GET', '/api/posts/global', { params: { types: 'post.note,post.article', count: 250 } }))
        .json.data as { guid: string }[],
    );
    expect(all).toEqual(timeline.filter((g) => written.includes(g)));
    for (const indexed of [false, true]) {
      if (indexed) await indexAllQueuedWords(instance.db);
      const seen: string[] = [];
      let page = await search({ q: 'compass', count: 4 });
      while (page.length > 0) {
        expect(page.length).toBeLessThanOrEqual(4);
        seen.push(...guidsOf(page));
        page = await search({ q: 'compass', count: 4, before: page.at(-1)?.guid ?? '' });
      }
      expect(seen).toEqual(all);
    }
    expectError(
      await instance.call('GET', '/api/posts/search', {
        params: { q: 'compass', before: '00000000-0000-0000-0000-000000000000' },
      }),
      400,
      'before must be the GUID of a post you can read',
    );
  });

  it('refuses short words naming them, a missing q, and a count outside 1 to 250', async () => {
    const refuse = async (params: Record<string, string>, text: string, token?: string | null) =>
      expectError(
        await instance.call('GET', '/api/posts/search', { params, ...(token === undefined ? {} : { token }) }),
        400,
        text,
      );
    await refuse({ q: 'cat' }, `${SHORT}: cat`);
    await refuse({ q: 'the cat sat there' }, `${SHORT}: the, cat, sat`);
    await refuse({ q: '!!!' }, `${SHORT}: !!!`);
    await refuse({ q: 'ab' }, `${SHORT}: ab`, null);
    await refuse({}, Q_REQUIRED);
    await refuse({ q: '   ' }, Q_REQUIRED);
    for (const count of ['0', '251', 'abc', '1.5'])
      await refuse({ q: 'cats', count }, 'count must be a whole number from 1 to 250');
    for (let i = 0; i < 3; i++) await writePost(instance, { content: `kettle ${i}` });
    expect(await search({ q: 'kettle', count: 1 })).toHaveLength(1);
    expect(await search({ q: 'kettle', count: 250 })).toHaveLength(3);
  });
});
