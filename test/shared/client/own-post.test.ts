import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAnswer, postsAnswer, type PostAnswer } from '../../../src-shared/api/answers';
import { instancePost } from '../../../src-shared/client/lenient-answers';
import { ownPost } from '../../../src-shared/client/own-post';
import { fillWithEveryKind } from '../archive/every-kind';
import { startInstance, type TestInstance } from '../../support/instance';

/**
 * The desk client reads its own instance's posts once, with the strict schema, and takes them as they are
 * (own-post.ts); the lenient reader of other servers' posts must make the same of every one of them.
 */
const sameAsLenient = (raw: unknown) => {
  const strict = postAnswer.parse(raw);
  expect(ownPost(strict)).toEqual(instancePost.parse(raw));
};

describe('a post of this instance, read once', () => {
  let instance: TestInstance;
  beforeAll(async () => {
    instance = await startInstance('sqlite');
    await fillWithEveryKind(instance);
  });
  afterAll(() => instance.close());

  it('is what the lenient reader makes of it, for every kind of post the instance answers', async () => {
    const pages = [
      '/api/posts/global?count=250&types=post.note,post.article,post.bookmark,post.quotation&scheduled=include',
      '/api/posts/mentions?count=250&types=post.note,post.article,post.bookmark,post.quotation',
      `/api/posts/search?q=reply&count=250`,
    ];
    const seen = new Set<string>();
    for (const page of pages) {
      const answer = await instance.call('GET', page);
      expect(answer.status).toBe(200);
      for (const raw of postsAnswer.parse(answer.json.data)) {
        sameAsLenient(raw);
        seen.add(raw.type);
        if (raw.original !== false) seen.add('repost');
        if (raw.meta !== false && raw.meta.geo !== false) seen.add('geo');
        if (raw.attributes.pin !== 'pin.none') seen.add('pin');
        if (raw.mentions !== false && raw.mentions.length > 0) seen.add('mention');
      }
    }
    expect([...seen].sort()).toEqual(
      ['geo', 'mention', 'pin', 'post.article', 'post.bookmark', 'post.note', 'post.quotation', 'repost'].sort(),
    );
  });

  it('is what the lenient reader makes of the blanks and spellings a strict answer allows', () => {
    const post: PostAnswer = {
      guid: '00000000-0000-4000-8000-000000000001',
      type: 'post.bookmark',
      privacy: 'visibility.public',
      canonical_url: 'https://desk.example/posts/1',
      reply_to: '',
      title: '',
      content: '',
      text: '',
      meta: {
        source: { url: ' https://example.com/ ', title: '' },
        geo: { longitude: 13.4, latitude: false, altitude: 0, description: '' },
      },
      tags: [' one ', '', '  '],
      mentions: [
        { guid: '', as: '@bob', name: '', avatar: '', youfollow: false, is_you: false, profileurl: '' },
        { guid: '', as: '', name: '@carol', avatar: '', youfollow: false, is_you: false, profileurl: '' },
        { guid: '', as: '', name: '', avatar: '', youfollow: false, is_you: false, profileurl: '' },
      ],
      persona: { guid: 'a', as: '@alice', name: '', avatar: '', youfollow: true, is_you: true, profileurl: '' },
      publish_at: '2027-01-15T08:00:00Z',
      publish_unix: 1_800_000_000,
      expires_at: '1970-01-01T00:00:00Z',
      expires_unix: 0,
      updated_at: '2027-01-15T08:00:00Z',
      updated_unix: 1_800_000_000,
      created_unix: 1_800_000_000,
      channel_guid: '',
      parent_guid: '',
      remote_url: '',
      attributes: { pin: 'pin.none', starred: false, reposted: '' },
      repost_of: '',
      original: false,
    };
    sameAsLenient(post);
    sameAsLenient({ ...post, meta: { source: { url: '  ', title: 'x' }, geo: false }, tags: false, mentions: false });
    sameAsLenient({ ...post, meta: false, expires_unix: 1_900_000_000 });
    const { repost_of: _r, original: _o, ...original } = post;
    sameAsLenient({ ...post, repost_of: post.guid, original });
    sameAsLenient({ ...post, repost_of: 'another', original });
  });
});
