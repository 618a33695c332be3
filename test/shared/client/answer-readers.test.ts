import { describe, expect, it } from 'vitest';
import { postAnswer, type PostAnswer } from '../../../src-shared/api/answers';
import { instancePost, remoteProfile } from '../../../src-shared/client/lenient-answers';

/** Other servers' answers, read with the lenient readers derived from the strict schemas (api/answers.ts). */
const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
const CHANNEL = 'c4a77e10-0000-4000-8000-000000000003';
const GUID = '00000000-0000-4000-8000-000000000001';
const AT = '2027-01-15T08:00:00Z';
const UNIX = 1_800_000_000;

/** A post as this project answers it. */
const ownPost: PostAnswer = {
  guid: GUID,
  type: 'post.bookmark',
  privacy: 'visibility.public',
  canonical_url: `https://desk.example/posts/${GUID}`,
  reply_to: false,
  title: 'A page',
  content: '<p>Read this</p>',
  text: 'Read this',
  meta: { source: { url: 'https://example.com/', title: 'Example' }, geo: false },
  tags: ['one'],
  mentions: [{ guid: BOB, as: 'bob', name: 'Bob', avatar: '', youfollow: false, is_you: false, profileurl: 'https://desk.example/bob' }],
  persona: { guid: ALICE, as: 'alice', name: 'Alice', avatar: 'https://desk.example/a.png', youfollow: false, is_you: true, profileurl: 'https://desk.example/alice' },
  publish_at: AT,
  publish_unix: UNIX,
  expires_at: false,
  expires_unix: false,
  updated_at: AT,
  updated_unix: UNIX,
  channel_guid: CHANNEL,
  parent_guid: false,
  attributes: { pin: 'pin.red', starred: true },
};

/** The same post as matigo/streams shows it (test/support/reference-quirks.ts). */
const { channel_guid: _channel, parent_guid: _parent, attributes: _attributes, ...common } = ownPost;
const streamsPost = {
  ...common,
  persona: { guid: ALICE, as: '@alice', name: 'Alice', avatar: 'https://desk.example/a.png', you_follow: false, is_you: true, profile_url: 'https://desk.example/alice' },
  tags: [{ url: 'https://ref.example/tag/one', name: 'one' }],
  mentions: [{ guid: BOB, name: '@bob', is_you: false }],
  publish_unix: String(UNIX),
  updated_unix: String(UNIX),
  channel: { guid: CHANNEL },
  can_edit: false,
};

describe('the lenient readers derived from the strict answers', () => {
  it('read a post of this project into the client shape', () => {
    expect(postAnswer.safeParse(ownPost).success).toBe(true);
    expect(instancePost.parse(ownPost)).toEqual({
      guid: GUID,
      id: null,
      type: 'post.bookmark',
      privacy: 'visibility.public',
      canonical_url: `https://desk.example/posts/${GUID}`,
      reply_to: null,
      title: 'A page',
      text: 'Read this',
      content: '<p>Read this</p>',
      tags: ['one'],
      mentions: [{ guid: BOB, as: 'bob' }],
      persona: { guid: ALICE, as: 'alice', name: 'Alice', avatar: 'https://desk.example/a.png', profile_url: 'https://desk.example/alice', id: null },
      publish_unix: UNIX,
      expires_unix: null,
      updated_unix: UNIX,
      channel_guid: CHANNEL,
      parent_guid: null,
      parent_id: null,
      pin: 'pin.red',
      starred: true,
      source: { url: 'https://example.com/', title: 'Example' },
      geo: null,
    });
  });

  it('read the same post as streams shows it, which the strict schema refuses, to the same values but what streams does not say', () => {
    expect(postAnswer.safeParse(streamsPost).success).toBe(false);
    expect(instancePost.parse(streamsPost)).toEqual({ ...instancePost.parse(ownPost), pin: null, starred: false });
  });

  it('keep a post of a type this project does not write, as before', () => {
    const odd = { ...streamsPost, type: 'post.photo' };
    expect(postAnswer.safeParse(odd).success).toBe(false);
    expect(instancePost.parse(odd)).toMatchObject({ guid: GUID, type: 'post.photo' });
  });

  it('read a streams profile: Personas named by name and display_name, its Channels listed, no bucket', () => {
    const profile = remoteProfile.parse({
      guid: 'acc0un70-0000-4000-8000-000000000000',
      type: 'account.normal',
      display_name: 'Alice',
      language: 'en-GB',
      personas: [{ guid: ALICE, name: '@alice', display_name: 'Alice A.', avatar_url: false, is_active: true }],
      channels: [{ guid: CHANNEL, name: 'Home', type: 'channel.site' }],
      created_unix: '1577836800',
    });
    expect(profile).toMatchObject({ language: { code: 'en-GB', name: 'en-GB' }, channels: [{ guid: CHANNEL, name: 'Home' }], created_unix: 1_577_836_800 });
    expect(profile.personas).toEqual([{ guid: ALICE, as: 'alice', name: 'Alice A.', avatar_url: '', site_url: '', timezone: '', profile_url: '', channels: [] }]);
  });
});
