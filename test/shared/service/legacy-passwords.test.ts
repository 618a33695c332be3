import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { PASSWD_ON_BLURB } from '../../../src-shared/service/legacy/passwords';
import { BACKENDS, OWNER_TOKEN, startInstance, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, guidsOf } from './helpers';
import { expectLegacyError, expectLegacyOk, writeContent } from './legacy-helpers';

const SECRET = 'open sesame';

describe.each(BACKENDS)('legacy passwd (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const protectedPost = (params: Record<string, string | number> = {}) =>
    writeContent(instance, { title: 'Members only', content: 'The hidden text', passwd: SECRET, ...params });

  /** The three single-post reads, as someone who is not the owner (`token`: none by default). */
  const readers = (id: number, guid: string, passwd?: string, token: string | null = null) => {
    const params: Record<string, string> = passwd === undefined ? {} : { passwd };
    return {
      byId: () => instance.call('GET', `/content/${id}`, { params, token }),
      byList: () => instance.call('GET', '/content', { params: { post_ids: String(id), ...params }, token }),
      byGuid: () => instance.call('GET', `/api/posts/${guid}`, { params, token }),
    };
  };

  async function expectHidden(id: number, guid: string, passwd?: string, token: string | null = null) {
    const read = readers(id, guid, passwd, token);
    // Exactly the answers for a post that does not exist.
    expectLegacyError(await read.byId(), 404, ErrorText.postDoesNotExist);
    const list = await read.byList();
    expectLegacyOk(list);
    expect(list.json.data).toEqual([]);
    expectError(await read.byGuid(), 400, ErrorText.invalidPostIdentifier);
  }

  async function expectReadable(id: number, guid: string, passwd?: string, token: string | null = null) {
    const read = readers(id, guid, passwd, token);
    const byId = await read.byId();
    expectLegacyOk(byId);
    expect(byId.json.data[0]).toMatchObject({ id, guid, title: 'Members only', content: { text: 'The hidden text' } });
    const list = await read.byList();
    expectLegacyOk(list);
    expect(guidsOf(list.json.data)).toEqual([guid]);
    const byGuid = await read.byGuid();
    expectOk(byGuid);
    expect(byGuid.json.data[0]).toMatchObject({ guid, title: 'Members only', text: 'The hidden text' });
  }

  it('lets the owner read their protected post without the password', async () => {
    const post = await protectedPost();
    expect(post).toMatchObject({ type: 'post.article', title: 'Members only' });
    await expectReadable(post.id, post.guid, undefined, OWNER_TOKEN);
    // A wrong password does not matter to the owner either.
    await expectReadable(post.id, post.guid, 'wrong', OWNER_TOKEN);
  });

  it('shows a protected post to anyone else only with the right passwd, on all three single-post reads', async () => {
    const post = await protectedPost();
    await expectHidden(post.id, post.guid);
    await expectHidden(post.id, post.guid, 'open sesame!');
    await expectHidden(post.id, post.guid, '');
    await expectHidden(post.id, post.guid, 'OPEN SESAME');
    await expectReadable(post.id, post.guid, SECRET);

    // Another account is anyone else, too.
    const other = await addAccount(instance, 'other');
    await expectHidden(post.id, post.guid, undefined, other.token);
    await expectReadable(post.id, post.guid, SECRET, other.token);

    // A wrong password answers exactly like a post that does not exist.
    const missing = await instance.call('GET', '/content/999', { token: null });
    const wrong = await instance.call('GET', `/content/${post.id}`, { params: { passwd: 'nope' }, token: null });
    expect(wrong).toEqual(missing);
  });

  it('lists, with passwd, the protected posts it opens among the others, in the order asked', async () => {
    const open = await writeContent(instance, { content: 'Everyone may read this' });
    const locked = await protectedPost();
    const other = await protectedPost({ title: 'Other secret', passwd: 'another one' });
    const ids = `${other.id},${locked.id},${open.id}`;
    const without = await instance.call('GET', '/content', { params: { post_ids: ids }, token: null });
    expect(guidsOf(without.json.data)).toEqual([open.guid]);
    const withSecret = await instance.call('GET', '/content', {
      params: { post_ids: ids, passwd: SECRET },
      token: null,
    });
    expect(guidsOf(withSecret.json.data)).toEqual([locked.guid, open.guid]);
    const owner = await instance.call('GET', '/content', { params: { post_ids: ids } });
    expect(guidsOf(owner.json.data)).toEqual([other.guid, locked.guid, open.guid]);
  });

  it('tries one passwd against at most 10 protected posts, in the order asked', async () => {
    const posts = [];
    for (let i = 0; i < 11; i++) posts.push(await protectedPost({ title: `Secret ${i}` }));
    const ids = posts
      .map((p) => p.id)
      .reverse()
      .join(',');
    const list = await instance.call('GET', '/content', { params: { post_ids: ids, passwd: SECRET }, token: null });
    expect(guidsOf(list.json.data)).toEqual(guidsOf(posts).reverse().slice(0, 10));
  });

  it('does not open a post the reader may not see for another reason', async () => {
    const future = await protectedPost({ pubdts: '2099-01-01 00:00:00' });
    await expectHidden(future.id, future.guid, SECRET);
    const privatePost = await protectedPost({ title: 'Private', privacy_type: 'visibility.private' });
    await expectHidden(privatePost.id, privatePost.guid, SECRET);
  });

  it('keeps a protected post out of the timelines and threads of everyone else', async () => {
    const post = await protectedPost();
    instance.clock.advance(60);
    const open = await writeContent(instance, { title: 'Open essay', content: 'For all' });
    instance.clock.advance(60);
    const reply = await writeContent(instance, { content: 'A public reply', reply_to: post.id });
    const types = 'post.article,post.note';

    const global = await instance.call('GET', '/api/posts/global', { params: { types, passwd: SECRET }, token: null });
    expectOk(global);
    expect(guidsOf(global.json.data)).toEqual([reply.guid, open.guid]);
    const ownerGlobal = await instance.call('GET', '/api/posts/global', { params: { types } });
    expect(guidsOf(ownerGlobal.json.data)).toEqual([reply.guid, open.guid, post.guid]);

    const thread = await instance.call('GET', `/api/posts/${reply.guid}/thread`, {
      params: { passwd: SECRET },
      token: null,
    });
    expectOk(thread);
    expect(guidsOf(thread.json.data)).toEqual([reply.guid]);
    const fromRoot = await instance.call('GET', `/api/posts/${post.guid}/thread`, {
      params: { passwd: SECRET },
      token: null,
    });
    expectError(fromRoot, 400, ErrorText.invalidThreadIdentifier);
    const ownerThread = await instance.call('GET', `/api/posts/${reply.guid}/thread`);
    expect(guidsOf(ownerThread.json.data)).toEqual([post.guid, reply.guid]);

    // Blog posts are never Blurbs; the Blurb collection shows the reply only.
    const blurbs = await instance.call('GET', '/content/blurbs/global', { token: null });
    expect(guidsOf(blurbs.json.data)).toEqual([reply.guid]);
  });

  it('stores only a salted slow hash, and shows it nowhere', async () => {
    const post = await protectedPost();
    const twin = await protectedPost({ title: 'Same password' });
    const row = await instance.db.posts.get(post.id);
    const twinRow = await instance.db.posts.get(twin.id);
    expect(row?.passwordHash).toMatch(/^pbkdf2-sha256\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(row?.passwordHash).not.toBe(twinRow?.passwordHash);
    expect(JSON.stringify(row)).not.toContain(SECRET);

    const answers = [
      await instance.call('GET', `/content/${post.id}`),
      await instance.call('GET', `/api/posts/${post.guid}`),
      await instance.call('GET', `/content/${post.id}`, { params: { passwd: SECRET }, token: null }),
      await instance.call('GET', `/api/posts/${post.guid}`, { params: { passwd: SECRET }, token: null }),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer.json);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('pbkdf2');
      expect(text).not.toMatch(/password|passwd/i);
    }
  });

  it('keeps the password across updates without passwd, changes it with a new one, and removes it with passwd=', async () => {
    const post = await protectedPost();
    const edited = await writeContent(instance, {
      post_id: post.id,
      title: 'Members only',
      content: 'The hidden text',
    });
    expect(edited.guid).toBe(post.guid);
    await expectHidden(post.id, post.guid);
    await expectReadable(post.id, post.guid, SECRET);

    await writeContent(instance, {
      post_id: post.id,
      title: 'Members only',
      content: 'The hidden text',
      passwd: 'new secret',
    });
    await expectHidden(post.id, post.guid, SECRET);
    await expectReadable(post.id, post.guid, 'new secret');

    await writeContent(instance, { post_id: post.id, title: 'Members only', content: 'The hidden text', passwd: '' });
    expect((await instance.db.posts.get(post.id))?.passwordHash ?? null).toBeNull();
    await expectReadable(post.id, post.guid);
  });

  it('refuses passwd on a Blurb, and a Blurb made of a protected post unless passwd= removes it', async () => {
    const blurb = await instance.call('POST', '/content', { params: { content: 'A short note', passwd: SECRET } });
    expectLegacyError(blurb, 400, PASSWD_ON_BLURB);
    expect(await instance.db.posts.count()).toBe(0);
    // An empty passwd on a Blurb asks for no password: nothing to refuse.
    await writeContent(instance, { content: 'A short note', passwd: '' });

    const post = await protectedPost();
    const untitled = await instance.call('POST', '/content', {
      params: { post_id: post.id, title: '', content: 'Now a Blurb' },
    });
    expectLegacyError(untitled, 400, PASSWD_ON_BLURB);
    await expectHidden(post.id, post.guid);
    const opened = await writeContent(instance, { post_id: post.id, title: '', content: 'Now a Blurb', passwd: '' });
    expect(opened.type).toBe('post.micro');
    expect((await instance.call('GET', `/content/${post.id}`, { token: null })).status).toBe(200);
  });

  it('limits passwd to 256 characters and takes any titled kind', async () => {
    const long = await instance.call('POST', '/content', {
      params: { title: 'T', content: 'x', passwd: 'p'.repeat(257) },
    });
    expectLegacyError(long, 400, 'passwd must be at most 256 characters');
    expect(await instance.db.posts.count()).toBe(0);
    const longest = await protectedPost({ passwd: 'é'.repeat(256) });
    await expectReadable(longest.id, longest.guid, 'é'.repeat(256));
    for (const type of ['post.draft', 'post.page', 'post.podcast']) {
      const post = await protectedPost({ type });
      expect(post.type).toBe(type);
      await expectHidden(post.id, post.guid);
      await expectReadable(post.id, post.guid, SECRET);
    }
  });

  it('announces a protected blog post with a public Blurb (send_blurb=Y)', async () => {
    const post = await protectedPost({ send_blurb: 'Y' });
    const blurbs = await instance.call('GET', '/content/blurbs/global', { token: null });
    expect(blurbs.json.data).toHaveLength(1);
    expect(blurbs.json.data[0].content.text).toContain(post.urls.canonical_url);
    await expectHidden(post.id, post.guid);
  });
});
