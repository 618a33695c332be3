import { z } from 'zod';
import { EXTENSIONS } from '../api/about';
import { draftSchema } from '../api/draft';
import { ALL_POST_TYPES, INTERFACES, PIN_COLOURS, PRIVACIES } from '../api/vocabulary';
import type {
  AccountRow,
  ChannelRow,
  GrantRow,
  MentionRow,
  PersonaRow,
  PinRow,
  PostRow,
  ReplyRow,
  SettingRow,
  StarRow,
} from '../store/rows';
import type { ConflictRow, RemoteRow, RemoteUrlRow } from '../store/sync-rows';

/**
 * The archive of an instance (docs/archive.md): `archive.json`, then one JSON Lines file per table of the
 * person's data under `data/`, each line one row exactly as the store keeps it, so that a restore writes
 * back the same rows. Every schema is strict: a field the store does not know is refused, not dropped.
 *
 * The row interfaces in store/rows.ts stay the store's own source; the checks at the end of this file make
 * the type-checker refuse an archive schema that no longer matches its row (a field added to a row must be
 * added here, or the archive would silently lose it).
 */
export const ARCHIVE_FORMAT = 'publishing-desk-archive';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_NAME = 'archive.json';

const guid = z.string().min(1).max(200);
const unix = z.number().int();
const text = z.string();

export const accountSchema = z.strictObject({
  guid,
  name: text,
  displayName: text,
  mail: text,
  language: text,
  timezone: text,
  type: text,
  createdUnix: unix,
  updatedUnix: unix,
});

export const personaSchema = z.strictObject({
  guid,
  id: z.number().int().positive(),
  accountGuid: guid,
  handle: text,
  handleKey: text,
  name: text,
  avatarUrl: text,
  siteUrl: text,
  bioText: text,
  bioHtml: text,
  timezone: text,
  position: z.number(),
  createdUnix: unix,
  updatedUnix: unix,
  remoteGuid: guid.nullish(),
});

export const channelSchema = z.strictObject({
  guid,
  id: z.number().int().positive(),
  accountGuid: guid,
  name: text,
  position: z.number(),
  createdUnix: unix,
  updatedUnix: unix,
  remoteGuid: guid.nullish(),
});

export const grantSchema = z.strictObject({ channelGuid: guid, personaGuid: guid });

const geoSchema = z.strictObject({
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  altitude: z.number().nullable(),
  description: text.nullable(),
});

export const postSchema = z.strictObject({
  id: z.number().int().positive(),
  guid,
  type: z.enum(ALL_POST_TYPES),
  privacy: z.enum(PRIVACIES),
  accountGuid: guid,
  personaGuid: guid,
  channelGuid: guid,
  title: text.nullable(),
  text,
  html: text,
  tags: z.array(text),
  mentions: z.array(guid),
  replyTo: text.nullable(),
  parentGuid: guid.nullable(),
  threadKey: text,
  sourceUrl: text.nullable(),
  sourceTitle: text.nullable(),
  geo: geoSchema.nullable(),
  slug: text.nullable(),
  canonicalPath: text,
  publishUnix: unix,
  order: text,
  expiresUnix: unix.nullable(),
  createdUnix: unix,
  updatedUnix: unix,
  deleted: z.union([z.literal(0), z.literal(1)]),
  passwordHash: text.nullish(),
  repostOf: guid.nullish(),
  starredBy: z.array(z.strictObject({ personaGuid: guid, starredUnix: unix })).optional(),
  pinnedBy: z.array(z.strictObject({ personaGuid: guid, colour: z.enum(PIN_COLOURS), pinnedUnix: unix })).optional(),
  repostedBy: z.array(z.strictObject({ personaGuid: guid, postGuid: guid })).optional(),
  remoteGuid: guid.nullish(),
  remoteUrl: text.nullish(),
  remoteUpdatedUnix: unix.nullish(),
  remoteContent: text.nullish(),
  remoteId: z.number().int().nullish(),
  goneUnix: unix.nullish(),
});

export const mentionSchema = z.strictObject({ personaGuid: guid, postGuid: guid, publishUnix: unix });
export const replySchema = z.strictObject({ personaGuid: guid, postGuid: guid, publishUnix: unix });
export const starSchema = z.strictObject({ postGuid: guid, personaGuid: guid, starredUnix: unix });
export const pinSchema = z.strictObject({ postGuid: guid, personaGuid: guid, colour: z.enum(PIN_COLOURS), pinnedUnix: unix });
export const settingSchema = z.strictObject({ key: z.string().min(1).max(200), value: text });

/** A remote without its token: `sealedToken` never leaves the instance (a restore asks for it again). */
export const remoteSchema = z.strictObject({
  guid,
  baseUrl: text,
  interface: z.enum(INTERFACES),
  accountRef: text,
  defaultChannelGuid: guid,
  channelsLinked: z.boolean(),
  pollSeconds: z.number().int().nonnegative(),
  createdUnix: unix,
  lastPullUnix: unix.nullable(),
  lastPushUnix: unix.nullable(),
  lastError: text.nullable(),
  lastErrorUnix: unix.nullable(),
  failedCycles: z.number().int().nonnegative().optional(),
  server: z
    .strictObject({
      software: text,
      kinds: z.array(z.enum(ALL_POST_TYPES)),
      extensions: z.array(z.enum(EXTENSIONS)),
      personaHistory: z.boolean().optional(),
      readUnix: unix.optional(),
    })
    .optional(),
});

export const conflictSchema = z.strictObject({
  postGuid: guid,
  remoteGuid: guid,
  remote: z.strictObject({ title: text.nullable(), text, tags: z.array(text), updatedUnix: unix }),
  detectedUnix: unix,
});

export const remoteUrlSchema = z.strictObject({ url: text, postGuid: guid });

/** The tables of an archive, in the order they are written and restored: what a row names comes first. */
export const ARCHIVE_TABLES = {
  accounts: accountSchema,
  personas: personaSchema,
  channels: channelSchema,
  grants: grantSchema,
  settings: settingSchema,
  remotes: remoteSchema,
  posts: postSchema,
  mentions: mentionSchema,
  replies: replySchema,
  stars: starSchema,
  pins: pinSchema,
  conflicts: conflictSchema,
  remoteUrls: remoteUrlSchema,
} as const;

export type ArchiveTable = keyof typeof ARCHIVE_TABLES;
export const ARCHIVE_TABLE_NAMES = Object.keys(ARCHIVE_TABLES) as ArchiveTable[];
export type ArchiveRow<T extends ArchiveTable> = z.infer<(typeof ARCHIVE_TABLES)[T]>;

/** Where a table's rows are in the zip. */
export const dataEntryName = (table: ArchiveTable): string => `data/${table}.jsonl`;

/**
 * The page's drafts (src-shared/api/draft.ts), which are not in the store: an archive made from the page
 * carries them in this entry, one draft a line; one made by `npm run export` cannot see a browser's drafts
 * and has no such entry. The entry is optional, so the format stays version 1: an archive without it is
 * read as before, and one with it is read by this version alone (an older one refuses the entry by name).
 */
export const DRAFTS_ENTRY = 'data/drafts.jsonl';
export const archiveDraftSchema = z.strictObject(draftSchema.shape);
export type ArchiveDraft = z.infer<typeof archiveDraftSchema>;

const count = z.number().int().nonnegative();
const tableCounts = Object.fromEntries(ARCHIVE_TABLE_NAMES.map((table) => [table, count])) as Record<ArchiveTable, typeof count>;

export const manifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  made_at: z.iso.datetime({ offset: true }),
  app: z.strictObject({ name: text, version: text }),
  /** The store's Dexie schema version the rows were read from (store/db.ts). */
  store_version: z.number().int().positive(),
  /** Rows per table; `drafts` only when the archive holds DRAFTS_ENTRY. */
  counts: z.strictObject({ ...tableCounts, drafts: count.optional() }),
});
export type Manifest = z.infer<typeof manifestSchema>;

// ---- Each archive row is its store row (less the secrets named above), field for field. ----

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type ArchiveMatchesStore = [
  Check<Same<ArchiveRow<'accounts'>, Omit<AccountRow, 'passHash'>>>,
  Check<Same<ArchiveRow<'personas'>, PersonaRow>>,
  Check<Same<ArchiveRow<'channels'>, ChannelRow>>,
  Check<Same<ArchiveRow<'grants'>, GrantRow>>,
  Check<Same<ArchiveRow<'settings'>, SettingRow>>,
  Check<Same<ArchiveRow<'remotes'>, Omit<RemoteRow, 'sealedToken'>>>,
  Check<Same<ArchiveRow<'posts'>, PostRow & { id: number }>>,
  Check<Same<ArchiveRow<'mentions'>, MentionRow>>,
  Check<Same<ArchiveRow<'replies'>, ReplyRow>>,
  Check<Same<ArchiveRow<'stars'>, StarRow>>,
  Check<Same<ArchiveRow<'pins'>, PinRow>>,
  Check<Same<ArchiveRow<'conflicts'>, ConflictRow>>,
  Check<Same<ArchiveRow<'remoteUrls'>, RemoteUrlRow>>,
];
