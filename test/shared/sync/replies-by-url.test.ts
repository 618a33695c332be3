import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../../src-shared/store/sync-rows';
import type { PulledPost } from '../../../src-shared/sync/pulled-post';
import { storePulledPage } from '../../../src-shared/sync/store-pulled';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { guidOf as G, pulledPost as pulled, REMOTE_BASE as BASE, remoteIn } from '../../support/pulled';

/**
 * A reply on the reference names what it answers by URL, and the reference's article URLs hold no GUID
 * (`/2026/11/24/a-title`). The reply finds its article here by that URL, whichever of the two came first.
 */
describe.each(BACKENDS)('a reply that names an article by its URL alone (%s)', (backend) => {
  let instance: TestInstance;
  afterEach(async () => {
    await instance.close();
  });

  const articleUrl = `${BASE}/2026/11/24/an-article`;
  // The owner's article, answered by two other people.
  const articleOf = (owner: string) =>
    pulled(1, {
      type: 'post.article',
      title: 'An article',
      canonicalUrl: articleUrl,
      persona: { guid: owner, handle: 'me', name: 'Me', avatarUrl: '' },
    });
  const reply = pulled(2, { replyTo: articleUrl });
  const answer = pulled(3, { replyTo: `${BASE}/note/${G(2)}`, parentGuid: G(2) });

  const setUp = async () => {
    instance = await startInstance(backend);
    // After the posts were published: a post is not shown before its time.
    instance.clock.set(1_800_000_100);
    const remote = await remoteIn(instance);
    // The owner's Persona there, linked here: the remote writes as it.
    await instance.db.personas.update(instance.personaGuid, { remoteGuid: remote.guid });
    return (posts: PulledPost[]) => storePulledPage(instance.db, { remote, posts, now: 1_800_000_100 });
  };
  const conversation = async () =>
    (await instance.call('GET', `/api/posts/${G(1)}/thread`)).json.data.map(
      (p: { guid: string; parent_guid: string | false }) => [p.guid, p.parent_guid],
    );

  it('joins the article held here', async () => {
    const store = await setUp();
    await store([articleOf(instance.personaGuid)]);
    await store([answer, reply]);
    expect(await conversation()).toEqual([
      [G(1), false],
      [G(2), G(1)],
      [G(3), G(2)],
    ]);
  });

  it('joins it when the article comes after the reply and its answer, and is filed as a reply to the article', async () => {
    const store = await setUp();
    await store([answer, reply]);
    expect((await instance.db.posts.where('guid').equals(G(2)).first())?.parentGuid).toBeNull();
    await store([articleOf(instance.personaGuid)]);
    expect(await conversation()).toEqual([
      [G(1), false],
      [G(2), G(1)],
      [G(3), G(2)],
    ]);
    const filed = await instance.db.replies.where('postGuid').equals(G(2)).toArray();
    expect(filed).toEqual([{ personaGuid: instance.personaGuid, postGuid: G(2), publishUnix: 1_800_000_002 }]);
  });

  it('joins the article in the same page', async () => {
    const store = await setUp();
    await store([reply, articleOf(instance.personaGuid), answer]);
    expect(await conversation()).toEqual([
      [G(1), false],
      [G(2), G(1)],
      [G(3), G(2)],
    ]);
  });
});

/**
 * Another remote naming the same URL, or the GUID a reply of the first one waits for, cannot take those
 * replies into a conversation of its own: a remote re-threads only its own posts.
 */
describe.each(BACKENDS)("a remote naming what another remote's replies answer (%s)", (backend) => {
  let instance: TestInstance;
  afterEach(async () => {
    await instance.close();
  });

  const articleUrl = `${BASE}/2026/11/24/an-article`;
  const setUp = async () => {
    instance = await startInstance(backend);
    instance.clock.set(1_800_000_100);
    const first = await remoteIn(instance);
    const other: RemoteRow = { ...first, guid: 'r2', baseUrl: 'https://other.example' };
    await instance.db.remotes.put(other);
    const storeFrom = (remote: RemoteRow) => (posts: PulledPost[]) =>
      storePulledPage(instance.db, { remote, posts, now: 1_800_000_100 });
    return { fromFirst: storeFrom(first), fromOther: storeFrom(other) };
  };
  const held = (n: number) => instance.db.posts.where('guid').equals(G(n)).first();

  it("by URL: the replies wait for their own remote's article, and join it when it comes", async () => {
    const { fromFirst, fromOther } = await setUp();
    await fromFirst([pulled(2, { replyTo: articleUrl })]);
    await fromOther([pulled(10, { type: 'post.article', title: 'Not the article', canonicalUrl: articleUrl })]);
    expect(await held(2)).toMatchObject({ parentGuid: null, threadKey: `url:${articleUrl}` });

    await fromFirst([pulled(1, { type: 'post.article', title: 'An article', canonicalUrl: articleUrl })]);
    expect(await held(2)).toMatchObject({ parentGuid: G(1), threadKey: G(1) });
    // A later reply there to the same URL finds no parent in the other remote's post.
    await fromFirst([pulled(3, { replyTo: articleUrl })]);
    expect((await held(3))?.parentGuid).not.toBe(G(10));
  });

  it('by GUID: a reply that came before its parent stays in its own conversation', async () => {
    const { fromFirst, fromOther } = await setUp();
    await fromFirst([pulled(2, { parentGuid: G(50), replyTo: `${BASE}/note/${G(50)}` })]);
    await fromOther([pulled(60, {})]);
    await fromOther([pulled(50, { parentGuid: G(60), replyTo: `https://other.example/note/${G(60)}` })]);
    expect(await held(2)).toMatchObject({ parentGuid: G(50), threadKey: G(50) });
    expect(await held(50)).toMatchObject({ threadKey: G(60) });
  });
});
