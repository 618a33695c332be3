import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  fullLegacyPostAnswer,
  legacyDeleteAnswer,
  simpleLegacyPostAnswer,
  usersMeAnswer,
  type LegacyAccountAnswer,
  type LegacyChannelAnswer,
} from '../../../src-shared/api/legacy-answers';
import type { RemotePost } from '../../../src-shared/client';
import { legacyDeletion, legacyMe, legacyPost } from '../../../src-shared/client/lenient-legacy-answers';

/**
 * The legacy interface's answers: this project's follow the strict schemas (api/legacy-answers.ts), and
 * the lenient readers derived from them (client/lenient-legacy-answers.ts) read those and other servers'.
 */
const ORIGIN = 'https://desk.example';
const ACCOUNT = 'acc0un70-0000-4000-8000-000000000000';
const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
const CHANNEL = 'c4a77e10-0000-4000-8000-000000000003';
const PARENT = '00000000-0000-4000-8000-000000000007';
const GUID = '00000000-0000-4000-8000-000000000012';
const AT = '2027-01-15T08:00:00Z';
const UNIX = 1_800_000_000;

const alice: LegacyAccountAnswer = {
  id: 1,
  guid: ALICE,
  username: 'alice',
  display_name: 'Alice',
  avatar_url: `${ORIGIN}/a.png`,
  profile_url: `${ORIGIN}/alice`,
  site_url: false,
  timezone: 'UTC',
  created_at: AT,
  created_unix: UNIX,
  is_you: true,
};
const main: LegacyChannelAnswer = { id: 1, guid: CHANNEL, name: 'Main', url: ORIGIN, privacy: 'visibility.public' };

/** A Blurb replying to another, as this project answers it: whole, starred and pinned by the one asking. */
const ownPost: z.infer<typeof fullLegacyPostAnswer> = {
  id: 12,
  parent_id: 7,
  title: '',
  slug: '12',
  type: 'post.micro',
  privacy: 'visibility.public',
  guid: GUID,
  content: { text: 'Hello @bob', html: '<p>Hello @bob</p>', summary: false, banner: false },
  audio: false,
  tags: [{ name: 'one' }],
  urls: {
    canonical_url: `/posts/${GUID}`,
    full_url: `${ORIGIN}/posts/${GUID}`,
    alt_url: `${ORIGIN}/content/12`,
    is_https: true,
  },
  thread: { thread_key: PARENT, reply_to: `${ORIGIN}/posts/${PARENT}` },
  mentions: [{ id: 2, guid: BOB, name: 'bob', display_name: 'Bob', is_you: false }],
  account: [alice],
  channel: main,
  client: { name: 'Publishing Desk', url: ORIGIN },
  created_at: AT,
  created_unix: UNIX,
  publish_at: AT,
  publish_unix: UNIX,
  updated_at: AT,
  updated_unix: UNIX,
  expires_at: false,
  expires_unix: false,
  is_mention: false,
  you_starred: true,
  you_pinned: true,
  you_reblurbed: false,
  pin_colour: '#ffa500',
  is_visible: true,
  is_deleted: false,
  stars: [
    { id: 1, name: 'alice', avatar_url: `${ORIGIN}/a.png`, starred_at: '2027-01-15 08:00:00', starred_unix: UNIX },
  ],
  blurbs: false,
  follows_you: false,
  you_follow: false,
  you_muted: false,
  you_blocked: false,
  parent_post: false,
};
const {
  stars: _stars,
  blurbs: _blurbs,
  follows_you: _follows,
  you_follow: _follow,
  you_muted: _muted,
  you_blocked: _blocked,
  parent_post: _parent,
  ...simplePost
} = ownPost;

const ownRead: RemotePost = {
  guid: GUID,
  id: 12,
  type: 'post.note',
  privacy: 'visibility.public',
  canonical_url: `${ORIGIN}/posts/${GUID}`,
  reply_to: `${ORIGIN}/posts/${PARENT}`,
  title: null,
  text: 'Hello @bob',
  content: '<p>Hello @bob</p>',
  tags: ['one'],
  mentions: [{ guid: BOB, as: 'bob' }],
  persona: {
    guid: ALICE,
    as: 'alice',
    name: 'Alice',
    avatar: `${ORIGIN}/a.png`,
    profile_url: `${ORIGIN}/alice`,
    id: 1,
  },
  publish_unix: UNIX,
  expires_unix: null,
  updated_unix: UNIX,
  channel_guid: CHANNEL,
  parent_guid: null,
  parent_id: 7,
  pin: 'pin.orange',
  starred: true,
  reposted: null,
  remote_url: null,
  created_unix: null,
  repost_of: null,
  original: null,
  source: null,
  geo: null,
};

/** The same Blurb in other servers' spellings: numbers as text, content a bare string, one account, no urls, thread, channel or pin. */
const othersPost = {
  id: '12',
  parent_id: '7',
  title: false,
  type: 'post.micro',
  guid: GUID,
  content: 'Hello @bob',
  tags: 'one, two',
  mentions: { guid: BOB, name: 'bob' },
  account: { id: '1', guid: ALICE, username: 'alice', display_name: false, avatar_url: false },
  publish_unix: String(UNIX),
  updated_unix: false,
  updated_at: '2027-01-15 08:01:00',
  expires_unix: '0',
  you_starred: '1',
};

describe('the legacy readers derived from the strict legacy answers', () => {
  it('read a post of this project, whole or simple, strictly and leniently to the same post', () => {
    expect(fullLegacyPostAnswer.parse(ownPost)).toEqual(ownPost);
    expect(simpleLegacyPostAnswer.parse(simplePost)).toEqual(simplePost);
    expect(legacyPost.parse(ownPost)).toEqual(ownRead);
    expect(legacyPost.parse(fullLegacyPostAnswer.parse(ownPost))).toEqual(ownRead);
    expect(legacyPost.parse(simplePost)).toEqual(ownRead);
  });

  it("read the post in other servers' spellings, which the strict schemas refuse", () => {
    expect(fullLegacyPostAnswer.safeParse(othersPost).success).toBe(false);
    expect(simpleLegacyPostAnswer.safeParse(othersPost).success).toBe(false);
    expect(legacyPost.parse(othersPost)).toEqual({
      ...ownRead,
      canonical_url: '',
      reply_to: null,
      content: '',
      tags: ['one', 'two'],
      persona: { guid: ALICE, as: 'alice', name: 'alice', avatar: '', profile_url: '', id: 1 },
      updated_unix: UNIX + 60,
      channel_guid: null,
      pin: null,
    });
  });

  it('read a pin from a hex colour in any case, or its absence from you_pinned; the author is the first account', () => {
    expect(legacyPost.parse({ ...othersPost, pin_colour: 'FF0000' }).pin).toBe('pin.red');
    expect(legacyPost.parse({ ...othersPost, you_pinned: 'N', pin_colour: '#0000FF' }).pin).toBe('pin.blue');
    expect(legacyPost.parse({ ...othersPost, you_pinned: false }).pin).toBe('pin.none');
    expect(legacyPost.parse({ ...othersPost, account: [{ guid: BOB, username: 'bob' }, alice] }).persona).toMatchObject(
      { guid: BOB, as: 'bob', id: null },
    );
    expect(legacyPost.safeParse({ ...othersPost, account: [] }).error?.issues.map((i) => i.message)).toEqual([
      'a post needs its account',
    ]);
    expect(legacyPost.safeParse({ ...othersPost, account: { display_name: 'Nobody' } }).success).toBe(false);
  });

  it("read /users/me and a deletion of this project as they are, and other servers' sparser ones", () => {
    const ownMe: z.infer<typeof usersMeAnswer> = {
      guid: ACCOUNT,
      name: 'owner',
      display_name: 'Owner',
      mail: 'owner@desk.example',
      language: 'en',
      timezone: 'UTC',
      type: 'account.normal',
      has_password: true,
      welcome: false,
      accounts: [alice],
      channels: [main],
      created_at: AT,
      created_unix: UNIX,
      updated_at: AT,
      updated_unix: UNIX,
    };
    const aliceRead = {
      id: 1,
      guid: ALICE,
      username: 'alice',
      display_name: 'Alice',
      avatar_url: `${ORIGIN}/a.png`,
      profile_url: `${ORIGIN}/alice`,
    };
    expect(usersMeAnswer.parse(ownMe)).toEqual(ownMe);
    expect(legacyMe.parse(ownMe)).toEqual({
      guid: ACCOUNT,
      name: 'owner',
      display_name: 'Owner',
      accounts: [aliceRead],
      channels: [{ id: 1, guid: CHANNEL, name: 'Main' }],
    });
    expect(
      legacyMe.parse([
        { guid: ACCOUNT, name: 'owner', accounts: { id: '1', guid: ALICE, username: 'alice' }, channels: false },
      ]),
    ).toEqual({
      guid: ACCOUNT,
      name: 'owner',
      display_name: 'owner',
      accounts: [{ ...aliceRead, display_name: 'alice', avatar_url: '', profile_url: '' }],
      channels: [],
    });

    const ownDeletion: z.infer<typeof legacyDeleteAnswer> = { id: 12, is_visible: false, is_deleted: true };
    expect(legacyDeleteAnswer.parse(ownDeletion)).toEqual(ownDeletion);
    expect(legacyDeletion.parse(ownDeletion)).toEqual({ id: 12, is_deleted: true });
    expect(legacyDeletion.parse([{ id: '12' }])).toEqual({ id: 12, is_deleted: true });
  });
});
