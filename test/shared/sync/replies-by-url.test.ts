import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../../src-shared/store/sync-rows';
import type { PulledPost } from '../../../src-shared/sync/pulled-post';
import { storePulledPage } from '../../../src-shared/sync/store-pulled';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';

/**
 * A reply on the reference names what it answers by URL, and the reference's article URLs hold no GUID
 * (`/2026/11/24/a-title`). The reply finds its article here by that URL, whichever of the two came first.
 */
const BASE = 'https://remote.example';
const G = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function pulled(n: number, fields: Partial<PulledPost>): PulledPost {
  return {
    guid: G(n), remoteId: null, type: 'post.note', privacy: 'visibility.public', canonicalUrl: `${BASE}/note/${G(n)}`, replyTo: null,
    parentGuid: null, title: null, text: `Post ${n}`, tags: [], mentionGuids: [],
    persona: { guid: G(900 + n), handle: `someone${n}`, name: `Someone ${n}`, avatarUrl: '' },
    publishUnix: 1_800_000_000 + n, expiresUnix: null, updatedUnix: 1_800_000_000 + n, listedUnix: 1_800_000_000 + n,
    channelGuid: null, sourceUrl: null, sourceTitle: null, geo: null, ...fields,
  };
}

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
    const remote: RemoteRow = {
      guid: 'r1', baseUrl: BASE, interface: 'instance', sealedToken: '', accountRef: 'a', defaultChannelGuid: instance.channelGuid,
      channelsLinked: false, pollSeconds: 60, createdUnix: 0, lastPullUnix: null, lastPushUnix: null, lastError: null, lastErrorUnix: null,
    };
    await instance.db.remotes.put(remote);
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
