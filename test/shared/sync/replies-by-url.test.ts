import { afterEach, describe, expect, it } from 'vitest';
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
  const articleOf = (owner: string) => pulled(1, { type: 'post.article', title: 'An article', canonicalUrl: articleUrl, persona: { guid: owner, handle: 'me', name: 'Me', avatarUrl: '' } });
  const reply = pulled(2, { replyTo: articleUrl });
  const answer = pulled(3, { replyTo: `${BASE}/note/${G(2)}`, parentGuid: G(2) });

  const setUp = async () => {
    instance = await startInstance(backend);
    // After the posts were published: a post is not shown before its time.
    instance.clock.set(1_800_000_100);
    const remote = await remoteIn(instance);
    return (posts: PulledPost[]) => storePulledPage(instance.db, { remote, posts, now: 1_800_000_100 });
  };
  const conversation = async () =>
    (await instance.call('GET', `/api/posts/${G(1)}/thread`)).json.data.map((p: { guid: string; parent_guid: string | false }) => [p.guid, p.parent_guid]);

  it('joins the article held here', async () => {
    const store = await setUp();
    await store([articleOf(instance.personaGuid)]);
    await store([answer, reply]);
    expect(await conversation()).toEqual([[G(1), false], [G(2), G(1)], [G(3), G(2)]]);
  });

  it('joins it when the article comes after the reply and its answer, and is filed as a reply to the article', async () => {
    const store = await setUp();
    await store([answer, reply]);
    expect((await instance.db.posts.where('guid').equals(G(2)).first())?.parentGuid).toBeNull();
    await store([articleOf(instance.personaGuid)]);
    expect(await conversation()).toEqual([[G(1), false], [G(2), G(1)], [G(3), G(2)]]);
    const filed = await instance.db.replies.where('postGuid').equals(G(2)).toArray();
    expect(filed).toEqual([{ personaGuid: instance.personaGuid, postGuid: G(2), publishUnix: 1_800_000_002 }]);
  });

  it('joins the article in the same page', async () => {
    const store = await setUp();
    await store([reply, articleOf(instance.personaGuid), answer]);
    expect(await conversation()).toEqual([[G(1), false], [G(2), G(1)], [G(3), G(2)]]);
  });
});
