import { z } from 'zod';
import { EXTENSIONS } from '../api/about';
import { CANONICAL_PATH_PATTERN, GEO_BOUNDS, GUID_PATTERN, HANDLE_PATTERN, LIMITS, SLUG_PATTERN } from '../api/inputs';
import { draftSchema } from '../api/draft';
import { isMarkerTimeline } from '../api/markers';
import { POLL_SECONDS } from '../api/sync-inputs';
import { ALL_POST_TYPES, FAILURE_KINDS, INTERFACES, PIN_COLOURS, PRIVACIES } from '../api/vocabulary';
import { isTagWithinLimits } from '../text/tags';
import { isWebUrl } from '../text/sanitize';
import { charCount } from '../util/chars';
import { LAST_UNIX } from '../util/time';
import { canonicalLanguage, isTimezone } from '../util/zones';

/**
 * The rows of the store that hold a person's data, as zod schemas: the one source of their types (rows.ts and
 * sync-rows.ts take them from here) and of what a row may hold. Every writer keeps to these rules: the
 * service's writes check their variables by the same limits and patterns (api/inputs.ts), a restore checks
 * every row of an archive against them (archive/archive-schema.ts), and a remote's post is kept only when its
 * row does (sync/store-pulled.ts). So every value read back has a bound: no time without a date, no id the
 * key generator cannot pass, no link that runs script.
 *
 * Fields computed from others (a post's `html` and `order`, a bio's HTML) are not trusted from outside: a
 * restore computes them again (store/post-row.ts).
 */

/** A GUID here or on a remote: at most 200 characters, none of them spaces or control characters. */
export const guidField = z
  .string()
  .regex(/^[^\s\p{C}]{1,200}$/u, 'must be a GUID: 1 to 200 characters, without spaces');
/** Unix seconds from 1970 to the end of 9999: a time every client can write as a date. */
export const unixField = z
  .number()
  .int('must be whole seconds')
  .min(0, 'must not be before 1970')
  .max(LAST_UNIX, 'must not be after 9999');
/**
 * A legacy numeric id. Ids are counted up from 1 by the store; 2^31 − 1 is what clients that keep them in 32
 * bits can read, and leaves the key generator (2^53) room for every post still to come.
 */
export const MAX_ROW_ID = 2 ** 31 - 1;
const rowId = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`);
const position = z.number().int().min(0).max(MAX_ROW_ID);
/** A line of text for people, bounded: names, addresses, messages. */
const line = (max: number) => z.string().refine((s) => charCount(s) <= max, `must be at most ${max} characters`);
const webLink = z.string().refine(isWebUrl, 'must be an http(s) URL without spaces, quotes or angle brackets');
/** A link that may be empty: an avatar or a site not given. */
const webLinkOrEmpty = z
  .string()
  .refine((s) => s === '' || isWebUrl(s), 'must be empty or an http(s) URL without spaces, quotes or angle brackets');
const timezone = z.string().max(64).refine(isTimezone, 'must be a TZ database name or an abbreviation such as UTC');
/** `pbkdf2-sha256$rounds$saltHex$hashHex` (util/secrets.ts), its rounds within what a check can afford. */
const passwordHash = z
  .string()
  .regex(/^pbkdf2-sha256\$\d{1,7}\$[0-9a-f]{32}\$[0-9a-f]{64}$/, 'must be a password hash of this app')
  .refine((hash) => Number(hash.split('$')[1]) <= 1_000_000, 'must be a password hash of at most 1,000,000 rounds');

/**
 * A Persona's or a Channel's name: a person gives one of at most LIMITS.nameChars here; a remote's may be
 * longer, and is kept to this (sync/remote-names.ts).
 */
export const PERSONA_NAME_CHARS = LIMITS.nameChars * 4;

/** Marks per post: one for each of the instance's Personas at most. */
const MAX_MARKS = 10_000;
/** Personas a post mentions that are known here. */
const MAX_MENTIONS = 10_000;

export const accountRowSchema = z.strictObject({
  guid: guidField,
  /** Sign-in name, unique, lower case. */
  name: z
    .string()
    .regex(/^[a-z0-9_.@-]{1,128}$/, 'must be a sign-in name: lower-case letters, digits, "_", ".", "@" or "-"'),
  displayName: line(LIMITS.nameChars),
  mail: line(320),
  language: z
    .string()
    .max(64)
    .refine((s) => s === '' || canonicalLanguage(s) !== null, 'must be a language tag such as en-US'),
  timezone,
  type: line(64),
  /** PBKDF2 hash (see util/secrets.ts), or null while no password is set: sign-in is then impossible. */
  passHash: passwordHash.nullable(),
  createdUnix: unixField,
  updatedUnix: unixField,
});

export const personaRowSchema = z.strictObject({
  guid: guidField,
  /** Legacy numeric id (the legacy interface calls a Persona an account); 1, 2, … in order of creation. */
  id: rowId,
  accountGuid: z.string().regex(/^(?:remote:)?[^\s\p{C}]{1,200}$/u, 'must be an account GUID'),
  /** The `as` handle, without `@`; `handleKey` is its lower-case form, unique. */
  handle: z.string().regex(HANDLE_PATTERN, 'must be a handle: 1 to 64 letters, digits, "_", "." or "-"'),
  /** Of a remote's author who is not a linked Persona: `handle@host`, and `#guid` should that be taken. */
  handleKey: z.string().regex(/^[^\s\p{C}]{1,600}$/u, 'must be a lower-case handle'),
  name: line(PERSONA_NAME_CHARS),
  avatarUrl: webLinkOrEmpty,
  siteUrl: webLinkOrEmpty,
  bioText: line(LIMITS.bioChars),
  bioHtml: z.string(),
  timezone,
  position,
  createdUnix: unixField,
  updatedUnix: unixField,
  /**
   * The remote this Persona lives on (sync). With the owner's `accountGuid` it is linked: the owner writes
   * as it and the outbox carries those writes there. Other authors of that remote carry `remoteAccount(…)`.
   */
  remoteGuid: guidField.nullish(),
});

export const channelRowSchema = z.strictObject({
  guid: guidField,
  /** Legacy `channel_id`; the instance's first Channel is 1. */
  id: rowId,
  accountGuid: guidField,
  name: line(PERSONA_NAME_CHARS),
  position,
  createdUnix: unixField,
  updatedUnix: unixField,
  /** The remote this Channel lives on (sync), under its own GUID there. */
  remoteGuid: guidField.nullish(),
});

/** A Persona may write to a Channel (section 5.6). */
export const grantRowSchema = z.strictObject({ channelGuid: guidField, personaGuid: guidField });

const geoNumber = (bounds: { min: number; max: number }) => z.number().min(bounds.min).max(bounds.max).nullable();
export const geoRowSchema = z.strictObject({
  longitude: geoNumber(GEO_BOUNDS.longitude),
  latitude: geoNumber(GEO_BOUNDS.latitude),
  altitude: geoNumber(GEO_BOUNDS.altitude),
  description: line(LIMITS.geoDescriptionChars).nullable(),
});

export const starMarkSchema = z.strictObject({ personaGuid: guidField, starredUnix: unixField });
export const pinMarkSchema = z.strictObject({
  personaGuid: guidField,
  colour: z.enum(PIN_COLOURS),
  pinnedUnix: unixField,
});
/** A repost of this post by one of the instance's Personas, and the GUID of the repost. */
export const repostMarkSchema = z.strictObject({ personaGuid: guidField, postGuid: guidField });

const tag = z.string().refine(isTagWithinLimits, `must be a tag of at most ${LIMITS.tagChars} characters`);

export const postRowSchema = z.strictObject({
  /** Legacy numeric id; assigned by the store. */
  id: rowId.optional(),
  guid: guidField,
  type: z.enum(ALL_POST_TYPES),
  privacy: z.enum(PRIVACIES),
  accountGuid: z.string().regex(/^(?:remote:)?[^\s\p{C}]{1,200}$/u, 'must be an account GUID'),
  personaGuid: guidField,
  channelGuid: guidField,
  title: line(LIMITS.titleChars).nullable(),
  /** Markdown. */
  text: line(LIMITS.textChars),
  /** Sanitised HTML rendering of `text`, computed on write. */
  html: z.string(),
  tags: z.array(tag).max(LIMITS.tagsPerPost),
  /** GUIDs of the Personas mentioned in `text`. */
  mentions: z.array(guidField).max(MAX_MENTIONS),
  /** A post (its GUID) or a page anywhere (a web link). */
  replyTo: z
    .string()
    .refine((s) => GUID_PATTERN.test(s) || isWebUrl(s), 'must be the GUID of a post or an http(s) URL')
    .nullable(),
  /** GUID of the local post replied to, when `replyTo` names one. */
  parentGuid: guidField.nullable(),
  /** The conversation: the root post's GUID, or `url:<reply_to>` for replies to a page elsewhere. */
  threadKey: z.union([guidField, z.string().regex(/^url:/).pipe(z.string().max(2100))]),
  sourceUrl: webLink.nullable(),
  sourceTitle: line(LIMITS.sourceTitleChars).nullable(),
  geo: geoRowSchema.nullable(),
  slug: z.string().regex(SLUG_PATTERN).nullable(),
  /** Path of the canonical URL; the host's origin completes it. */
  canonicalPath: z.string().max(LIMITS.pathChars).regex(CANONICAL_PATH_PATTERN, 'must be a path such as /notes/hello'),
  publishUnix: unixField,
  /** Timeline position, derived from publishUnix and guid by `timelineOrder` (store/order.ts). */
  order: z.string(),
  expiresUnix: unixField.nullable(),
  createdUnix: unixField,
  updatedUnix: unixField,
  /** 0 or 1: IndexedDB cannot index booleans. Deleted rows stay as tombstones for sync and the legacy view. */
  deleted: z.union([z.literal(0), z.literal(1)]),
  /** PBKDF2 hash of the legacy access password (`passwd`), or null; see service/legacy/passwords.ts. */
  passwordHash: passwordHash.nullish(),
  /** GUID of the post this one reposts (legacy `POST /content/repost/{id}`). */
  repostOf: guidField.nullish(),
  /**
   * What this instance's own Personas did to the post, kept on the row so that a page of posts is presented
   * without one lookup per post (see store/relations.ts, the only writer). Never part of what sync copies.
   */
  starredBy: z.array(starMarkSchema).max(MAX_MARKS).optional(),
  pinnedBy: z.array(pinMarkSchema).max(MAX_MARKS).optional(),
  repostedBy: z.array(repostMarkSchema).max(MAX_MARKS).optional(),
  /** Sync: the remote the post lives on, its URL there and the `updated_unix` of the version held here. */
  remoteGuid: guidField.nullish(),
  /** Empty when the remote gave no plain web link for it. */
  remoteUrl: webLinkOrEmpty.nullish(),
  remoteUpdatedUnix: unixField.nullish(),
  /** Sync: a fingerprint of that version's title, tags and text (sync/fingerprint.ts), to notice an edit there within the same second. */
  remoteContent: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .nullish(),
  /** Sync: the post's numeric id there, for a remote that speaks the legacy interface (which names posts by id). */
  remoteId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullish(),
  /**
   * Sync: when the remote stopped serving the post (deleted or hidden there). It is then a tombstone here
   * too (sync/gone.ts), which the post leaves if the remote serves it again.
   */
  goneUnix: unixField.nullish(),
});

/**
 * A reply by one account to a post of another, filed under the Persona replied to: the legacy
 * `interactions` collection reads them. Replies within one account are conversations, not interactions.
 */
export const replyRowSchema = z.strictObject({ personaGuid: guidField, postGuid: guidField, publishUnix: unixField });
export const mentionRowSchema = z.strictObject({ personaGuid: guidField, postGuid: guidField, publishUnix: unixField });
export const starRowSchema = z.strictObject({ postGuid: guidField, personaGuid: guidField, starredUnix: unixField });
export const pinRowSchema = z.strictObject({
  postGuid: guidField,
  personaGuid: guidField,
  colour: z.enum(PIN_COLOURS),
  pinnedUnix: unixField,
});
/**
 * A reading place (api/markers.ts): in one timeline of an account, the newest post read there, with its place
 * in the timeline's order, and the version each move raises.
 */
export const markerRowSchema = z.strictObject({
  accountGuid: guidField,
  timeline: z.string().refine(isMarkerTimeline, 'must be a timeline that keeps a reading place, in lower case'),
  postGuid: guidField,
  publishUnix: unixField,
  version: rowId,
  updatedUnix: unixField,
});
/**
 * A post published with others from one draft, as several Personas (handlers/drafts.ts publishDraft): its
 * `group` is the GUID of the first of them, the draft's own Persona's.
 */
export const copyRowSchema = z.strictObject({ postGuid: guidField, group: guidField });

/**
 * A draft as the store keeps it (store/drafts.ts): the draft, its account, the version each save raises, and
 * its place in the order of every draft change (`seq`), by which a page or desk asks what changed. A removed
 * draft stays a while as a row with `gone` 1 and nothing written in it, so that a desk that still holds it
 * learns it is gone.
 */
export const draftRowSchema = draftSchema.unwrap().extend({
  accountGuid: guidField,
  version: z.number().int().positive(),
  seq: z.number().int().positive(),
  savedUnix: unixField,
  gone: z.union([z.literal(0), z.literal(1)]),
  /** The page that saved it (its own id), or '' for none: its next save is not a change made apart. */
  writer: z.string().max(64),
});
export const settingRowSchema = z.strictObject({ key: z.string().min(1).max(200), value: z.string().max(1024 * 1024) });

/** What a remote is and what it takes, as read when it was added (sync/instance-connection.ts). */
export const remoteServerSchema = z.strictObject({
  /** For people: "Publishing Desk 0.1.0", "10Centuries (matigo/streams)". */
  software: line(200),
  /** The kinds of post it holds; others wait in `attention` with the reason. */
  kinds: z.array(z.enum(ALL_POST_TYPES)).max(ALL_POST_TYPES.length),
  /** This project's extensions it names in `GET /api/about` (api/about.ts); none for other servers. */
  extensions: z.array(z.enum(EXTENSIONS)).max(EXTENSIONS.length),
  /**
   * It lists each Persona's own posts over all time (the reference's `GET /api/account/{guid}/posts`), where
   * its global timeline stops: so the history of the owner's Personas there is read whole once.
   */
  personaHistory: z.boolean().optional(),
  /** When the remote's account was last read (its Personas and Channels linked again): once a day. */
  readUnix: unixField.optional(),
});

export const remoteRowSchema = z.strictObject({
  /** Local name of the remote; never sent anywhere. */
  guid: guidField,
  /** Normalised base URL: scheme, host, port and path prefix, no trailing slash. */
  baseUrl: webLink,
  interface: z.enum(INTERFACES),
  /** The token for the remote, sealed by the host's SecretBox: never shown, never logged. */
  sealedToken: z.string().max(8192),
  /** The remote account's GUID (instance) or numeric id (legacy), as text. */
  accountRef: line(200),
  /** Local Channel for posts of this remote whose Channel is not one of the linked ones. */
  defaultChannelGuid: guidField,
  /** The remote listed its Channels and they are linked here; otherwise the default is a local stand-in. */
  channelsLinked: z.boolean(),
  pollSeconds: z.number().int().min(POLL_SECONDS.min).max(POLL_SECONDS.max),
  createdUnix: unixField,
  lastPullUnix: unixField.nullable(),
  lastPushUnix: unixField.nullable(),
  /** The last failure talking to the remote, in words a person can act on; null after a success. */
  lastError: line(4096).nullable(),
  lastErrorUnix: unixField.nullable(),
  /** What kind of failure `lastError` is (sync/failure.ts); absent on older rows, null after a success. */
  lastErrorKind: z.enum(FAILURE_KINDS).nullish(),
  /** Cycles in a row that failed; each doubles the poll interval (sync/backoff.ts). Absent on older rows. */
  failedCycles: z.number().int().min(0).max(MAX_ROW_ID).optional(),
  /** When the first of the cycles in a row that failed began to fail; null (or absent) while none fails. */
  failingSinceUnix: unixField.nullish(),
  /** Absent on remotes added before it was recorded: the next cycle reads it (sync/engine.ts). */
  server: remoteServerSchema.optional(),
});

/** A post edited both here and on the remote: both versions are kept until the person chooses. */
export const conflictRowSchema = z.strictObject({
  postGuid: guidField,
  remoteGuid: guidField,
  /** The remote's version as it was read (the local version is the post row itself). */
  remote: z.strictObject({
    title: line(LIMITS.titleChars).nullable(),
    text: line(LIMITS.textChars),
    tags: z.array(tag).max(LIMITS.tagsPerPost),
    updatedUnix: unixField,
  }),
  detectedUnix: unixField,
});

/**
 * Where a post held here lives on its remote, when its canonical URL there holds no GUID (the reference's
 * articles: `/2026/11/24/a-title`). A reply names what it answers by that URL (`reply_to`), so a reply to
 * such an article finds its parent here by this (store/remote-urls.ts).
 */
export const remoteUrlRowSchema = z.strictObject({ url: webLink, postGuid: guidField });
