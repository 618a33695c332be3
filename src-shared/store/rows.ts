import type { z } from 'zod';
import type {
  accountRowSchema,
  channelRowSchema,
  copyRowSchema,
  draftRowSchema,
  geoRowSchema,
  grantRowSchema,
  markerRowSchema,
  mentionRowSchema,
  personaRowSchema,
  pinMarkSchema,
  pinRowSchema,
  postRowSchema,
  replyRowSchema,
  repostMarkSchema,
  settingRowSchema,
  starMarkSchema,
  starRowSchema,
} from './row-schemas';

/**
 * What the store keeps on disk. These shapes are internal: the wire shapes live in `api/` and are produced
 * by `service/present.ts`. Times are unix seconds; "no value" is `null` (the wire turns it into `false`).
 * The rows of the person's data are described, field by field and with what each may hold, by their
 * schemas (row-schemas.ts); the rows the store derives or keeps for its own work are described here.
 */
export type AccountRow = z.infer<typeof accountRowSchema>;

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

export type PersonaRow = z.infer<typeof personaRowSchema>;

export type ChannelRow = z.infer<typeof channelRowSchema>;

export type GrantRow = z.infer<typeof grantRowSchema>;

export type MarkerRow = z.infer<typeof markerRowSchema>;
export type DraftRow = z.infer<typeof draftRowSchema>;
export type CopyRow = z.infer<typeof copyRowSchema>;

// The store keeps the service's own words (api/vocabulary.ts); rows name them through this module.
export type { PinColour, PostType, Privacy } from '../api/vocabulary';

export type GeoRow = z.infer<typeof geoRowSchema>;

export type PostRow = z.infer<typeof postRowSchema>;

export type StarMark = z.infer<typeof starMarkSchema>;

export type PinMark = z.infer<typeof pinMarkSchema>;

export type RepostMark = z.infer<typeof repostMarkSchema>;

/**
 * When a post last became new to a reader: the later of its last change and its publication, so that a
 * back-dated post counts from when it was written and a future-dated one from when it appears. One row
 * per post, kept by the store's writer; the legacy `since_unix` cursor reads them in order.
 */
export interface ChangeRow {
  changeUnix: number;
  postGuid: string;
}

/**
 * A post whose search words are to be (re)written by the indexer (store/word-index.ts), filed under its
 * timeline position: the indexer takes the queue in timeline order, so the posts of a batch fall in the
 * same few blocks of each word however they were written (an import in any order, a sync page).
 */
export interface IndexQueueRow {
  order: string;
  postId: number;
  /**
   * What the index holds at this position, to be taken out: the post (by id) and the words it was indexed
   * under. Set when a post the index holds is changed or deleted, from the row as it was (store/word-queue.ts);
   * absent when the index holds nothing here. Where no row is queued, the index holds each post's current
   * words at its current position, and nothing elsewhere.
   */
  held?: { id: number; words: string[] };
}

/**
 * A reply by one account to a post of another, filed under the Persona replied to: the legacy
 * `interactions` collection reads them. Replies within one account are conversations, not interactions.
 */
export type ReplyRow = z.infer<typeof replyRowSchema>;

export type MentionRow = z.infer<typeof mentionRowSchema>;

export type StarRow = z.infer<typeof starRowSchema>;

export type PinRow = z.infer<typeof pinRowSchema>;

export type SettingRow = z.infer<typeof settingRowSchema>;
