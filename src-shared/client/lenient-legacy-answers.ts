import { z } from 'zod';
import * as strict from '../api/legacy-answers';
import { colourOfHex, DEFAULT_PRIVACY, type PinValue } from '../api/vocabulary';
import {
  flag,
  held,
  int,
  lenientListOf,
  leniently,
  listOf,
  mentionFrom,
  nonEmptyListOf,
  optInt,
  optText,
  orEmpty,
  orNull,
  someText,
  tagList,
  text,
  times,
  timesOf,
  unused,
  unwrapped,
  type ReadersOf,
  type ShapeOf,
} from './lenient';
import type { RemotePersona, RemotePost } from './remote-post';

/**
 * The legacy interface's answers (`/content`, `/users`) as remotes send them, read by readers derived from
 * this project's strict legacy answers (api/legacy-answers.ts) as lenient-answers.ts derives the instance
 * interface's: every field of a strict answer has a reader here under the same name, taking what other
 * servers write there (numbers as text, `false` or nothing for absent values, one object for a list of one)
 * and giving the same type or null; what they write beside them under other names is read next to them. A
 * field renamed, added or dropped in legacy-answers.ts does not compile here until its reader follows.
 * Unknown keys are dropped; fields the client has no use for are read as nothing.
 */

/** A legacy account (a Persona): `username` is the handle. */
const accountReaders = {
  id: optInt,
  guid: optText,
  username: optText,
  display_name: optText,
  avatar_url: optText,
  profile_url: optText,
  site_url: unused,
  timezone: unused,
  created_at: unused,
  created_unix: unused,
  is_you: unused,
} satisfies ReadersOf<ShapeOf<typeof strict.legacyAccountAnswer>>;

/** A post's author; other servers may write its handle as `as` and its name as `name`. */
const postAccount = z.lazy(() =>
  leniently(strict.legacyAccountAnswer, { ...accountReaders, as: optText, name: optText }).refine(
    (a) => a.guid !== null || (a.username ?? a.as) !== null,
    'an account needs a GUID or a username',
  ),
);

const personaOf = (a: z.output<typeof postAccount>): RemotePersona => ({
  guid: a.guid ?? '',
  as: a.username ?? a.as ?? '',
  name: a.display_name ?? a.name ?? a.username ?? '',
  avatar: a.avatar_url ?? '',
  profile_url: a.profile_url ?? '',
  id: a.id,
});

const post = () => strict.fullLegacyPostAnswer.unwrap().shape;

/** The `content` object; a bare string is taken as the text. */
const content = z.lazy(() =>
  z.union([
    leniently(post().content, { text: optText, html: optText, summary: unused, banner: unused }),
    text.transform((t) => ({ text: t, html: null })),
  ]),
);

/** A mentioned Persona, its handle in `name` (or `as`, `username`): a GUID or a handle is enough. */
const mention = z.lazy(() =>
  mentionFrom(
    leniently(post().mentions.options[0].element, {
      id: unused,
      guid: optText,
      name: optText,
      display_name: unused,
      is_you: unused,
      as: optText,
      username: optText,
    }),
  ),
);

/**
 * Section 2.2, plus this project's `pin_colour`, whole or as `simple_posts` gives it (the relational fields
 * missing). The strict answer's `account` is a list and its `tags` are `{name}` objects: both are read as
 * such and put into the one Persona and the names of `RemotePost` after.
 */
export const legacyPost = z.lazy(() =>
  leniently(strict.fullLegacyPostAnswer, {
    id: int,
    parent_id: optInt.catch(null),
    title: optText,
    slug: unused,
    type: someText,
    privacy: optText,
    guid: someText,
    content,
    audio: unused,
    /** Also bare names, or one comma list. */
    tags: tagList.transform((names) => names.map((name) => ({ name }))),
    urls: orEmpty(
      leniently(post().urls, { canonical_url: optText, full_url: optText, alt_url: unused, is_https: unused }),
      {
        canonical_url: null,
        full_url: null,
        alt_url: null,
        is_https: null,
      },
    ),
    thread: orNull(leniently(held(post().thread), { thread_key: unused, reply_to: optText })),
    mentions: lenientListOf(mention),
    /** A list whose first account is the author, or (tolerated) that account alone. */
    account: nonEmptyListOf(postAccount, 'a post needs its account'),
    channel: orEmpty(leniently(strict.legacyChannelAnswer.unwrap().pick({ guid: true }), { guid: optText }), {
      guid: null,
    }),
    client: unused,
    created_at: unused,
    created_unix: unused,
    ...times,
    is_mention: unused,
    you_starred: flag.catch(false),
    /** Not said by other servers: then the pin is unknown, not "none". */
    you_pinned: z.preprocess((v) => (v === undefined ? null : v), flag.nullable()).catch(null),
    you_reblurbed: unused,
    /** Any case, with or without `#`. */
    pin_colour: optText.catch(null),
    is_visible: unused,
    is_deleted: unused,
    stars: unused,
    blurbs: unused,
    follows_you: unused,
    you_follow: unused,
    you_muted: unused,
    you_blocked: unused,
    parent_post: unused,
  }).transform((p, ctx): RemotePost => {
    const when = timesOf(p, ctx);
    if (when === null) return z.NEVER;
    const hexColour = p.pin_colour === null ? undefined : colourOfHex(p.pin_colour);
    const hexPin: PinValue | null = hexColour === undefined ? null : `pin.${hexColour}`;
    return {
      guid: p.guid,
      id: p.id,
      type: p.type === 'post.micro' ? 'post.note' : p.type,
      privacy: p.privacy ?? DEFAULT_PRIVACY,
      canonical_url: p.urls.full_url ?? p.urls.canonical_url ?? '',
      reply_to: p.thread?.reply_to ?? null,
      title: p.title,
      text: p.content.text ?? '',
      content: p.content.html ?? '',
      tags: p.tags.map((tag) => tag.name),
      mentions: p.mentions,
      persona: personaOf(p.account[0]),
      ...when,
      channel_guid: p.channel.guid,
      parent_guid: null,
      parent_id: p.parent_id,
      pin: hexPin ?? (p.you_pinned === false ? 'pin.none' : null),
      starred: p.you_starred,
      // The legacy interface says whether, not which: the instance interface says which.
      reposted: null,
      created_unix: null,
      remote_url: null,
      repost_of: null,
      original: null,
      source: null,
      geo: null,
    };
  }),
);

/** A legacy account as `/users/me` lists it, where its `id` is required. */
const legacyAccount = z.lazy(() =>
  leniently(strict.legacyAccountAnswer, { ...accountReaders, id: int }).transform((a) => ({
    id: a.id,
    guid: a.guid ?? '',
    username: a.username ?? '',
    display_name: a.display_name ?? a.username ?? '',
    avatar_url: a.avatar_url ?? '',
    profile_url: a.profile_url ?? '',
  })),
);
export type LegacyAccount = z.infer<typeof legacyAccount>;

const legacyChannel = z.lazy(() =>
  leniently(strict.legacyChannelAnswer, {
    id: int,
    guid: optText,
    name: optText,
    url: unused,
    privacy: unused,
  }).transform((c) => ({
    id: c.id,
    guid: c.guid ?? '',
    name: c.name ?? '',
  })),
);
export type LegacyChannel = z.infer<typeof legacyChannel>;

/** `GET /users/me` ("not shown" in the spec). */
export const legacyMe = z.lazy(() =>
  z.preprocess(
    unwrapped,
    leniently(strict.usersMeAnswer, {
      guid: optText,
      name: optText,
      display_name: optText,
      mail: unused,
      language: unused,
      timezone: unused,
      type: unused,
      has_password: unused,
      welcome: unused,
      accounts: listOf(legacyAccount),
      channels: listOf(legacyChannel),
      created_at: unused,
      created_unix: unused,
      updated_at: unused,
      updated_unix: unused,
    }).transform((me) => ({
      guid: me.guid ?? '',
      name: me.name ?? '',
      display_name: me.display_name ?? me.name ?? '',
      /** The account's Personas (the legacy word is "accounts"), first one first. */
      accounts: me.accounts,
      channels: me.channels,
    })),
  ),
);
export type LegacyMe = z.infer<typeof legacyMe>;

/** `DELETE /content/{id}` (section 4.1). */
export const legacyDeletion = z.lazy(() =>
  z.preprocess(
    unwrapped,
    leniently(strict.legacyDeleteAnswer, {
      id: int,
      is_visible: unused,
      // A success that does not say is taken at its word.
      is_deleted: z.preprocess((v) => (v === undefined ? true : v), flag).catch(true),
    }).transform((d) => ({ id: d.id, is_deleted: d.is_deleted })),
  ),
);
export type LegacyDeleteResult = z.infer<typeof legacyDeletion>;
