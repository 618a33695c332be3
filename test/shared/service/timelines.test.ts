import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { newestFirst } from '../../../src-shared/store/timeline';
import { BACKENDS, OWNER_TOKEN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, expectPostShape, guidsOf, nowOf } from './helpers';

const COUNT_PROBLEM = 'count must be a whole number from 1 to 250';

interface Written {
  guid: string;
  publish_unix: number;
  privacy: string;
}

/** The order a client expects: newest first, equal publication times by GUID, descending. */
const inTimelineOrder = (posts: readonly Written[]): string[] =>
  [...posts]
    .sort((a, b) =>
      newestFirst({ publishUnix: a.publish_unix, guid: a.guid }, { publishUnix: b.publish_unix, guid: b.guid }),
    )
    .map((p) => p.guid);

describe.each(BACKENDS)('timelines (%s)', (backend) => {
  describe('global', () => {
    let instance: TestInstance;
    beforeEach(async () => {
      instance = await startInstance(backend);
    });
    afterEach(async () => {
      await instance.close();
    });

    const timeline = async (params: Record<string, string | number> = {}, token?: string | null) => {
      const result = await instance.call('GET', '/api/posts/global', {
        params,
        ...(token === undefined ? {} : { token }),
      });
      expectOk(result);
      return result.json.data;
    };

    it('refuses a count outside 1 to 250', async () => {
      for (const count of ['0', '251', 'abc', '-1', '1.5', '', '1e2']) {
        expectError(await instance.call('GET', '/api/posts/global', { params: { count } }), 400, COUNT_PROBLEM);
      }
    });

    it('shows notes only unless other types are asked for', async () => {
      const note = await writePost(instance, { post_type: 'post.note' });
      const article = await writePost(instance, { post_type: 'post.article', title: 'A' });
      const bookmark = await writePost(instance, {
        post_type: 'post.bookmark',
        source_url: 'https://example.com/',
        source_title: 'E',
      });
      const quotation = await writePost(instance, {
        post_type: 'post.quotation',
        source_url: 'https://example.com/q',
        source_title: 'Q',
      });

      expect(guidsOf(await timeline())).toEqual([note.guid]);
      expect(guidsOf(await timeline({ types: 'post.article' }))).toEqual([article.guid]);
      expect(guidsOf(await timeline({ types: 'post.bookmark, POST.QUOTATION' })).sort()).toEqual(
        [bookmark.guid, quotation.guid].sort(),
      );
      const all = await timeline({ types: 'post.note,post.article,post.bookmark,post.quotation' });
      expect(guidsOf(all).sort()).toEqual([note, article, bookmark, quotation].map((p) => p.guid).sort());
      for (const post of all) expectPostShape(post);

      expectError(
        await instance.call('GET', '/api/posts/global', { params: { types: 'post.note,post.micro' } }),
        400,
        'types must be a comma list of post.article, post.note, post.bookmark, post.quotation',
      );
    });

    it('lists newest first, and posts published in the same second by GUID, descending', async () => {
      const base = nowOf(instance);
      const written: Written[] = [];
      for (const offset of [0, 0, 0, -10, -10, 5, 5, 5, 5, -3]) {
        written.push(await writePost(instance, { publish_at: base + offset - 10 }));
      }
      const listed = await timeline();
      expect(guidsOf(listed)).toEqual(inTimelineOrder(written));
      for (let i = 1; i < listed.length; i++) {
        const [a, b] = [listed[i - 1], listed[i]];
        expect(a.publish_unix > b.publish_unix || (a.publish_unix === b.publish_unix && a.guid > b.guid)).toBe(true);
      }
    });

    it('includes posts published exactly at since and exactly at until', async () => {
      const base = nowOf(instance) - 100;
      const posts = [];
      for (const offset of [0, 10, 20, 30, 40]) posts.push(await writePost(instance, { publish_at: base + offset }));
      const [, atSince, between, atUntil] = posts.map((p) => p.guid);

      expect(guidsOf(await timeline({ since: base + 10, until: base + 30 }))).toEqual([atUntil, between, atSince]);
      expect(guidsOf(await timeline({ since: base + 40 }))).toEqual([posts[4].guid]);
      expect(guidsOf(await timeline({ until: base }))).toEqual([posts[0].guid]);
      expect(await timeline({ since: base + 41 })).toEqual([]);
      expect(await timeline({ since: base + 30, until: base + 10 })).toEqual([]);
      expectError(
        await instance.call('GET', '/api/posts/global', { params: { since: 'yesterday' } }),
        400,
        'since must be a unix timestamp (whole seconds)',
      );
    });

    it('with changed_since, also lists older posts edited since then, after the newer ones', async () => {
      const base = nowOf(instance);
      const old = await writePost(instance, { publish_at: base - 1000, content: 'old' });
      const untouched = await writePost(instance, { publish_at: base - 900, content: 'untouched' });
      instance.clock.advance(60);
      const recent = await writePost(instance, { content: 'recent' });
      await instance.call('POST', `/api/posts/${old.guid}/write`, { params: { content: 'old, edited' } });
      const since = base + 30;
      expect(guidsOf(await timeline({ since }))).toEqual([recent.guid]);
      expect(guidsOf(await timeline({ changed_since: since }))).toEqual([recent.guid, old.guid]);
      expect(guidsOf(await timeline({ changed_since: since, count: 1 }))).toEqual([recent.guid]);
      expect(guidsOf(await timeline({ changed_since: since, before: recent.guid }))).toEqual([old.guid]);
      // Written at `base`, before `since`: not changed since.
      expect(guidsOf(await timeline({ changed_since: base }))).toContain(untouched.guid);
      expect(guidsOf(await timeline({ changed_since: since }))).not.toContain(untouched.guid);
    });

    it('refuses a before cursor that names no post the reader can read', async () => {
      const hidden = await writePost(instance, { post_privacy: 'visibility.private' });
      for (const before of ['00000000-0000-4000-8000-000000000000', hidden.guid]) {
        expectError(
          await instance.call('GET', '/api/posts/global', { token: null, params: { before } }),
          400,
          'before must be the GUID of a post you can read',
        );
      }
    });
  });

  describe('300 posts, many published in the same second', () => {
    let instance: TestInstance;
    let written: Written[];
    beforeAll(async () => {
      instance = await startInstance(backend);
      written = [];
      const base = nowOf(instance) - 1000;
      for (let i = 0; i < 300; i++) {
        // 12 distinct seconds, 25 posts in each; every seventh post private.
        const params = {
          content: `post ${i}`,
          publish_at: base + (i % 12) * 10,
          post_privacy: i % 7 === 0 ? 'visibility.private' : 'visibility.public',
        };
        written.push(await writePost(instance, params));
      }
    }, 120_000);
    afterAll(async () => {
      await instance.close();
    });

    const page = async (params: Record<string, string | number>, token?: string | null) => {
      const result = await instance.call('GET', '/api/posts/global', {
        params,
        ...(token === undefined ? {} : { token }),
      });
      expectOk(result);
      return guidsOf(result.json.data);
    };

    it('returns 100 posts by default, up to 250 when asked, and 1 at least', async () => {
      const expected = inTimelineOrder(written);
      expect(await page({})).toEqual(expected.slice(0, 100));
      expect(await page({ count: 250 })).toEqual(expected.slice(0, 250));
      expect(await page({ count: 1 })).toEqual(expected.slice(0, 1));
    });

    it.each([1, 7, 25, 40, 250])(
      'pages with the before cursor, %i at a time, never skipping or repeating',
      async (count) => {
        for (const [token, posts] of [
          [undefined, written],
          [null, written.filter((p) => p.privacy === 'visibility.public')],
        ] as const) {
          const seen: string[] = [];
          let before: string | undefined;
          for (let pages = 0; pages < 400; pages++) {
            const next = await page({ count, ...(before ? { before } : {}) }, token);
            if (next.length === 0) break;
            expect(next.length).toBeLessThanOrEqual(count);
            seen.push(...next);
            before = next.at(-1);
          }
          expect(seen).toEqual(inTimelineOrder(posts));
        }
      },
      120_000,
    );

    it('pages within since and until', async () => {
      const base = Math.min(...written.map((p) => p.publish_unix));
      const inWindow = written.filter((p) => p.publish_unix >= base + 30 && p.publish_unix <= base + 60);
      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const next = await page({ count: 30, since: base + 30, until: base + 60, ...(before ? { before } : {}) });
        if (next.length === 0) break;
        seen.push(...next);
        before = next.at(-1);
      }
      expect(seen).toHaveLength(100);
      expect(seen).toEqual(inTimelineOrder(inWindow));
    });
  });

  describe('mentions', () => {
    let instance: TestInstance;
    beforeEach(async () => {
      instance = await startInstance(backend);
    });
    afterEach(async () => {
      await instance.close();
    });

    it('fills mentions with the Personas named in the text', async () => {
      const post = await writePost(instance, { content: 'Hello @me and @nobody, mail a@me.com' });
      expect(post.mentions).toHaveLength(1);
      expect(post.mentions[0]).toMatchObject({ guid: instance.personaGuid, as: 'me', is_you: true });
      expectPostShape(post);
      expect((await writePost(instance, { content: 'No one here' })).mentions).toBe(false);
      expect((await writePost(instance, { content: 'Shouting at @ME' })).mentions[0].guid).toBe(instance.personaGuid);
    });

    it('lists the posts that mention the reader, with the token in the header or the token variable', async () => {
      const first = await writePost(instance, { content: 'Hi @me' });
      instance.clock.advance(10);
      await writePost(instance, { content: 'Nobody mentioned' });
      instance.clock.advance(10);
      const second = await writePost(instance, { content: 'Again @me.' });
      instance.clock.advance(10);
      const article = await writePost(instance, { content: 'An article for @me', post_type: 'post.article' });

      const viaHeader = await instance.call('GET', '/api/posts/mentions');
      expectOk(viaHeader);
      expect(guidsOf(viaHeader.json.data)).toEqual([second.guid, first.guid]);
      for (const post of viaHeader.json.data) expectPostShape(post);

      const viaVariable = await instance.call('GET', '/api/posts/mentions', {
        token: null,
        params: { token: OWNER_TOKEN },
      });
      expectOk(viaVariable);
      expect(guidsOf(viaVariable.json.data)).toEqual([second.guid, first.guid]);

      const options = { params: { types: 'post.note,post.article', count: 2 } };
      expect(guidsOf((await instance.call('GET', '/api/posts/mentions', options)).json.data)).toEqual([
        article.guid,
        second.guid,
      ]);
      const since = { params: { since: (first.publish_unix as number) + 1, until: second.publish_unix } };
      expect(guidsOf((await instance.call('GET', '/api/posts/mentions', since)).json.data)).toEqual([second.guid]);
      const paged = { params: { before: second.guid } };
      expect(guidsOf((await instance.call('GET', '/api/posts/mentions', paged)).json.data)).toEqual([first.guid]);
      expectError(await instance.call('GET', '/api/posts/mentions', { params: { count: 0 } }), 400, COUNT_PROBLEM);
    });

    it('pages through the mentions of every Persona of the reader in timeline order, each post once', async () => {
      const work = await instance.call('POST', '/api/account/personas', { params: { handle: 'work', name: 'Work' } });
      expectOk(work);
      const mine: Written[] = [];
      for (let i = 0; i < 60; i++) {
        const text = ['For @me', 'For @work', 'For @me and @work', 'For nobody'][i % 4] ?? '';
        // Several posts share a second, so that the order falls to their GUIDs there.
        if (i % 3 === 0) instance.clock.advance(1);
        const post = await writePost(instance, {
          content: `${text} ${i}`,
          post_type: i % 5 === 0 ? 'post.article' : 'post.note',
        });
        if (i % 4 !== 3 && i % 5 !== 0) mine.push(post);
      }
      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const params: Record<string, string | number> = { count: 7 };
        if (before) params['before'] = before;
        const page = guidsOf((await instance.call('GET', '/api/posts/mentions', { params })).json.data);
        if (page.length === 0) break;
        seen.push(...page);
        before = page.at(-1);
      }
      expect(seen).toEqual(inTimelineOrder(mine));
      const workOnly = await instance.call('GET', '/api/posts/mentions', {
        params: { count: 100, persona_guid: work.json.data.guid },
      });
      expect(guidsOf(workOnly.json.data)).toEqual(
        inTimelineOrder(mine.filter((post) => (post as Written & { text: string }).text.includes('@work'))),
      );
    });

    it('reads the mentions it answers with, not every mention of the reader', async () => {
      for (let i = 0; i < 300; i++) await writePost(instance, { content: `Hi @me ${i}` });
      let mentionRowsRead = 0;
      instance.db.mentions.hook('reading', (row) => {
        mentionRowsRead++;
        return row;
      });
      const answer = await instance.call('GET', '/api/posts/mentions', { params: { count: 5 } });
      expect(answer.json.data).toHaveLength(5);
      expect(mentionRowsRead).toBeGreaterThan(0);
      expect(mentionRowsRead).toBeLessThanOrEqual(60);
    });

    it('needs a token', async () => {
      expectError(await instance.call('GET', '/api/posts/mentions', { token: null }), 403, ErrorText.needToLogIn);
    });

    it('shows each account its own mentions and only what it may read', async () => {
      const other = await addAccount(instance, 'bob');
      const toBob = await writePost(instance, { content: 'Hey @bob' });
      await writePost(instance, { content: 'Psst @bob', post_privacy: 'visibility.private' });
      const bobs = await instance.call('GET', '/api/posts/mentions', { token: other.token });
      expectOk(bobs);
      expect(guidsOf(bobs.json.data)).toEqual([toBob.guid]);
      expect(bobs.json.data[0].mentions[0]).toMatchObject({ guid: other.personaGuid, as: 'bob', is_you: true });
      expect((await instance.call('GET', '/api/posts/mentions')).json.data).toEqual([]);
    });

    it('forgets a mention when the post is edited or deleted', async () => {
      const post = await writePost(instance, { content: 'Hi @me' });
      const edited = await instance.call('POST', `/api/posts/${post.guid}/write`, { params: { content: 'Hi you' } });
      expect(edited.json.data[0].mentions).toBe(false);
      expect((await instance.call('GET', '/api/posts/mentions')).json.data).toEqual([]);

      const again = await writePost(instance, { content: 'Hi @me' });
      expectOk(await instance.call('DELETE', `/api/posts/${again.guid}`));
      expect((await instance.call('GET', '/api/posts/mentions')).json.data).toEqual([]);
    });
  });
});
