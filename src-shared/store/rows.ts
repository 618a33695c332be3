import type { PinColour, PostType, Privacy } from '../api/vocabulary';

/**
 * What the store keeps on disk. These shapes are internal: the wire shapes live in `api/` and are produced
 * by `service/present.ts`. Times are unix seconds; "no value" is `null` (the wire turns it into `false`).
 */
export interface AccountRow {
  guid: string;
  /** Sign-in name, unique, lower case. */
  name: string;
  displayName: string;
  mail: string;
  language: string;
  timezone: string;
  type: string;
  /** PBKDF2 hash (see util/secrets.ts), or null while no password is set: sign-in is then impossible. */
  passHash: string | null;
  createdUnix: number;
  updatedUnix: number;
}

export interface TokenRow {
  /** SHA-256 of the token: a copied database file does not hand out working tokens. */
  hash: string;
  accountGuid: string;
  /** `owner` (the host's), `login` (a sign-in, which expires unused: service/auth.ts), or another. */
  label: string;
  createdUnix: number;
  /** A sign-in token's last use, written once a day at most. */
  lastUsedUnix?: number;
}

export const LOGIN_TOKEN_LABEL = 'login';

export interface PersonaRow {
  guid: string;
  /** Legacy numeric id (the legacy interface calls a Persona an account); 1, 2, … in order of creation. */
  id: number;
  accountGuid: string;
  /** The `as` handle, without `@`; `handleKey` is its lower-case form, unique. */
  handle: string;
  handleKey: string;
  name: string;
  avatarUrl: string;
  siteUrl: string;
  bioText: string;
  bioHtml: string;
  timezone: string;
  position: number;
  createdUnix: number;
  updatedUnix: number;
  /**
   * The remote this Persona lives on (sync). With the owner's `accountGuid` it is linked: the owner writes
   * as it and the outbox carries those writes there. Other authors of that remote carry `remoteAccount(…)`.
   */
  remoteGuid?: string | null;
}

export interface ChannelRow {
  guid: string;
  /** Legacy `channel_id`; the instance's first Channel is 1. */
  id: number;
  accountGuid: string;
  name: string;
  position: number;
  createdUnix: number;
  updatedUnix: number;
  /** The remote this Channel lives on (sync), under its own GUID there. */
  remoteGuid?: string | null;
}

/** A Persona may write to a Channel (section 5.6). */
export interface GrantRow {
  channelGuid: string;
  personaGuid: string;
}

// The store keeps the service's own words (api/vocabulary.ts); rows name them through this module.
export type { PinColour, PostType, Privacy } from '../api/vocabulary';

export interface GeoRow {
  longitude: number | null;
  latitude: number | null;
  altitude: number | null;
  description: string | null;
}

export interface PostRow {
  /** Legacy numeric id; assigned by the store. */
  id?: number;
  guid: string;
  type: PostType;
  privacy: Privacy;
  accountGuid: string;
  personaGuid: string;
  channelGuid: string;
  title: string | null;
  /** Markdown. */
  text: string;
  /** Sanitised HTML rendering of `text`, computed on write. */
  html: string;
  tags: string[];
  /** GUIDs of the Personas mentioned in `text`. */
  mentions: string[];
  replyTo: string | null;
  /** GUID of the local post replied to, when `replyTo` names one. */
  parentGuid: string | null;
  /** The conversation: the root post's GUID, or `url:<reply_to>` for replies to a page elsewhere. */
  threadKey: string;
  sourceUrl: string | null;
  sourceTitle: string | null;
  geo: GeoRow | null;
  slug: string | null;
  /** Path of the canonical URL; the host's origin completes it. */
  canonicalPath: string;
  publishUnix: number;
  /** Timeline position, derived from publishUnix and guid by `timelineOrder` (store/order.ts). */
  order: string;
  expiresUnix: number | null;
  createdUnix: number;
  updatedUnix: number;
  /** 0 or 1: IndexedDB cannot index booleans. Deleted rows stay as tombstones for sync and the legacy view. */
  deleted: 0 | 1;
  /** PBKDF2 hash of the legacy access password (`passwd`), or null; see service/legacy/passwords.ts. */
  passwordHash?: string | null;
  /** GUID of the post this one reposts (legacy `POST /content/repost/{id}`). */
  repostOf?: string | null;
  /**
   * What this instance's own Personas did to the post, kept on the row so that a page of posts is presented
   * without one lookup per post (see store/relations.ts, the only writer). Never part of what sync copies.
   */
  starredBy?: StarMark[];
  pinnedBy?: PinMark[];
  repostedBy?: RepostMark[];
  /** Sync: the remote the post lives on, its URL there and the `updated_unix` of the version held here. */
  remoteGuid?: string | null;
  remoteUrl?: string | null;
  remoteUpdatedUnix?: number | null;
  /** Sync: a fingerprint of that version's title, tags and text (sync/fingerprint.ts), to notice an edit there within the same second. */
  remoteContent?: string | null;
  /** Sync: the post's numeric id there, for a remote that speaks the legacy interface (which names posts by id). */
  remoteId?: number | null;
  /**
   * Sync: when the remote stopped serving the post (deleted or hidden there). It is then a tombstone here
   * too (sync/gone.ts), which the post leaves if the remote serves it again.
   */
  goneUnix?: number | null;
}

export interface StarMark {
  personaGuid: string;
  starredUnix: number;
}

export interface PinMark {
  personaGuid: string;
  colour: PinColour;
  pinnedUnix: number;
}

/** A repost of this post by one of the instance's Personas, and the GUID of the repost. */
export interface RepostMark {
  personaGuid: string;
  postGuid: string;
}

/**
 * When a post last became new to a reader: the later of its last change and its publication, so that a
 * back-dated post counts from when it was written and a future-dated one from when it appears. One row
 * per post, kept by the store's writer; the legacy `since_unix` cursor reads them in order.
 */
export interface ChangeRow {
  changeUnix: number;
  postGuid: string;
}

/** Where a word's blocks of postings start, in order (store/word-blocks.ts). */
export interface WordDirRow {
  word: string;
  starts: string[];
}

/** A run of one word's posts: their timeline positions, ascending (newest first), one per line. */
export interface WordBlockRow {
  word: string;
  start: string;
  orders: string;
  /**
   * The posts' numeric ids, in the same order, one per line: loading by primary key is the fastest read
   * there is. A string, not an array: the SQLite backend clones and encodes a stored value field by field,
   * and a block of 256 numbers cost it a millisecond per write (stores of schema 6 hold arrays; both read).
   */
  ids: string | number[];
}

/** The words a post is indexed under, and at which position: what the indexer takes out when it changes. */
export interface PostWordsRow {
  postId: number;
  order: string;
  words: string[];
}

/**
 * A post whose search words are to be (re)written by the indexer (store/word-index.ts), filed under its
 * timeline position: the indexer takes the queue in timeline order, so the posts of a batch fall in the
 * same few blocks of each word however they were written (an import in any order, a sync page).
 */
export interface IndexQueueRow {
  order: string;
  postId: number;
}

/**
 * A reply by one account to a post of another, filed under the Persona replied to: the legacy
 * `interactions` collection reads them. Replies within one account are conversations, not interactions.
 */
export interface ReplyRow {
  personaGuid: string;
  postGuid: string;
  publishUnix: number;
}

export interface MentionRow {
  personaGuid: string;
  postGuid: string;
  publishUnix: number;
}

export interface StarRow {
  postGuid: string;
  personaGuid: string;
  starredUnix: number;
}

export interface PinRow {
  postGuid: string;
  personaGuid: string;
  colour: PinColour;
  pinnedUnix: number;
}

export interface SettingRow {
  key: string;
  value: string;
}
