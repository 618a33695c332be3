import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storePulledPage } from '../../../src-shared/sync/store-pulled';
import { indexAllQueuedWords } from '../../../src-shared/store/word-index';
import { pulledPost, remoteIn } from '../../support/pulled';
import { BACKENDS, ORIGIN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, guidsOf } from './helpers';

const UNKNOWN = 'No Persona by This Handle Is Known Here';

describe.each(BACKENDS)('GET /api/personas/:handle (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const page = async (handle: string, token?: string | null) => {
    const answer = await instance.call(
      'GET',
      `/api/personas/${encodeURIComponent(handle)}`,
      token === undefined ? {} : { token },
    );
    expectOk(answer);
    return answer.json.data as Record<string, unknown>;
  };
  /** Posts of one author, as the Persona page lists them. */
  const postsBy = async (author: string, params: Record<string, string> = {}) => {
    const answer = await instance.call('GET', '/api/posts/search', { params: { author_guid: author, ...params } });
    expectOk(answer);
    return guidsOf(answer.json.data as { guid: string }[]);
  };
  /** A remote whose author `@shared` (and another) wrote posts that sync stored here. */
  const syncedFromRemote = async () => {
    const remote = await remoteIn(instance);
    const author = {
      guid: '00000000-0000-4000-8000-000000000777',
      handle: 'Shared',
      name: 'Remote Shared',
      avatarUrl: 'https://remote.example/a.png',
    };
    // Published before the instance's clock, as what a remote already served is.
    const past = (n: number) => ({
      publishUnix: 1_799_990_000 + n,
      updatedUnix: 1_799_990_000 + n,
      listedUnix: 1_799_990_000 + n,
    });
    await storePulledPage(instance.db, {
      remote,
      now: 1_800_000_000,
      posts: [
        pulledPost(1, { ...past(1), persona: author, text: 'From afar' }),
        pulledPost(2, { ...past(2), persona: author, text: 'Again from afar' }),
        pulledPost(3, past(3)),
      ],
    });
    return author;
  };

  it("answers this instance's Persona with its rendered bio, by handle in any case or by GUID", async () => {
    expectOk(
      await instance.call('POST', `/api/account/${instance.personaGuid}/bio`, {
        params: { bio_text: 'I grow **roses**. <script>alert(1)</script>' },
      }),
    );
    const mine = await page('ME', null);
    expect(mine).toEqual({
      guid: instance.personaGuid,
      as: 'me',
      address: 'me',
      name: expect.any(String),
      avatar_url: expect.stringMatching(/^data:image\/svg\+xml,/),
      site_url: '',
      bio: {
        text: expect.stringContaining('I grow **roses**.'),
        html: expect.stringContaining('<strong>roses</strong>'),
      },
      is_you: false,
      remote_host: false,
    });
    expect(JSON.stringify(mine)).not.toContain('<script');
    expect((await page('me')).is_you).toBe(true);
    expect(await page(instance.personaGuid.toUpperCase())).toEqual(await page('@me'));
  });

  it("tells a remote's author by its host; a local Persona of the same handle wins, and handle@host names the remote one", async () => {
    const author = await syncedFromRemote();
    const remote = await page('shared');
    expect(remote).toMatchObject({
      guid: author.guid,
      as: 'Shared',
      address: 'Shared@remote.example',
      name: 'Remote Shared',
      avatar_url: author.avatarUrl,
      remote_host: 'remote.example',
      is_you: false,
    });
    expect(await page('shared@REMOTE.example')).toEqual(remote);
    // Its posts link to that page, not to a local Persona's of the same handle.
    const post = (await instance.call('GET', '/api/posts/00000000-0000-4000-8000-000000000001')).json.data[0];
    expect(post.persona.profileurl).toBe(`${ORIGIN}/@Shared%40remote.example`);

    const created = await instance.call('POST', '/api/account/personas', {
      params: { handle: 'shared', name: 'Local Shared' },
    });
    expectOk(created);
    expect(await page('shared')).toMatchObject({
      guid: created.json.data.guid,
      address: 'shared',
      remote_host: false,
      is_you: true,
    });
    expect((await page('Shared@remote.example')).guid).toBe(author.guid);
  });

  it('answers 404 for a handle, address or GUID nobody here has', async () => {
    await syncedFromRemote();
    for (const name of [
      'nobody',
      'shared@elsewhere.example',
      '00000000-0000-4000-8000-000000000001',
      'x'.repeat(400),
    ]) {
      expectError(await instance.call('GET', `/api/personas/${name}`), 404, UNKNOWN);
    }
  });

  it("lists an author's posts with author_guid, a remote's too, newest first and paged, whoever acts", async () => {
    const author = await syncedFromRemote();
    expect(await postsBy(author.guid)).toEqual([
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(await postsBy(author.guid, { count: '1', before: '00000000-0000-4000-8000-000000000002' })).toEqual([
      '00000000-0000-4000-8000-000000000001',
    ]);
    // The acting Persona (persona_guid) does not narrow: the author does.
    const other = await addAccount(instance);
    const own = await writePost(instance, { content: 'My own words' });
    expect(await postsBy(instance.personaGuid, { persona_guid: instance.personaGuid })).toEqual([own.guid]);
    expect(await postsBy(other.personaGuid, { persona_guid: instance.personaGuid })).toEqual([]);
    // With words, both must hold; another author named in q finds nothing.
    expect(await postsBy(author.guid, { q: 'again' })).toEqual(['00000000-0000-4000-8000-000000000002']);
    expect(await postsBy(author.guid, { q: '@me' })).toEqual([]);
    expect(await postsBy('00000000-0000-4000-8000-000000000999')).toEqual([]);
  });
});

describe.each(BACKENDS)('GET /api/posts/search with tag (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const tagged = async (tag: string, params: Record<string, string> = {}) => {
    const answer = await instance.call('GET', '/api/posts/search', { params: { tag, ...params } });
    expectOk(answer);
    return guidsOf(answer.json.data as { guid: string }[]);
  };

  it('finds the posts carrying exactly that tag, in any case, short tags too, and not those that only say the word', async () => {
    const go = await writePost(instance, { content: 'Learning a language', tags: 'Go, travel' });
    instance.clock.advance(1);
    const hashGo = await writePost(instance, {
      post_type: 'post.article',
      title: 'Types',
      content: 'More of it',
      tags: '#go',
    });
    const says = await writePost(instance, { content: 'Let us go travel somewhere' });
    const longer = await writePost(instance, { content: 'Not this one', tags: 'golang, go-to' });
    // Written in the text, a tag is a tag too: the page links it to this very list.
    const written = await writePost(instance, { content: 'Sailing past the #Harbours today, page#part and `#code`' });
    for (const indexed of [false, true]) {
      if (indexed) await indexAllQueuedWords(instance.db);
      expect(await tagged('go')).toEqual([hashGo.guid, go.guid]);
      expect(await tagged('#GO')).toEqual([hashGo.guid, go.guid]);
      expect(await tagged('travel')).toEqual([go.guid]);
      expect(await tagged('go-to')).toEqual([longer.guid]);
      expect(await tagged('go', { q: 'language' })).toEqual([go.guid]);
      expect(await tagged('go', { count: '1', before: hashGo.guid })).toEqual([go.guid]);
      expect(await tagged('nowhere')).toEqual([]);
      expect(await tagged('harbours')).toEqual([written.guid]);
      expect(await tagged('part')).toEqual([]);
    }
    expect([go.guid, hashGo.guid]).not.toContain(says.guid);
  });

  it('refuses an empty or too long tag, and a search with neither q, tag nor author_guid', async () => {
    expectError(
      await instance.call('GET', '/api/posts/search', { params: { tag: ' # ' } }),
      400,
      'tag must name a tag',
    );
    expectError(
      await instance.call('GET', '/api/posts/search', { params: { tag: 'x'.repeat(129) } }),
      400,
      'tag must be at most 128 characters',
    );
    expectError(
      await instance.call('GET', '/api/posts/search', { params: { author_guid: 'me' } }),
      400,
      'author_guid must be a Persona GUID',
    );
  });

  it('finds a bookmark and a quotation by a word of the title or the host of their page', async () => {
    const bookmark = await writePost(instance, {
      post_type: 'post.bookmark',
      content: 'Worth keeping',
      source_url: 'https://hedgerow.example/spring',
      source_title: 'The Almanac of Seasons',
    });
    const quotation = await writePost(instance, {
      post_type: 'post.quotation',
      content: 'Whoever plants',
      source_url: 'https://quotes.example/q',
      source_title: 'Sayings of Gardeners',
    });
    const find = async (q: string) => {
      const answer = await instance.call('GET', '/api/posts/search', { params: { q } });
      expectOk(answer);
      return guidsOf(answer.json.data as { guid: string }[]);
    };
    for (const indexed of [false, true]) {
      if (indexed) await indexAllQueuedWords(instance.db);
      expect(await find('almanac')).toEqual([bookmark.guid]);
      expect(await find('hedgerow')).toEqual([bookmark.guid]);
      expect(await find('gardeners')).toEqual([quotation.guid]);
      expect(await find('almanac gardeners')).toEqual([]);
    }
  });
});
