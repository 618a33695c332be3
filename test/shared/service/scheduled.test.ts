import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, guidsOf, nowOf } from './helpers';

const ALL_TYPES = 'post.note,post.article,post.bookmark,post.quotation';

describe.each(BACKENDS)('scheduled posts on the timelines (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const list = async (
    path: string,
    params: Record<string, string | number> = {},
    token?: string | null,
  ): Promise<string[]> => {
    const result = await instance.call('GET', path, { params, ...(token === undefined ? {} : { token }) });
    expectOk(result);
    return guidsOf(result.json.data);
  };

  /** A published note, a note scheduled in an hour and an article scheduled in a day, the last two naming @me. */
  async function writeThree() {
    const now = nowOf(instance);
    const published = await writePost(instance, { content: 'Out already, @me' });
    const soon = await writePost(instance, { content: 'Out in an hour, @me', publish_at: now + 3600 });
    const later = await writePost(instance, {
      post_type: 'post.article',
      title: 'Tomorrow',
      content: 'An article for @me',
      publish_at: now + 86_400,
    });
    return { published: published.guid as string, soon: soon.guid as string, later: later.guid as string };
  }

  it("leaves scheduled posts out of the owner's global and mentions timelines", async () => {
    const { published } = await writeThree();
    expect(await list('/api/posts/global', { types: ALL_TYPES })).toEqual([published]);
    expect(await list('/api/posts/mentions', { types: ALL_TYPES })).toEqual([published]);
    // An `until` in the future does not bring them back: only `scheduled` does.
    expect(await list('/api/posts/global', { types: ALL_TYPES, until: nowOf(instance) + 999_999 })).toEqual([
      published,
    ]);
  });

  it('mixes them in at their time with scheduled=include, and lists them alone with scheduled=only', async () => {
    const { published, soon, later } = await writeThree();
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'include' })).toEqual([
      later,
      soon,
      published,
    ]);
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'only' })).toEqual([later, soon]);
    expect(await list('/api/posts/mentions', { types: ALL_TYPES, scheduled: 'only' })).toEqual([later, soon]);
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'ONLY', count: 1 })).toEqual([later]);
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'only', before: later })).toEqual([soon]);
  });

  it('shows a scheduled post on the timelines once its time has come, and no longer as scheduled', async () => {
    const { published, soon, later } = await writeThree();
    instance.clock.advance(3599);
    expect(await list('/api/posts/global', { types: ALL_TYPES })).toEqual([published]);
    instance.clock.advance(1);
    expect(await list('/api/posts/global', { types: ALL_TYPES })).toEqual([soon, published]);
    expect(await list('/api/posts/global', { types: ALL_TYPES }, null)).toEqual([soon, published]);
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'only' })).toEqual([later]);
  });

  it('lists scheduled posts to their own account only', async () => {
    await writeThree();
    const other = await addAccount(instance, 'bob');
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'only' }, null)).toEqual([]);
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'only' }, other.token)).toEqual([]);
    expect(await list('/api/posts/global', { types: ALL_TYPES, scheduled: 'include' }, other.token)).toHaveLength(1);
  });

  it("keeps scheduled posts out of search, a Persona's posts and a Channel unless asked", async () => {
    const { published, soon, later } = await writeThree();
    await indexAllQueuedWords(instance.db);
    const persona = { author_guid: instance.personaGuid };
    expect(await list('/api/posts/search', { q: 'article' })).toEqual([]);
    expect(await list('/api/posts/search', { q: 'article', scheduled: 'only' })).toEqual([later]);
    expect(await list('/api/posts/search', persona)).toEqual([published]);
    expect(await list('/api/posts/search', { ...persona, scheduled: 'include' })).toEqual([later, soon, published]);
    const channel = (await instance.call('GET', `/api/posts/${published}`)).json.data[0].channel_guid as string;
    expect(await list('/api/posts/global', { types: ALL_TYPES, channel_guid: channel })).toEqual([published]);
  });

  it('brings a scheduled post edited since to a poller only when asked for scheduled posts', async () => {
    const { soon } = await writeThree();
    const since = nowOf(instance);
    instance.clock.advance(10);
    expectOk(
      await instance.call('POST', `/api/posts/${soon}/write`, { params: { content: 'Out in an hour, edited' } }),
    );
    expect(await list('/api/posts/global', { types: ALL_TYPES, changed_since: since })).not.toContain(soon);
    expect(await list('/api/posts/global', { types: ALL_TYPES, changed_since: since, scheduled: 'include' })).toContain(
      soon,
    );
  });

  it('refuses a scheduled value it does not know', async () => {
    expectError(
      await instance.call('GET', '/api/posts/global', { params: { scheduled: 'later' } }),
      400,
      'scheduled must be one of exclude, include, only',
    );
  });
});
