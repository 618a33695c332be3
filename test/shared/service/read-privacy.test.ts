import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, expectPostShape, guidsOf, nowOf } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('reading posts and privacy (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const read = (guid: string, token?: string | null) =>
    instance.call('GET', `/api/posts/${guid}`, token === undefined ? {} : { token });
  const anonymousTimeline = async (): Promise<string[]> => {
    const result = await instance.call('GET', '/api/posts/global', { token: null });
    expectOk(result);
    return guidsOf(result.json.data);
  };
  const ownerTimeline = async (): Promise<string[]> =>
    guidsOf((await instance.call('GET', '/api/posts/global')).json.data);

  it('serves a public post to anyone, as an array of one post object', async () => {
    const post = await writePost(instance, { content: 'Public' });
    for (const token of [null, undefined]) {
      const result = await read(post.guid, token);
      expectOk(result);
      expect(result.json.data).toHaveLength(1);
      expectPostShape(result.json.data[0]);
      expect(result.json.data[0].guid).toBe(post.guid);
      expect(result.json.data[0].text).toBe('Public');
    }
    // Only the author's own token makes the Persona "you".
    expect((await read(post.guid, null)).json.data[0].persona.is_you).toBe(false);
    expect((await read(post.guid)).json.data[0].persona.is_you).toBe(true);
    // GUIDs are not case-sensitive.
    expect((await read(post.guid.toUpperCase(), null)).json.data[0].guid).toBe(post.guid);
  });

  it('answers "Invalid Post Identifier Supplied (2)" for an unknown or malformed GUID', async () => {
    for (const guid of [UNKNOWN, 'abc', '12345', `${UNKNOWN}0`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      expectError(await read(guid), 400, ErrorText.invalidPostIdentifier);
      expectError(await read(guid, null), 400, ErrorText.invalidPostIdentifier);
    }
  });

  it('serves private and invisible posts to their account only', async () => {
    const other = await addAccount(instance);
    for (const privacy of ['visibility.private', 'visibility.none']) {
      const post = await writePost(instance, { post_privacy: privacy });
      expectError(await read(post.guid, null), 400, ErrorText.invalidPostIdentifier);
      expectError(await read(post.guid, other.token), 400, ErrorText.invalidPostIdentifier);
      const own = await read(post.guid);
      expectOk(own);
      expect(own.json.data[0].privacy).toBe(privacy);
    }
  });

  it('keeps private and invisible posts out of anonymous timelines and threads', async () => {
    const root = await writePost(instance, { content: 'Root' });
    const priv = await writePost(instance, { post_privacy: 'visibility.private', reply_to: root.guid });
    const none = await writePost(instance, { post_privacy: 'visibility.none', reply_to: root.guid });
    const pub = await writePost(instance, { reply_to: root.guid });

    expect((await anonymousTimeline()).sort()).toEqual([root.guid, pub.guid].sort());
    expect((await ownerTimeline()).sort()).toEqual([root.guid, priv.guid, none.guid, pub.guid].sort());

    const thread = await instance.call('GET', `/api/posts/${root.guid}/thread`, { token: null });
    expectOk(thread);
    expect(guidsOf(thread.json.data).sort()).toEqual([root.guid, pub.guid].sort());
    const ownThread = await instance.call('GET', `/api/posts/${root.guid}/thread`);
    expect(guidsOf(ownThread.json.data).sort()).toEqual([root.guid, priv.guid, none.guid, pub.guid].sort());
  });

  it('shows a future post to its owner only until its publication time comes', async () => {
    const publishAt = nowOf(instance) + 3600;
    const post = await writePost(instance, { content: 'Later', publish_at: publishAt });
    expect(post.publish_unix).toBe(publishAt);

    expectError(await read(post.guid, null), 400, ErrorText.invalidPostIdentifier);
    expectOk(await read(post.guid));
    expect(await anonymousTimeline()).not.toContain(post.guid);
    const scheduled = await instance.call('GET', '/api/posts/global', { params: { scheduled: 'include' } });
    expect(guidsOf(scheduled.json.data)).toContain(post.guid);

    instance.clock.advance(3599);
    expectError(await read(post.guid, null), 400, ErrorText.invalidPostIdentifier);

    instance.clock.advance(1);
    expectOk(await read(post.guid, null));
    expect(await anonymousTimeline()).toContain(post.guid);
  });

  it('stops serving a post once it has expired, to its owner too', async () => {
    const post = await writePost(instance, { content: 'Soon gone', expires_at: nowOf(instance) + 60 });
    const reply = await writePost(instance, { reply_to: post.guid });
    expectOk(await read(post.guid, null));

    instance.clock.advance(59);
    expectOk(await read(post.guid, null));
    expect(await anonymousTimeline()).toContain(post.guid);

    instance.clock.advance(1);
    expectError(await read(post.guid, null), 400, ErrorText.invalidPostIdentifier);
    expectError(await read(post.guid), 400, ErrorText.invalidPostIdentifier);
    expect(await anonymousTimeline()).not.toContain(post.guid);
    expect(await ownerTimeline()).not.toContain(post.guid);
    const thread = await instance.call('GET', `/api/posts/${reply.guid}/thread`);
    expect(guidsOf(thread.json.data)).toEqual([reply.guid]);
  });

  it('never serves a deleted post again', async () => {
    const root = await writePost(instance);
    const post = await writePost(instance, { reply_to: root.guid, content: 'Regret' });
    expectOk(await instance.call('DELETE', `/api/posts/${post.guid}`));

    expectError(await read(post.guid), 400, ErrorText.invalidPostIdentifier);
    expectError(await read(post.guid, null), 400, ErrorText.invalidPostIdentifier);
    expect(await ownerTimeline()).toEqual([root.guid]);
    expect(await anonymousTimeline()).toEqual([root.guid]);
    expect(guidsOf((await instance.call('GET', `/api/posts/${root.guid}/thread`)).json.data)).toEqual([root.guid]);
    expectError(await instance.call('GET', `/api/posts/${post.guid}/thread`), 400, ErrorText.invalidThreadIdentifier);
  });

  it("serves another account's public posts but not its private ones", async () => {
    const other = await addAccount(instance);
    const theirs = await instance.call('POST', '/api/posts/write', {
      token: other.token,
      params: { content: 'Theirs', post_type: 'post.note' },
    });
    const hidden = await instance.call('POST', '/api/posts/write', {
      token: other.token,
      params: { content: 'Hidden', post_type: 'post.note', post_privacy: 'visibility.private' },
    });
    const [pub, priv] = [theirs.json.data[0], hidden.json.data[0]];
    const seen = await read(pub.guid);
    expectOk(seen);
    expect(seen.json.data[0].persona).toMatchObject({ guid: other.personaGuid, as: 'other', is_you: false });
    expectError(await read(priv.guid), 400, ErrorText.invalidPostIdentifier);
    expect(await ownerTimeline()).toEqual([pub.guid]);
  });
});
