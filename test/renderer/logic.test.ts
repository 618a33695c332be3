// @vitest-environment happy-dom
// The sanitiser is tested in Chromium (test/e2e/looks.test.ts): happy-dom's DOM does not let DOMPurify remove attributes.
import { afterEach, describe, expect, it } from 'vitest';
import { parseDeskCommand } from '../../src-renderer/api/bridge';
import { paramsOf, problemsByField, publishDraft } from '../../src-renderer/screens/composer/publish';
import { blankDraft } from '../../src-renderer/state/drafts';
import { parseRoute, personaRoute, routePath, type Route } from '../../src-renderer/state/route';
import { describeServer } from '../../src-renderer/state/sync';
import { threadRows } from '../../src-renderer/state/thread-tree';
import { mergeFirstPage } from '../../src-renderer/state/timelines';
import { mayShowPosts, PAGE_SIZE, type TimelineSpec } from '../../src-renderer/state/timeline-spec';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import type { TestInstance } from '../support/instance';
import { connectedInstance, fakePost, fakeRemoteStatus } from './support';

describe('a conversation as rows', () => {
  it('puts each reply under its parent, branches deeper, and keeps a reply whose parent is gone', () => {
    const root = fakePost(1, { publish_unix: 100 });
    const a = fakePost(2, { publish_unix: 110, parent_guid: root.guid, reply_to: root.canonical_url });
    const b = fakePost(3, { publish_unix: 120, parent_guid: root.guid, reply_to: root.canonical_url });
    // Named by URL only, as a remote may do.
    const a1 = fakePost(4, { publish_unix: 130, reply_to: a.canonical_url });
    const orphan = fakePost(5, {
      publish_unix: 140,
      parent_guid: 'ffffffff-0000-4000-8000-000000000000',
      reply_to: 'https://elsewhere.example/x',
    });
    const rows = threadRows([root, a, b, a1, orphan]).map((r) => [r.post.text, r.depth]);
    expect(rows).toEqual([
      ['Post number 1', 0],
      ['Post number 2', 1],
      ['Post number 4', 2],
      ['Post number 3', 1],
      ['Post number 5', 0],
    ]);
  });

  it('shows every post of an answer whose parents name each other', () => {
    const x = fakePost(1);
    const y = fakePost(2, { parent_guid: x.guid });
    const loop = [{ ...x, parent_guid: y.guid }, y];
    expect(threadRows(loop)).toHaveLength(2);
  });
});

describe('a timeline read again from the top', () => {
  it('drops held posts the newest page no longer has in its span, keeps the older ones', () => {
    const page = Array.from({ length: PAGE_SIZE }, (_, i) => fakePost(i + 1));
    const renamed = fakePost(500, { publish_unix: page[10]?.publish_unix ?? 0 });
    const older = fakePost(PAGE_SIZE + 5);
    const byGuid = new Map([...page, renamed, older].map((p) => [p.guid, p]));
    const held = [renamed.guid, ...page.map((p) => p.guid), older.guid];
    const merged = mergeFirstPage(page, held, (g) => byGuid.get(g) ?? null);
    expect(merged).toEqual([...page.map((p) => p.guid), older.guid]);
    // A short page is the whole timeline.
    expect(mergeFirstPage(page.slice(0, 3), held, (g) => byGuid.get(g) ?? null)).toEqual(
      page.slice(0, 3).map((p) => p.guid),
    );
  });
});

describe('the timelines told of posts stored on the instance', () => {
  it('reads again a timeline of their Channel, Persona or author, and every timeline it cannot rule out', () => {
    const told = { channel_guids: ['channel-a'], persona_guids: ['persona-a'] };
    const spec = (kind: TimelineSpec['kind'], more: Partial<TimelineSpec> = {}): TimelineSpec => ({
      kind,
      persona: 'persona-b',
      types: [],
      ...more,
    });
    expect(mayShowPosts(spec('channel', { channel: 'channel-a' }), told)).toBe(true);
    expect(mayShowPosts(spec('channel', { channel: 'channel-b' }), told)).toBe(false);
    expect(mayShowPosts(spec('home', { persona: 'persona-a' }), told)).toBe(true);
    expect(mayShowPosts(spec('home'), told)).toBe(false);
    expect(mayShowPosts(spec('persona', { author: 'persona-a' }), told)).toBe(true);
    expect(mayShowPosts(spec('persona', { author: 'persona-c' }), told)).toBe(false);
    for (const kind of ['global', 'mentions', 'search', 'tag', 'interactions', 'pins'] as const)
      expect(mayShowPosts(spec(kind), told), kind).toBe(true);
  });
});

describe('what a remote is, in words', () => {
  const remote = fakeRemoteStatus;
  type Server = Exclude<RemoteStatusAnswer['server'], false>;

  it('says what the remote is and which kinds of post it takes', () => {
    const streams: Server = {
      software: '10Centuries (matigo/streams)',
      kinds: ['post.article', 'post.note', 'post.bookmark', 'post.quotation'],
      extensions: [],
    };
    expect(describeServer(remote({ server: streams }))).toBe(
      '10Centuries (matigo/streams) · instance interface · takes notes, articles, bookmarks and quotations',
    );
    const legacy: Server = { software: 'Publishing Service', kinds: ['post.note', 'post.article'], extensions: [] };
    expect(describeServer(remote({ interface: 'legacy', server: legacy }))).toBe(
      'Publishing Service · legacy interface · takes notes and articles',
    );
    // Added before this was recorded: the next sync asks.
    expect(describeServer(remote({ server: false }))).toBe('instance interface');
  });
});

describe('publishing from the composer', () => {
  let instance: TestInstance | null = null;
  afterEach(async () => {
    await instance?.close();
    instance = null;
  });

  it('sends a draft with its tags, source and times, and shows refusals next to their fields', async () => {
    instance = await connectedInstance();
    const draft = blankDraft({
      type: 'post.bookmark',
      text: 'Worth reading',
      sourceUrl: 'https://example.org/a',
      sourceTitle: 'A page',
      tags: 'one, #two',
      personaGuid: instance.personaGuid,
    });
    expect(paramsOf(draft)).toMatchObject({
      post_type: 'post.bookmark',
      source_url: 'https://example.org/a',
      source_title: 'A page',
      tags: ['one', 'two'],
    });
    const post = await publishDraft(draft);
    expect(post).toMatchObject({
      type: 'post.bookmark',
      tags: ['one', 'two'],
      source: { url: 'https://example.org/a', title: 'A page' },
    });

    // The expiry before the publication: in plain words, by the expiry field.
    const refused = await publishDraft(
      blankDraft({ text: 'Too late', publishAt: '2030-01-02T10:00', expiresAt: '2030-01-01T10:00' }),
    ).catch((e: unknown) => e);
    expect(problemsByField(refused, 'post.note')).toEqual({
      expiresAt: ['A post must expire after it is published: choose a later time, or leave it empty.'],
    });
    // Checked before sending: a bookmark without its source, each part by its own field.
    const incomplete = await publishDraft(blankDraft({ type: 'post.bookmark', text: 'No source' })).catch(
      (e: unknown) => e,
    );
    expect(problemsByField(incomplete, 'post.bookmark')).toEqual({
      sourceUrl: ['Give the web address of the page a bookmark is about.'],
      sourceTitle: ['Give the title of the page a bookmark is about.'],
    });
  });
});

describe('routes and desktop commands', () => {
  it('round-trips every route through its address, and opens the earlier #/ addresses where they pointed', () => {
    const routes: Route[] = [
      { screen: 'timeline', kind: 'mentions' },
      { screen: 'channel', channel: 'c-1' },
      { screen: 'search', filter: '@me café words' },
      { screen: 'thread', guid: 'g/1' },
      { screen: 'persona', handle: 'ann.b' },
      { screen: 'tag', tag: 'café au lait' },
      { screen: 'drafts' },
      { screen: 'scheduled' },
      { screen: 'remotes' },
      { screen: 'settings' },
    ];
    for (const route of routes) expect(parseRoute(routePath(route))).toEqual(route);
    expect(routePath({ screen: 'thread', guid: 'g/1' })).toBe('/posts/g%2F1');
    expect(routePath({ screen: 'timeline', kind: 'global' })).toBe('/everything');
    expect(routePath({ screen: 'timeline', kind: 'home' })).toBe('/');
    expect(routePath({ screen: 'scheduled' })).toBe('/scheduled');
    expect(routePath({ screen: 'persona', handle: 'ann' })).toBe('/@ann');
    expect(parseRoute('/@ann?x=1')).toEqual({ screen: 'persona', handle: 'ann' });
    // An author's page is where the instance says it is: a remote's author by its address, not a local namesake.
    expect(personaRoute({ as: 'ann', profile_url: 'http://desk.test/@ann@social.example:8443' })).toEqual({
      screen: 'persona',
      handle: 'ann@social.example:8443',
    });
    expect(personaRoute({ as: 'ann', profile_url: 'https://elsewhere.example/users/ann' })).toEqual({
      screen: 'persona',
      handle: 'ann',
    });
    expect(personaRoute({ as: 'ann', profile_url: '' })).toEqual({ screen: 'persona', handle: 'ann' });
    for (const nonsense of [
      '/nonsense',
      '/posts',
      '/posts/a/b',
      '/search',
      '/drafts/x',
      '#/nonsense',
      '/posts/%E0%A4%A',
      '/@',
      '/@ann/posts',
      '/tags',
      '/tags/a/b',
    ]) {
      expect(parseRoute(nonsense), nonsense).toEqual({ screen: 'timeline', kind: 'home' });
    }
    expect(parseRoute('#/post/g%2F1')).toEqual({ screen: 'thread', guid: 'g/1' });
    expect(parseRoute('#/t/mentions')).toEqual({ screen: 'timeline', kind: 'mentions' });
    expect(parseRoute('#/search/%40me%20caf%C3%A9')).toEqual({ screen: 'search', filter: '@me café' });
  });

  it('accepts only the commands the menu sends', () => {
    expect(parseDeskCommand({ command: 'switch-persona', position: 3 })).toEqual({
      command: 'switch-persona',
      position: 3,
    });
    expect(parseDeskCommand({ command: 'switch-persona', position: 12 })).toBeNull();
    expect(parseDeskCommand({ command: 'rm -rf' })).toBeNull();
    expect(parseDeskCommand('new-post')).toBeNull();
  });
});
