import { afterEach, describe, expect, it } from 'vitest';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import { pulledOne } from '../../../src-shared/sync/instance-connection';
import { storePulledPage } from '../../../src-shared/sync/store-pulled';
import { startInstance, type TestInstance } from '../../support/instance';
import { guidOf, remoteIn } from '../../support/pulled';

/** What a remote sends as a link is stored only when it is a plain web link: never `javascript:`, never markup. */
const hostile: RemotePost = {
  guid: guidOf(1),
  id: null,
  type: 'post.bookmark',
  privacy: 'visibility.public',
  canonical_url: 'javascript:alert(document.cookie)',
  reply_to: 'https://elsewhere.example/"><img src=x onerror=alert(1)>',
  title: null,
  text: 'Worth a look',
  content: '',
  tags: [],
  mentions: [],
  persona: {
    guid: guidOf(900),
    as: 'someone',
    name: 'Someone',
    avatar: 'javascript:alert(2)',
    profile_url: '',
    id: null,
  },
  publish_unix: 1_800_000_000,
  expires_unix: null,
  updated_unix: 1_800_000_000,
  channel_guid: null,
  parent_guid: null,
  parent_id: null,
  pin: null,
  starred: false,
  reposted: null,
  remote_url: null,
  created_unix: null,
  repost_of: null,
  original: null,
  source: { url: 'JaVaScRiPt:alert(3)', title: 'A page' },
  geo: null,
};

describe('links in what a remote sends', () => {
  let instance: TestInstance;
  afterEach(async () => {
    await instance.close();
  });

  it('are dropped unless they are plain web links, and the post is kept', async () => {
    const pulled = pulledOne(hostile);
    expect([pulled.canonicalUrl, pulled.replyTo, pulled.sourceUrl, pulled.persona.avatarUrl]).toEqual([
      '',
      null,
      null,
      '',
    ]);
    expect(
      pulledOne({
        ...hostile,
        canonical_url: 'https://remote.example/note/1',
        reply_to: guidOf(7),
        source: { url: 'https://example.org/page', title: 'A page' },
      }),
    ).toMatchObject({
      canonicalUrl: 'https://remote.example/note/1',
      replyTo: guidOf(7),
      sourceUrl: 'https://example.org/page',
    });

    instance = await startInstance('memory');
    instance.clock.set(1_800_000_100);
    await storePulledPage(instance.db, { remote: await remoteIn(instance), posts: [pulled], now: 1_800_000_100 });
    const served = (await instance.call('GET', `/api/posts/${guidOf(1)}`)).json.data[0];
    expect(served).toMatchObject({ text: 'Worth a look', reply_to: false });
    expect(JSON.stringify(served)).not.toMatch(/javascript|onerror/i);
  });
});
