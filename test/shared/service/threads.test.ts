import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { timelineOrder } from '../../../src-shared/store/order';
import { BACKENDS, ORIGIN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { expectError, expectOk, expectPostShape, guidsOf } from './helpers';

describe.each(BACKENDS)('threads (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const thread = async (guid: string, token?: string | null) => {
    const result = await instance.call('GET', `/api/posts/${guid}/thread`, token === undefined ? {} : { token });
    expectOk(result);
    return result.json.data;
  };
  /** A post written a minute after the previous one, so that the conversation has an order. */
  const later = async (params: Record<string, string | number> = {}) => {
    instance.clock.advance(60);
    return writePost(instance, params);
  };

  describe('reply_to', () => {
    it('takes the GUID of a post here and presents the complete URL of that post', async () => {
      const root = await writePost(instance, { content: 'Root' });
      const reply = await later({ reply_to: root.guid });
      expect(reply.reply_to).toBe(root.canonical_url);
      expect(reply.parent_guid).toBe(root.guid);
      expect(guidsOf(await thread(root.guid))).toEqual([root.guid, reply.guid]);

      const upper = await later({ reply_to: root.guid.toUpperCase() });
      expect(upper.reply_to).toBe(root.canonical_url);
      expect(upper.parent_guid).toBe(root.guid);
    });

    it('completes that URL with the address the instance is reached at, as canonical_url is', async () => {
      const root = await writePost(instance);
      const reply = await later({ reply_to: root.guid });
      const response = await instance.service(new Request(`http://127.0.0.1:8080/api/posts/${reply.guid}`));
      const [seen] = (await response.json()).data;
      expect(seen.reply_to).toBe(`http://127.0.0.1:8080/posts/${root.guid}`);

      // The parent's tombstone still knows its address.
      expectOk(await instance.call('DELETE', `/api/posts/${root.guid}`));
      const orphan = await instance.call('GET', `/api/posts/${reply.guid}`);
      expect(orphan.json.data[0].reply_to).toBe(root.canonical_url);
    });

    it('takes the canonical URL of a post here, the default one and a chosen one', async () => {
      const root = await writePost(instance, { content: 'Root' });
      expect(root.canonical_url).toBe(`${ORIGIN}/posts/${root.guid}`);
      const reply = await later({ reply_to: root.canonical_url });
      expect(reply).toMatchObject({ reply_to: root.canonical_url, parent_guid: root.guid });

      const named = await later({ canonical_url: '/notes/named' });
      const toNamed = await later({ reply_to: `${ORIGIN}/notes/named` });
      expect(toNamed).toMatchObject({ reply_to: `${ORIGIN}/notes/named`, parent_guid: named.guid });
      expect(guidsOf(await thread(named.guid))).toEqual([named.guid, toNamed.guid]);
    });

    it('links to the live post at a canonical URL that a deleted post once had', async () => {
      const live = await writePost(instance, { canonical_url: '/notes/reused' });
      // A tombstone with the same path whose GUID sorts first, as an earlier deleted post can leave.
      const stored = await instance.db.posts.where('guid').equals(live.guid).first();
      if (!stored) throw new Error('the post is not in the store');
      const { id: _id, ...row } = stored;
      const guid = '00000000-0000-4000-8000-000000000000';
      await instance.db.posts.add({ ...row, guid, order: timelineOrder(row.publishUnix, guid), deleted: 1 });

      const reply = await later({ reply_to: `${ORIGIN}/notes/reused` });
      expect(reply.parent_guid).toBe(live.guid);
      expect(guidsOf(await thread(live.guid))).toEqual([live.guid, reply.guid]);
    });

    it('takes the URL of a page on another site; the replies to it form a conversation of their own', async () => {
      const url = 'https://elsewhere.example/2026/05/a-post';
      const first = await writePost(instance, { reply_to: url });
      expect(first).toMatchObject({ reply_to: url, parent_guid: false });
      const second = await later({ reply_to: url });
      const unrelated = await later({ reply_to: 'https://elsewhere.example/another' });
      expect(guidsOf(await thread(first.guid))).toEqual([first.guid, second.guid]);
      expect(guidsOf(await thread(unrelated.guid))).toEqual([unrelated.guid]);
    });

    it('refuses a reply_to that is neither a URL nor a GUID', async () => {
      const result = await instance.call('POST', '/api/posts/write', {
        params: { content: 'x', post_type: 'post.note', reply_to: 'not a url' },
      });
      expectError(result, 400, 'reply_to must be a URL or the GUID of a post');
      const script = await instance.call('POST', '/api/posts/write', {
        params: { content: 'x', post_type: 'post.note', reply_to: 'javascript:alert(1)' },
      });
      expectError(script, 400, 'reply_to must be an http(s) URL or the GUID of a post');
      const markup = await instance.call('POST', '/api/posts/write', {
        params: {
          content: 'x',
          post_type: 'post.note',
          reply_to: 'https://elsewhere.example/"><img src=x onerror=alert(1)>',
        },
      });
      expectError(markup, 400, 'reply_to must be a URL without spaces, quotes or angle brackets (percent-encode them)');
    });
  });

  describe('the conversation', () => {
    it('returns the whole conversation with its branches, oldest first, from any of its posts', async () => {
      //  root
      //  ├── a
      //  │   └── a1
      //  │       └── a1x
      //  └── b
      const root = await writePost(instance, { content: 'root' });
      const a = await later({ content: 'a', reply_to: root.guid });
      const b = await later({ content: 'b', reply_to: root.canonical_url });
      const a1 = await later({ content: 'a1', reply_to: a.guid });
      const a1x = await later({ content: 'a1x', reply_to: a1.canonical_url });
      const unrelated = await later({ content: 'elsewhere' });

      const expected = [root.guid, a.guid, b.guid, a1.guid, a1x.guid];
      for (const member of [root, a, b, a1, a1x]) {
        const posts = await thread(member.guid);
        expect(guidsOf(posts)).toEqual(expected);
        for (const post of posts) expectPostShape(post);
        expect(await thread(member.guid, null)).toEqual(
          posts.map((p: { persona: object }) => ({ ...p, persona: { ...p.persona, is_you: false } })),
        );
      }
      const parents = Object.fromEntries(
        (await thread(root.guid)).map((p: { text: string; parent_guid: string | false }) => [p.text, p.parent_guid]),
      );
      expect(parents).toEqual({ root: false, a: root.guid, b: root.guid, a1: a.guid, a1x: a1.guid });
      expect(guidsOf(await thread(unrelated.guid))).toEqual([unrelated.guid]);
    });

    it('keeps a branch when its post is edited to reply elsewhere', async () => {
      const first = await writePost(instance, { content: 'first' });
      const second = await later({ content: 'second' });
      const reply = await later({ reply_to: first.guid });
      const replyToReply = await later({ reply_to: reply.guid });

      const moved = await instance.call('POST', `/api/posts/${reply.guid}/write`, {
        params: { content: 'moved', reply_to: second.guid },
      });
      expectOk(moved);
      expect(moved.json.data[0]).toMatchObject({ parent_guid: second.guid, reply_to: second.canonical_url });
      expect(guidsOf(await thread(first.guid))).toEqual([first.guid]);
      expect(guidsOf(await thread(replyToReply.guid))).toEqual([second.guid, reply.guid, replyToReply.guid]);
    });

    it('makes a reply a conversation of its own, replies included, when reply_to is sent empty', async () => {
      const root = await writePost(instance);
      const reply = await later({ reply_to: root.guid });
      const under = await later({ reply_to: reply.guid });
      const detached = await instance.call('POST', `/api/posts/${reply.guid}/write`, {
        params: { content: 'on its own', reply_to: '' },
      });
      expectOk(detached);
      expect(detached.json.data[0]).toMatchObject({ reply_to: false, parent_guid: false });
      expect(guidsOf(await thread(root.guid))).toEqual([root.guid]);
      expect(guidsOf(await thread(under.guid))).toEqual([reply.guid, under.guid]);
    });

    it('keeps a reply in its conversation when it is edited after its parent has gone', async () => {
      const root = await writePost(instance, {
        content: 'root',
        expires_at: Math.floor(instance.clock.now() / 1000) + 600,
      });
      const a = await later({ content: 'a', reply_to: root.guid });
      const b = await later({ content: 'b', reply_to: root.guid });
      instance.clock.advance(600);
      expect(guidsOf(await thread(a.guid))).toEqual([a.guid, b.guid]);

      const edits: Record<string, string>[] = [
        { content: 'a, edited' },
        { content: 'a, edited again', reply_to: a.reply_to },
      ];
      for (const params of edits) {
        const edited = await instance.call('POST', `/api/posts/${a.guid}/write`, { params });
        expectOk(edited);
        expect(edited.json.data[0]).toMatchObject({ parent_guid: root.guid, reply_to: root.canonical_url });
        expect(guidsOf(await thread(b.guid))).toEqual([a.guid, b.guid]);
      }
    });

    it('refuses to make a post a reply to itself or to one of its own replies', async () => {
      const root = await writePost(instance, { content: 'root' });
      const child = await later({ reply_to: root.guid });
      const grandchild = await later({ reply_to: child.guid });
      const problem = 'reply_to must not be this post or one of its replies';
      for (const target of [root, child, grandchild]) {
        for (const reply_to of [target.guid, target.canonical_url]) {
          const result = await instance.call('POST', `/api/posts/${root.guid}/write`, {
            params: { content: 'loop', reply_to },
          });
          expectError(result, 400, problem);
        }
      }
      // The conversation is as it was, and the root can still move to a conversation elsewhere.
      expect(guidsOf(await thread(grandchild.guid))).toEqual([root.guid, child.guid, grandchild.guid]);
      const other = await later({ content: 'other' });
      expectOk(
        await instance.call('POST', `/api/posts/${root.guid}/write`, {
          params: { content: 'moved', reply_to: other.guid },
        }),
      );
      // Oldest first: the root moved along with its replies into the conversation of the newer post.
      expect(guidsOf(await thread(other.guid))).toEqual([root.guid, child.guid, grandchild.guid, other.guid]);
    });

    it('answers "Invalid Thread Identifier Supplied (2)" for an unknown or malformed GUID', async () => {
      for (const guid of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expectError(await instance.call('GET', `/api/posts/${guid}/thread`), 400, ErrorText.invalidThreadIdentifier);
        expectError(
          await instance.call('GET', `/api/posts/${guid}/thread`, { token: null }),
          400,
          ErrorText.invalidThreadIdentifier,
        );
      }
    });

    it('hides private replies from an anonymous reader, and a private post cannot anchor it', async () => {
      const root = await writePost(instance);
      const pub = await later({ reply_to: root.guid });
      const priv = await later({ reply_to: root.guid, post_privacy: 'visibility.private' });
      const underPriv = await later({ reply_to: priv.guid });

      expect(guidsOf(await thread(root.guid))).toEqual([root.guid, pub.guid, priv.guid, underPriv.guid]);
      expect(guidsOf(await thread(root.guid, null))).toEqual([root.guid, pub.guid, underPriv.guid]);
      expectError(
        await instance.call('GET', `/api/posts/${priv.guid}/thread`, { token: null }),
        400,
        ErrorText.invalidThreadIdentifier,
      );
    });
  });
});
