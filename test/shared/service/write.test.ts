import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, ORIGIN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, expectPostShape, GUID, nowOf } from './helpers';

const BOOKMARK = { post_type: 'post.bookmark', source_url: 'https://example.com/page', source_title: 'A page' };

describe.each(BACKENDS)('writing posts (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const write = (params: Record<string, string | number | string[]>, token?: string) =>
    instance.call('POST', '/api/posts/write', { params, ...(token ? { token } : {}) });

  describe('creating', () => {
    it('publishes a note with every field of section 2.3, from the first Persona to the first Channel', async () => {
      const result = await write({ content: 'Hello, world', post_type: 'post.note' });
      expectOk(result);
      expect(result.json.data).toHaveLength(1);
      const post = result.json.data[0];
      expectPostShape(post);
      expect(post).toMatchObject({
        type: 'post.note',
        privacy: 'visibility.public',
        canonical_url: `${ORIGIN}/posts/${post.guid}`,
        reply_to: false,
        title: false,
        text: 'Hello, world',
        content: '<p>Hello, world</p>\n',
        meta: false,
        tags: false,
        mentions: false,
        publish_unix: nowOf(instance),
        expires_at: false,
        expires_unix: false,
        updated_unix: nowOf(instance),
        channel_guid: instance.channelGuid,
      });
      expect(post.persona).toMatchObject({
        guid: instance.personaGuid,
        as: 'me',
        name: 'Me',
        is_you: true,
        youfollow: false,
      });
    });

    it('publishes all four types', async () => {
      const article = await writePost(instance, {
        post_type: 'post.article',
        title: 'An article',
        content: '# Heading\n\nBody',
      });
      expect(article).toMatchObject({ type: 'post.article', title: 'An article' });
      expect(article.content).toContain('<h1>Heading</h1>');

      const note = await writePost(instance, { post_type: 'post.note' });
      expect(note.type).toBe('post.note');

      const bookmark = await writePost(instance, { ...BOOKMARK, content: 'Worth reading' });
      expect(bookmark.type).toBe('post.bookmark');
      expect(bookmark.meta.source).toEqual({ url: 'https://example.com/page', title: 'A page' });

      const quotation = await writePost(instance, {
        post_type: 'post.quotation',
        content: '> To be or not to be',
        source_url: 'https://example.org/hamlet',
        source_title: 'Hamlet',
      });
      expect(quotation.type).toBe('post.quotation');
      expect(quotation.meta.source).toEqual({ url: 'https://example.org/hamlet', title: 'Hamlet' });
      for (const post of [article, note, bookmark, quotation]) expectPostShape(post);
    });

    it('requires source_url and source_title for bookmarks and quotations, listing every missing one', async () => {
      for (const post_type of ['post.bookmark', 'post.quotation']) {
        expectError(await write({ content: 'x', post_type }), 400, `source_url is required for ${post_type}`, [
          `source_url is required for ${post_type}`,
          `source_title is required for ${post_type}`,
        ]);
        expectError(
          await write({ content: 'x', post_type, source_url: 'https://example.com/' }),
          400,
          `source_title is required for ${post_type}`,
        );
        expectError(
          await write({ content: 'x', post_type, source_title: 'T' }),
          400,
          `source_url is required for ${post_type}`,
        );
      }
      for (const source_url of [
        'javascript:alert(1)',
        'https://example.org/"><img src=x onerror=alert(1)>',
        'https://example.org/a b',
      ]) {
        expectError(
          await write({ content: 'x', ...BOOKMARK, source_url }),
          400,
          'source_url must be an http(s) URL, without spaces, quotes or angle brackets',
        );
      }
    });

    it('requires some text', async () => {
      for (const content of [undefined, '', '   \n\t ']) {
        const params: Record<string, string> = { post_type: 'post.note' };
        if (content !== undefined) params['content'] = content;
        expectError(await write(params), 400, ErrorText.supplySomeText);
      }
    });

    it('requires a known post_type', async () => {
      expectError(
        await write({ content: 'x' }),
        400,
        'post_type is required: post.note, post.article, post.bookmark or post.quotation',
      );
      expectError(
        await write({ content: 'x', post_type: 'post.micro' }),
        400,
        'post_type must be one of post.article, post.note, post.bookmark, post.quotation',
      );
    });

    it('takes a privacy and refuses an unknown one', async () => {
      for (const privacy of ['visibility.public', 'visibility.private', 'visibility.none']) {
        expect((await writePost(instance, { post_privacy: privacy })).privacy).toBe(privacy);
      }
      expectError(
        await write({ content: 'x', post_type: 'post.note', post_privacy: 'visibility.friends' }),
        400,
        'post_privacy must be one of visibility.public, visibility.private, visibility.none',
      );
    });
  });

  describe('limits', () => {
    it('takes a title of 512 characters and refuses 513, counting characters rather than code units', async () => {
      expect((await writePost(instance, { title: 't'.repeat(512) })).title).toHaveLength(512);
      const emoji = '😀'.repeat(512);
      expect((await writePost(instance, { title: emoji })).title).toBe(emoji);
      const message = 'title must be at most 512 characters';
      expectError(await write({ content: 'x', post_type: 'post.note', title: 't'.repeat(513) }), 400, message);
      expectError(await write({ content: 'x', post_type: 'post.note', title: '😀'.repeat(513) }), 400, message);
    });

    it('reads tags as a comma list and takes a tag of 128 characters but not 129', async () => {
      const post = await writePost(instance, { tags: ' travel, #food,,Travel , night_life ' });
      expect(post.tags).toEqual(['travel', 'food', 'night_life']);

      const long = 'a'.repeat(128);
      expect((await writePost(instance, { tags: `${long},short` })).tags).toEqual([long, 'short']);
      const wide = '😀'.repeat(128);
      expect((await writePost(instance, { tags: wide })).tags).toEqual([wide]);

      const tooLong = await write({ content: 'x', post_type: 'post.note', tags: `ok,${'b'.repeat(129)}` });
      expectError(tooLong, 400, `tag "${'b'.repeat(20)}…" is longer than 128 characters`);
      const both = await write({
        content: 'x',
        post_type: 'post.note',
        tags: `${'c'.repeat(129)},${'😀'.repeat(129)}`,
      });
      expect(both.status).toBe(400);
      expect(both.json.meta.list).toHaveLength(2);
    });

    it('takes 100 tags on a post, and refuses 101 (or 10,000) with how many it had', async () => {
      const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`).join(',');
      expect((await writePost(instance, { tags: tags(100) })).tags).toHaveLength(100);
      expectError(
        await write({ content: 'x', post_type: 'post.note', tags: tags(101) }),
        400,
        'a post has at most 100 tags; this one has 101',
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', tags: tags(10_000) }),
        400,
        'a post has at most 100 tags; this one has 10000',
      );
    });

    it('takes coordinates up to and including their limits', async () => {
      const corners = [
        { geo_longitude: -180, geo_latitude: -90, geo_altitude: -7500 },
        { geo_longitude: 180, geo_latitude: 90, geo_altitude: 25000 },
        { geo_longitude: '13.4050', geo_latitude: '52.5200', geo_altitude: '34.5' },
      ];
      for (const geo of corners) {
        const post = await writePost(instance, geo);
        expect(post.meta.geo).toEqual({
          longitude: Number(geo.geo_longitude),
          latitude: Number(geo.geo_latitude),
          altitude: Number(geo.geo_altitude),
          description: false,
        });
        expect(post.meta.source).toBe(false);
      }
    });

    it('refuses coordinates out of range, naming each one', async () => {
      expectError(
        await write({ content: 'x', post_type: 'post.note', geo_longitude: 180.0001 }),
        400,
        'geo_longitude must be between -180 and 180',
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', geo_latitude: -90.5 }),
        400,
        'geo_latitude must be between -90 and 90',
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', geo_altitude: 25001 }),
        400,
        'geo_altitude must be between -7500 and 25000',
      );
      expectError(
        await write({
          content: 'x',
          post_type: 'post.note',
          geo_longitude: -181,
          geo_latitude: 91,
          geo_altitude: -7501,
        }),
        400,
        'geo_longitude must be between -180 and 180',
        [
          'geo_longitude must be between -180 and 180',
          'geo_latitude must be between -90 and 90',
          'geo_altitude must be between -7500 and 25000',
        ],
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', geo_latitude: 'north' }),
        400,
        'geo_latitude must be a number',
      );
    });

    it('takes a place description without coordinates', async () => {
      const post = await writePost(instance, { geo_description: 'On the train to Hamburg' });
      expect(post.meta.geo).toEqual({
        longitude: false,
        latitude: false,
        altitude: false,
        description: 'On the train to Hamburg',
      });
    });
  });

  describe('publication and expiry', () => {
    it('takes publish_at and expires_at as ISO 8601, "YYYY-MM-DD HH:MM:SS" or unix seconds, all UTC', async () => {
      const post = await writePost(instance, { publish_at: '2027-01-15T08:00:00Z', expires_at: '2027-01-16 08:00:00' });
      expect(post).toMatchObject({
        publish_at: '2027-01-15T08:00:00Z',
        publish_unix: Date.UTC(2027, 0, 15, 8) / 1000,
        expires_at: '2027-01-16T08:00:00Z',
        expires_unix: Date.UTC(2027, 0, 16, 8) / 1000,
      });
      const unix = await writePost(instance, {
        publish_at: String(nowOf(instance) + 60),
        expires_at: nowOf(instance) + 120,
      });
      expect(unix.publish_unix).toBe(nowOf(instance) + 60);
      expect(unix.expires_unix).toBe(nowOf(instance) + 120);
      expectError(
        await write({ content: 'x', post_type: 'post.note', publish_at: 'next tuesday' }),
        400,
        'publish_at must be a date such as 2026-11-22T09:30:00Z or a unix timestamp',
      );
      // Past the year 9999 a time has no ISO 8601 spelling that clients read: refused, not stored.
      for (const late of ['253402300800', '999999999999', '9999-12-31T23:30:00-01:00']) {
        expectError(
          await write({ content: 'x', post_type: 'post.note', publish_at: late }),
          400,
          'publish_at must be a date such as 2026-11-22T09:30:00Z or a unix timestamp',
        );
      }
      expect((await writePost(instance, { publish_at: '253402300799' })).publish_at).toBe('9999-12-31T23:59:59Z');
    });

    it('refuses to create a post that expires before it is published', async () => {
      const now = nowOf(instance);
      expectError(
        await write({ content: 'x', post_type: 'post.note', expires_at: now - 60 }),
        400,
        ErrorText.expireBeforePublish,
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', publish_at: now + 3600, expires_at: now + 60 }),
        400,
        ErrorText.expireBeforePublish,
      );
    });

    it('refuses an update that would make the post expire before it is published', async () => {
      const now = nowOf(instance);
      const post = await writePost(instance, { publish_at: now + 3600 });
      const earlier = await instance.call('POST', `/api/posts/${post.guid}/write`, {
        params: { content: 'x', expires_at: now + 60 },
      });
      expectError(earlier, 400, ErrorText.expireBeforePublish);

      const expiring = await writePost(instance, { expires_at: now + 600 });
      const later = await instance.call('POST', '/api/posts/write', {
        params: { guid: expiring.guid, content: 'x', publish_at: now + 1200 },
      });
      expectError(later, 400, ErrorText.expireBeforePublish);
      // Both posts are as they were.
      const read = await instance.call('GET', `/api/posts/${expiring.guid}`);
      expect(read.json.data[0]).toMatchObject({ publish_unix: now, expires_unix: now + 600 });
    });
  });

  describe('HTML and Markdown', () => {
    it('stores HTML as Markdown and serves sanitised HTML', async () => {
      const html =
        '<p>Hello <b>world</b> and <a href="https://example.com/">a link</a></p>' +
        '<script>alert("x")</script><img src="https://example.com/i.png" onerror="alert(1)" alt="pic">' +
        '<p><a href="javascript:alert(2)">click</a></p>';
      const post = await writePost(instance, { content: html });
      expect(post.text).toContain('**world**');
      expect(post.text).toContain('[a link](https://example.com/)');
      expect(post.text).not.toMatch(/<\/?(p|b|script|img|a)\b/i);
      expect(post.content).toContain('<strong>world</strong>');
      expect(post.content).toContain('href="https://example.com/"');
      for (const unsafe of ['<script', 'alert("x")', 'onerror', 'javascript:']) {
        expect(post.content).not.toContain(unsafe);
      }
    });

    it('keeps Markdown as written and sanitises HTML inside it', async () => {
      const markdown = 'Some *Markdown* with [a bad link](javascript:alert(1))';
      const post = await writePost(instance, { content: markdown });
      expect(post.text).toBe(markdown);
      expect(post.content).toContain('<em>Markdown</em>');
      expect(post.content).not.toContain('javascript:');

      const mixed = await writePost(instance, { content: 'Text <img src=x onerror="alert(1)"> more' });
      expect(mixed.content).not.toContain('onerror');
      expect(mixed.content).not.toContain('alert');
    });

    it("stores the author's Markdown as written and converts only the HTML in it", async () => {
      const comparison = await writePost(instance, { content: 'if a<b and c>d then' });
      expect(comparison.text).toBe('if a<b and c>d then');
      expect(comparison.content).toBe('<p>if a&lt;b and c&gt;d then</p>\n');

      const mixed = await writePost(instance, { content: '2*3*4 <i>now</i>\n\n<u>u</u> `<b>`' });
      expect(mixed.text).toBe('2*3*4 _now_\n\n<u>u</u> `<b>`');
      expect(mixed.content).toBe('<p>2<em>3</em>4 <em>now</em></p>\n<p><u>u</u> <code>&lt;b&gt;</code></p>\n');

      const indented = await writePost(instance, { content: '    code first\r\n\r\n' });
      expect(indented.text).toBe('    code first');
    });

    it('keeps a text too costly to format as written, serves it as plain text, and goes on serving', async () => {
      for (const text of [
        '*a'.repeat(49_000),
        `${'>'.repeat(5_000)} deep`,
        `${'<div>'.repeat(2_000)}<script>x</script>`,
      ]) {
        const post = await writePost(instance, { content: `@me ${text}` });
        expect(post.text).toBe(`@me ${text}`);
        expect(post.content).not.toMatch(/<(?!\/?p>|br \/>)/);
        expect(post.mentions).toMatchObject([{ as: 'me' }]);
        const read = await instance.call('GET', `/api/posts/${post.guid}`);
        expectOk(read);
        expect(read.json.data[0].text).toBe(`@me ${text}`);
      }
      expect((await writePost(instance, { content: 'and **then**' })).content).toContain('<strong>then</strong>');
    });
  });

  describe('updating', () => {
    it('updates through /api/posts/write with guid and through /api/posts/{guid}/write, keeping the GUID', async () => {
      const post = await writePost(instance, { content: 'First' });
      instance.clock.advance(60);
      const viaBody = await instance.call('POST', '/api/posts/write', {
        params: { guid: post.guid, content: 'Second' },
      });
      expectOk(viaBody);
      expect(viaBody.json.data[0]).toMatchObject({ guid: post.guid, text: 'Second', publish_unix: post.publish_unix });
      expect(viaBody.json.data[0].updated_unix).toBe((post.updated_unix as number) + 60);

      const viaPath = await instance.call('POST', `/api/posts/${post.guid.toUpperCase()}/write`, {
        params: { content: 'Third' },
      });
      expectOk(viaPath);
      expect(viaPath.json.data[0]).toMatchObject({ guid: post.guid, text: 'Third' });

      const read = await instance.call('GET', `/api/posts/${post.guid}`);
      expect(read.json.data[0].text).toBe('Third');
      const timeline = await instance.call('GET', '/api/posts/global');
      expect(timeline.json.data).toHaveLength(1);
    });

    it('keeps what an update does not send', async () => {
      const post = await writePost(instance, {
        ...BOOKMARK,
        content: 'Original',
        title: 'A title',
        tags: 'one,two',
        post_privacy: 'visibility.private',
        geo_description: 'Home',
        canonical_url: '/bookmarks/a-page',
        expires_at: nowOf(instance) + 86_400,
      });
      const result = await instance.call('POST', `/api/posts/${post.guid}/write`, { params: { content: 'Edited' } });
      expectOk(result);
      const { text, content, updated_at, updated_unix, ...kept } = result.json.data[0];
      const { text: _t, content: _c, updated_at: _ua, updated_unix: _uu, ...before } = post;
      expect(kept).toEqual(before);
      expect(text).toBe('Edited');
      expect(content).toBe('<p>Edited</p>\n');
      expect(updated_at).toBeTypeOf('string');
      expect(updated_unix).toBeTypeOf('number');
    });

    it('clears title, tags and expiry when they are sent empty', async () => {
      const post = await writePost(instance, { title: 'T', tags: 'a', expires_at: nowOf(instance) + 600 });
      const result = await instance.call('POST', `/api/posts/${post.guid}/write`, {
        params: { content: 'x', title: '', tags: '', expires_at: '' },
      });
      expect(result.json.data[0]).toMatchObject({ title: false, tags: false, expires_at: false, expires_unix: false });
    });

    it('removes the place and the address path when they are sent empty, and frees the path', async () => {
      const post = await writePost(instance, {
        geo_longitude: '-9.1393',
        geo_latitude: '38.7223',
        geo_altitude: '12',
        geo_description: 'Lisbon',
        canonical_url: '/notes/lisbon',
      });
      expect(post.canonical_url).toBe(`${ORIGIN}/notes/lisbon`);
      const result = await instance.call('POST', `/api/posts/${post.guid}/write`, {
        params: {
          content: 'x',
          geo_longitude: '',
          geo_latitude: '',
          geo_altitude: '',
          geo_description: '',
          canonical_url: '',
        },
      });
      expectOk(result);
      expect(result.json.data[0]).toMatchObject({ meta: false, canonical_url: `${ORIGIN}/posts/${post.guid}` });
      const read = await instance.call('GET', `/api/posts/${post.guid}`);
      expect(read.json.data[0]).toMatchObject({ meta: false, canonical_url: `${ORIGIN}/posts/${post.guid}` });
      // The path it had is free for another post.
      expect((await writePost(instance, { canonical_url: '/notes/lisbon' })).canonical_url).toBe(
        `${ORIGIN}/notes/lisbon`,
      );
    });

    it('removes one part of the place sent empty and keeps the parts sent with it', async () => {
      const post = await writePost(instance, {
        geo_longitude: 10,
        geo_latitude: 50,
        geo_altitude: 100,
        geo_description: 'A hill',
      });
      const result = await instance.call('POST', `/api/posts/${post.guid}/write`, {
        params: { content: 'x', geo_longitude: 10, geo_latitude: 50, geo_altitude: '', geo_description: 'A hill' },
      });
      expectOk(result);
      expect(result.json.data[0].meta.geo).toEqual({
        longitude: 10,
        latitude: 50,
        altitude: false,
        description: 'A hill',
      });
      // A bookmark keeps its source when its place goes.
      const bookmark = await writePost(instance, { ...BOOKMARK, geo_description: 'Home' });
      const cleared = await instance.call('POST', `/api/posts/${bookmark.guid}/write`, {
        params: { content: 'x', geo_description: '' },
      });
      expect(cleared.json.data[0].meta).toEqual({
        source: { url: BOOKMARK.source_url, title: BOOKMARK.source_title },
        geo: false,
      });
    });

    it('takes empty place variables on create as no place', async () => {
      const post = await writePost(instance, {
        geo_longitude: '',
        geo_latitude: ' ',
        geo_altitude: '',
        geo_description: '',
        canonical_url: '',
      });
      expect(post).toMatchObject({ meta: false, canonical_url: `${ORIGIN}/posts/${post.guid}` });
    });

    it('refuses to update an unknown, malformed or deleted GUID', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectError(
        await instance.call('POST', '/api/posts/write', { params: { guid: unknown, content: 'x' } }),
        400,
        ErrorText.invalidPostIdentifier,
      );
      expectError(
        await instance.call('POST', `/api/posts/${unknown}/write`, { params: { content: 'x' } }),
        400,
        ErrorText.invalidPostIdentifier,
      );
      expectError(
        await instance.call('POST', '/api/posts/not-a-guid/write', { params: { content: 'x' } }),
        400,
        ErrorText.invalidPostIdentifier,
      );
      expectError(
        await instance.call('POST', '/api/posts/write', { params: { guid: 'short', content: 'x' } }),
        400,
        'guid must be 36 characters',
      );

      const post = await writePost(instance);
      expectOk(await instance.call('DELETE', `/api/posts/${post.guid}`));
      expectError(
        await instance.call('POST', `/api/posts/${post.guid}/write`, { params: { content: 'x' } }),
        400,
        ErrorText.invalidPostIdentifier,
      );
    });

    it("refuses to update another account's post", async () => {
      const other = await addAccount(instance);
      const theirs = await write({ content: 'Mine, not yours', post_type: 'post.note' }, other.token);
      expectOk(theirs);
      const guid = theirs.json.data[0].guid;
      expectError(
        await instance.call('POST', `/api/posts/${guid}/write`, { params: { content: 'Taken over' } }),
        400,
        ErrorText.notOwner,
      );
      expectError(
        await instance.call('POST', '/api/posts/write', { params: { guid, content: 'Taken over' } }),
        400,
        ErrorText.notOwner,
      );
      const read = await instance.call('GET', `/api/posts/${guid}`);
      expect(read.json.data[0].text).toBe('Mine, not yours');
    });
  });

  describe('Persona and Channel', () => {
    it('defaults to the first Persona and the first Channel, and takes them by GUID', async () => {
      const post = await writePost(instance);
      expect(post.persona.guid).toBe(instance.personaGuid);
      expect(post.channel_guid).toBe(instance.channelGuid);

      const explicit = await writePost(instance, {
        persona_guid: instance.personaGuid,
        channel_guid: instance.channelGuid,
      });
      expect(explicit.persona.guid).toBe(instance.personaGuid);
      expect(explicit.channel_guid).toBe(instance.channelGuid);
    });

    it('needs write permission of the Persona on the Channel', async () => {
      const persona = await instance.call('POST', '/api/account/personas', { params: { handle: 'alice' } });
      expectOk(persona);
      const alice = persona.json.data.guid;
      const created = await instance.call('POST', '/api/account/channels', {
        params: { name: 'Side', persona_guids: alice },
      });
      expectOk(created);
      const side = created.json.data.guid;
      expect(side).toMatch(GUID);
      expect(created.json.data.writers).toEqual([alice]);

      expectError(
        await write({ content: 'x', post_type: 'post.note', channel_guid: side }),
        403,
        ErrorText.noChannelPermission,
      );
      const asAlice = await writePost(instance, { channel_guid: side, persona_guid: alice });
      expect(asAlice).toMatchObject({ channel_guid: side, persona: { guid: alice, as: 'alice' } });

      const grant = await instance.call('POST', `/api/account/channels/${side}/access`, {
        params: { persona_guid: instance.personaGuid, access: 'write' },
      });
      expectOk(grant);
      expect(grant.json.data.writers).toEqual(expect.arrayContaining([alice, instance.personaGuid]));
      const asMe = await writePost(instance, { channel_guid: side });
      expect(asMe).toMatchObject({ channel_guid: side, persona: { guid: instance.personaGuid } });

      const revoke = await instance.call('POST', `/api/account/channels/${side}/access`, {
        params: { persona_guid: instance.personaGuid, access: 'none' },
      });
      expect(revoke.json.data.writers).toEqual([alice]);
      expectError(
        await write({ content: 'x', post_type: 'post.note', channel_guid: side }),
        403,
        ErrorText.noChannelPermission,
      );
    });

    it("refuses another account's Persona or Channel, and unknown ones", async () => {
      const other = await addAccount(instance);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectError(
        await write({ content: 'x', post_type: 'post.note', persona_guid: other.personaGuid }),
        400,
        ErrorText.invalidPersona,
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', persona_guid: unknown }),
        400,
        ErrorText.invalidPersona,
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', channel_guid: other.channelGuid }),
        400,
        ErrorText.invalidChannel,
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', channel_guid: unknown }),
        400,
        ErrorText.invalidChannel,
      );
      expectError(
        await write({ content: 'x', post_type: 'post.note', channel_guid: 'main' }),
        400,
        'channel_guid must be a Channel GUID',
      );
    });
  });

  describe('canonical_url', () => {
    it('takes a path, completes it with the instance address and keeps it unique', async () => {
      const post = await writePost(instance, { canonical_url: '/notes/hello' });
      expect(post.canonical_url).toBe(`${ORIGIN}/notes/hello`);
      expectError(
        await write({ content: 'x', post_type: 'post.note', canonical_url: '/notes/hello' }),
        400,
        'canonical_url is already the address of another post',
      );
      for (const canonical_url of [
        'https://elsewhere.example/notes/hello',
        '/"><img/src/onerror=alert(1)>',
        "/notes/it's",
        '/a\\b',
      ]) {
        expectError(
          await write({ content: 'x', post_type: 'post.note', canonical_url }),
          400,
          'canonical_url must be a path such as /notes/hello, without domain, protocol, spaces, quotes or angle brackets',
        );
      }
      expect((await writePost(instance, { canonical_url: '/2026/11/24/über-straße_(1)' })).canonical_url).toBe(
        `${ORIGIN}/2026/11/24/über-straße_(1)`,
      );
    });
  });
});
