import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk } from './helpers';
import { expectLegacyError, expectLegacyOk, LEGACY_POST_FIELDS, writeContent } from './legacy-helpers';

describe.each(BACKENDS)('legacy /content (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  describe('POST /content', () => {
    it('writes a Blurb with every field of section 2.2, readable by id and by GUID', async () => {
      const post = await writeContent(instance, { content: 'A *first* Blurb #hello' });
      for (const field of LEGACY_POST_FIELDS) expect(post, field).toHaveProperty(field);
      expect(post).toMatchObject({
        type: 'post.micro',
        title: '',
        slug: String(post.id),
        privacy: 'visibility.public',
        parent_id: false,
        content: { text: 'A *first* Blurb #hello', summary: false, banner: false },
        audio: false,
        is_visible: true,
        is_deleted: false,
        stars: false,
        parent_post: false,
        expires_at: false,
        expires_unix: false,
      });
      expect(post.id).toBeGreaterThan(0);
      expect(post.content.html).toContain('<em>first</em>');
      expect(post.account[0]).toMatchObject({ id: 1, username: 'me', is_you: true });
      expect(post.channel).toMatchObject({ id: 1, name: 'Main' });
      expect(post.urls.full_url).toBe(`http://desk.test${post.urls.canonical_url}`);

      const byId = await instance.call('GET', `/content/${post.id}`, { token: null });
      expectLegacyOk(byId);
      expect(byId.json.data[0].guid).toBe(post.guid);
      const byGuid = await instance.call('GET', `/api/posts/${post.guid}`);
      expectOk(byGuid);
      expect(byGuid.json.data[0]).toMatchObject({ type: 'post.note', text: 'A *first* Blurb #hello', title: false });
    });

    it('makes a titled post a blog post, or the titled kind `type` names, and keeps a Blurb a Blurb', async () => {
      expect((await writeContent(instance, { title: 'An essay', content: 'Long text' })).type).toBe('post.article');
      expect((await writeContent(instance, { title: 'Later', content: 'Unfinished', type: 'post.draft' })).type).toBe(
        'post.draft',
      );
      expect((await writeContent(instance, { title: 'About', content: 'Me', type: 'post.page' })).type).toBe(
        'post.page',
      );
      expect((await writeContent(instance, { content: 'No title', type: 'post.article' })).type).toBe('post.micro');
    });

    it('answers "No Text to Post" without content and refuses a Blurb over 8192 bytes, storing nothing', async () => {
      expectLegacyError(
        await instance.call('POST', '/content', { params: { title: 'x' } }),
        404,
        ErrorText.noTextToPost,
      );
      expectLegacyError(
        await instance.call('POST', '/content', { params: { content: '   ' } }),
        404,
        ErrorText.noTextToPost,
      );
      const tooBig = await instance.call('POST', '/content', { params: { content: 'é'.repeat(4097) } });
      expectLegacyError(tooBig, 400, 'content of a Blurb must be at most 8192 bytes');
      await writeContent(instance, { content: 'é'.repeat(4096) });
      // A titled post may be longer.
      await writeContent(instance, { content: 'é'.repeat(5000), title: 'Long' });
      expect(await instance.db.posts.count()).toBe(2);
    });

    it('answers "Duplicate Post!" for a Blurb identical to the previous one, and accepts it after another', async () => {
      await writeContent(instance, { content: 'Same again' });
      expectLegacyError(
        await instance.call('POST', '/content', { params: { content: 'Same again' } }),
        404,
        ErrorText.duplicatePost,
      );
      await writeContent(instance, { content: 'Something else' });
      await writeContent(instance, { content: 'Same again' });
      expect(await instance.db.posts.count()).toBe(3);
    });

    it('needs a token', async () => {
      expectLegacyError(
        await instance.call('POST', '/content', { params: { content: 'x' }, token: null }),
        403,
        ErrorText.needToLogIn,
      );
      expectLegacyError(
        await instance.call('POST', '/content', { params: { content: 'x' }, token: 'wrong' }),
        401,
        ErrorText.invalidToken,
      );
    });

    it('updates the post `post_id` and keeps its id, GUID and slug', async () => {
      const post = await writeContent(instance, { content: 'First version', slug: 'my-slug' });
      instance.clock.advance(60);
      const updated = await writeContent(instance, { post_id: post.id, content: 'Second version' });
      expect(updated).toMatchObject({
        id: post.id,
        guid: post.guid,
        slug: 'my-slug',
        content: { text: 'Second version' },
      });
      expect(updated.updated_unix).toBe((post.updated_unix as number) + 60);
      expect(await instance.db.posts.count()).toBe(1);
    });

    it('refuses to update a post of another account or one that does not exist', async () => {
      const other = await addAccount(instance, 'other');
      const theirs = await instance.call('POST', '/content', { params: { content: 'Theirs' }, token: other.token });
      expectLegacyOk(theirs);
      const attempt = await instance.call('POST', '/content', {
        params: { post_id: theirs.json.data[0].id, content: 'Mine now' },
      });
      expectLegacyError(attempt, 403, ErrorText.notOwner);
      expectLegacyError(
        await instance.call('POST', '/content', { params: { post_id: 999, content: 'x' } }),
        404,
        ErrorText.postDoesNotExist,
      );
      expectLegacyError(
        await instance.call('POST', '/content', { params: { post_id: 'abc', content: 'x' } }),
        400,
        'post_id must be the numeric id of a post',
      );
    });

    it('links a reply by id: parent_id, the thread, and the instance thread', async () => {
      const root = await writeContent(instance, { content: 'Root' });
      const reply = await writeContent(instance, { content: 'Reply', reply_to: root.id });
      expect(reply.parent_id).toBe(root.id);
      expect(reply.thread).not.toBe(false);
      const thread = await instance.call('GET', `/api/posts/${root.guid}/thread`);
      expect(thread.json.data.map((p: { guid: string }) => p.guid).sort()).toEqual([root.guid, reply.guid].sort());
      expectLegacyError(
        await instance.call('POST', '/content', { params: { content: 'x', reply_to: 9999 } }),
        400,
        'reply_to must be the id of a post on this instance',
      );
    });

    it('refuses a reply to a post the writer cannot read, as if it did not exist, and reveals nothing of it', async () => {
      const other = await addAccount(instance);
      const hidden = await instance.call('POST', '/content', {
        params: { content: 'Mine alone', privacy_type: 'visibility.none' },
        token: other.token,
      });
      const hiddenId = hidden.json.data[0].id;
      const answer = await instance.call('POST', '/content', {
        params: { content: 'Sneaky reply', reply_to: hiddenId },
      });
      expectLegacyError(answer, 400, 'reply_to must be the id of a post on this instance');
      expect(JSON.stringify(answer.json)).not.toContain(hidden.json.data[0].guid);
    });

    it('takes pubdts, expydts and expyhrs (which wins), and privacy_type', async () => {
      const post = await writeContent(instance, {
        content: 'Timed',
        pubdts: '2027-01-02 03:04:05',
        expydts: '2027-02-01 00:00:00',
        expyhrs: 2,
        privacy_type: 'visibility.private',
      });
      expect(post.publish_at).toBe('2027-01-02T03:04:05Z');
      expect(post.expires_unix).toBe((post.publish_unix as number) + 7200);
      expect(post.privacy).toBe('visibility.private');
      const bad = await instance.call('POST', '/content', { params: { content: 'x', pubdts: 'tomorrow' } });
      expectLegacyError(bad, 400, 'pubdts must be a date such as 2026-11-22 09:30:00 (UTC)');
      // Before 1970, or a two-digit year that a date library would read as 19xx: refused, under the name sent.
      // After 9999, which no ISO 8601 time a client reads can say: refused too.
      for (const [name, value] of [
        ['pubdts', '1969-12-31 23:59:59'],
        ['pubdts', '0099-01-01 00:00:00'],
        ['expydts', '0001-01-01 00:00:00'],
        ['pubdts', '999999999999'],
      ]) {
        const early = await instance.call('POST', '/content', {
          params: { content: 'Too early', [name as string]: value as string },
        });
        expectLegacyError(early, 400, `${name} must be a date such as 2026-11-22 09:30:00 (UTC)`);
      }
      const endless = await instance.call('POST', '/content', {
        params: { content: 'Late', pubdts: '9999-12-31 00:00:00', expyhrs: 48 },
      });
      expectLegacyError(endless, 400, 'expyhrs must end by the year 9999');
    });

    it('publishes to `channel_id` and refuses an unknown one', async () => {
      const channel = await instance.call('POST', '/api/account/channels', { params: { name: 'Second' } });
      const post = await writeContent(instance, { content: 'Elsewhere', channel_id: 2 });
      expect(post.channel).toMatchObject({ id: 2, guid: channel.json.data.guid });
      expectLegacyError(
        await instance.call('POST', '/content', { params: { content: 'x', channel_id: 77 } }),
        400,
        ErrorText.invalidChannel,
      );
    });

    it('writes an announcing Blurb with send_blurb=Y for a new blog post', async () => {
      const article = await writeContent(instance, { title: 'Big [news]', content: 'Body', send_blurb: 'Y' });
      const blurbs = await instance.call('GET', '/content/blurbs/global');
      expect(blurbs.json.data).toHaveLength(1);
      expect(blurbs.json.data[0].content.text).toBe(`New post: [Big \\[news\\]](${article.urls.full_url})`);
      expect(blurbs.json.data[0].content.html).toContain(`href="${article.urls.full_url}"`);
    });
  });

  describe('reading', () => {
    it('answers "Post Does Not Exist" for unknown, deleted and hidden posts, and 400 for a non-numeric id', async () => {
      expectLegacyError(await instance.call('GET', '/content/12345'), 404, ErrorText.postDoesNotExist);
      const hidden = await writeContent(instance, { content: 'Only me', privacy_type: 'visibility.none' });
      expectLegacyError(
        await instance.call('GET', `/content/${hidden.id}`, { token: null }),
        404,
        ErrorText.postDoesNotExist,
      );
      expectLegacyOk(await instance.call('GET', `/content/${hidden.id}`));
      expectLegacyError(await instance.call('GET', '/content/12abc'), 400, 'The post id must be a whole number');
    });

    it('lists post_ids in the order asked, leaving out what the reader may not see', async () => {
      const a = await writeContent(instance, { content: 'A' });
      const b = await writeContent(instance, { content: 'B', privacy_type: 'visibility.private' });
      const c = await writeContent(instance, { content: 'C' });
      const list = await instance.call('GET', '/content', {
        params: { post_ids: `${c.id},${b.id},999,${a.id}` },
        token: null,
      });
      expectLegacyOk(list);
      expect(list.json.data.map((p: { id: number }) => p.id)).toEqual([c.id, a.id]);
      expectLegacyError(
        await instance.call('GET', '/content', { params: { post_ids: '1,x' } }),
        400,
        'post_ids must be a comma list of numeric post ids',
      );
      expectLegacyError(await instance.call('GET', '/content'), 400, 'post_ids is required: a comma list of post ids');
    });

    it('leaves out the relational fields with simple_posts=Y', async () => {
      const post = await writeContent(instance, { content: 'Simple', simple_posts: 'Y' });
      expect(post).not.toHaveProperty('stars');
      expect(post).not.toHaveProperty('parent_post');
      expect(post).toMatchObject({ is_visible: true, is_deleted: false });
      const full = await instance.call('GET', `/content/${post.id}`);
      expect(full.json.data[0]).toHaveProperty('stars', false);
    });

    it('reads and edits through the legacy interface a post written through the instance interface', async () => {
      const written = await writePost(instance, {
        content: 'From the instance side',
        tags: 'one,two',
        geo_description: 'Home',
        canonical_url: '/notes/home',
      });
      const [stored] = await instance.db.posts.where('guid').equals(written.guid).toArray();
      const id = stored?.id;
      const read = await instance.call('GET', `/content/${id}`);
      expect(read.json.data[0]).toMatchObject({
        guid: written.guid,
        type: 'post.micro',
        tags: [{ name: 'one' }, { name: 'two' }],
      });
      await writeContent(instance, { post_id: Number(id), content: 'Edited from the legacy side' });
      const again = await instance.call('GET', `/api/posts/${written.guid}`);
      expect(again.json.data[0].text).toBe('Edited from the legacy side');
      expect(again.json.data[0].tags).toEqual(['one', 'two']);
      // The legacy interface has no place nor address variables: an edit there keeps both.
      expect(again.json.data[0].meta.geo).toMatchObject({ description: 'Home' });
      expect(new URL(again.json.data[0].canonical_url).pathname).toBe('/notes/home');
    });
  });

  describe('DELETE /content/{id}', () => {
    it('deletes for the creator and answers id, is_visible false, is_deleted true', async () => {
      const post = await writeContent(instance, { content: 'Short-lived' });
      const result = await instance.call('DELETE', `/content/${post.id}`);
      expectLegacyOk(result);
      expect(result.json.data).toEqual({ id: post.id, is_visible: false, is_deleted: true });
      expectLegacyError(await instance.call('GET', `/content/${post.id}`), 404, ErrorText.postDoesNotExist);
      expectError(await instance.call('GET', `/api/posts/${post.guid}`), 400, ErrorText.invalidPostIdentifier);
      expectLegacyError(await instance.call('DELETE', `/content/${post.id}`), 404, ErrorText.invalidPostIdLegacy);
    });

    it('lets a post_id in the body win over the path', async () => {
      const keep = await writeContent(instance, { content: 'Keep' });
      const drop = await writeContent(instance, { content: 'Drop' });
      const result = await instance.call('DELETE', `/content/${keep.id}`, { params: { post_id: drop.id } });
      expect(result.json.data.id).toBe(drop.id);
      expectLegacyOk(await instance.call('GET', `/content/${keep.id}`));
    });

    it("refuses another account's post and needs a token", async () => {
      const other = await addAccount(instance, 'other');
      const theirs = await instance.call('POST', '/content', { params: { content: 'Theirs' }, token: other.token });
      expectLegacyError(await instance.call('DELETE', `/content/${theirs.json.data[0].id}`), 403, ErrorText.notOwner);
      expectLegacyError(
        await instance.call('DELETE', `/content/${theirs.json.data[0].id}`, { token: null }),
        403,
        ErrorText.needToLogIn,
      );
      expectLegacyOk(await instance.call('GET', `/content/${theirs.json.data[0].id}`));
    });

    it('deletes a post written through the instance interface', async () => {
      const written = await writePost(instance, { content: 'Instance post' });
      const id = (await instance.db.posts.where('guid').equals(written.guid).first())?.id;
      expectLegacyOk(await instance.call('DELETE', `/content/${id}`));
      expectError(await instance.call('GET', `/api/posts/${written.guid}`), 400, ErrorText.invalidPostIdentifier);
    });
  });

  describe('star and pin', () => {
    it('toggles a star, answering the post with stars entries of section 2.4', async () => {
      const post = await writeContent(instance, { content: 'Star me' });
      instance.clock.set(1_800_000_123);
      const starred = await instance.call('POST', `/content/star/${post.id}`);
      expectLegacyOk(starred);
      expect(starred.json.data[0].you_starred).toBe(true);
      expect(starred.json.data[0].stars).toEqual([
        {
          id: 1,
          name: 'me',
          avatar_url: expect.stringMatching(/^data:image\/svg/),
          starred_at: '2027-01-15 08:02:03',
          starred_unix: 1_800_000_123,
        },
      ]);
      // The instance interface sees the same star.
      expect((await instance.call('GET', `/api/posts/${post.guid}`)).json.data[0].attributes.starred).toBe(true);
      const unstarred = await instance.call('POST', `/content/star/${post.id}`);
      expect(unstarred.json.data[0]).toMatchObject({ you_starred: false, stars: false });
      expectLegacyError(await instance.call('POST', '/content/star/4242'), 404, ErrorText.postDoesNotExist);
    });

    it('pins with a hex colour (colour or color), removes the pin with the same colour, ignores invalid hex', async () => {
      const post = await writeContent(instance, { content: 'Pin me' });
      const red = await instance.call('POST', '/content/pin', { params: { post_id: post.id, colour: '#FF0000' } });
      expectLegacyOk(red);
      expect(red.json.data[0]).toMatchObject({ you_pinned: true, pin_colour: '#ff0000' });
      expect((await instance.call('GET', `/api/posts/${post.guid}`)).json.data[0].attributes.pin).toBe('pin.red');
      const blue = await instance.call('POST', '/content/pin', { params: { post_id: post.id, color: '0000ff' } });
      expect(blue.json.data[0].pin_colour).toBe('#0000ff');
      const ignored = await instance.call('POST', '/content/pin', { params: { post_id: post.id, colour: '#123456' } });
      expect(ignored.json.data[0].pin_colour).toBe('#0000ff');
      const off = await instance.call('POST', '/content/pin', { params: { post_id: post.id, colour: '#0000ff' } });
      expect(off.json.data[0]).toMatchObject({ you_pinned: false, pin_colour: false });
      expectLegacyError(
        await instance.call('POST', '/content/pin', { params: { colour: '#ff0000' } }),
        400,
        'post_id must be the numeric id of a post',
      );
    });
  });

  it('answers unknown /content paths and wrong methods with legacy envelopes', async () => {
    expectLegacyError(await instance.call('GET', '/content/blurbs/nowhere/else'), 404, ErrorText.unknownEndpoint);
    expectLegacyError(await instance.call('PUT', '/content/1'), 405, ErrorText.methodNotAllowed);
  });
});
