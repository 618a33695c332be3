import { z } from 'zod';
import { draftSchema } from '../api/draft';
import {
  accountRowSchema,
  channelRowSchema,
  conflictRowSchema,
  copyRowSchema,
  grantRowSchema,
  markerRowSchema,
  mentionRowSchema,
  personaRowSchema,
  pinRowSchema,
  postRowSchema,
  remoteRowSchema,
  remoteUrlRowSchema,
  replyRowSchema,
  starRowSchema,
} from '../store/row-schemas';
import { personSettingSchema } from '../store/setting-keys';

/**
 * The archive of an instance (docs/archive.md): `archive.json`, then one JSON Lines file per table of the
 * person's data under `data/`, each line one row exactly as the store keeps it, so that a restore writes
 * back the same rows. Every schema is strict: a field the store does not know is refused, not dropped.
 */
export const ARCHIVE_FORMAT = 'publishing-desk-archive';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_NAME = 'archive.json';

/**
 * Each table's rows as the store's own schemas describe them (store/row-schemas.ts), less what never
 * leaves the instance: the password's hash and the remotes' tokens. A field the store gains is in the
 * archive with it; there is no second description to fall behind.
 */
export const accountSchema = accountRowSchema.omit({ passHash: true });
export const remoteSchema = remoteRowSchema.omit({ sealedToken: true });
/** A post of an archive names its numeric id: the legacy interface and the clients of it know the post by it. */
export const postSchema = postRowSchema.required({ id: true });

/** The tables of an archive, in the order they are written and restored: what a row names comes first. */
export const ARCHIVE_TABLES = {
  accounts: accountSchema,
  personas: personaRowSchema,
  channels: channelRowSchema,
  grants: grantRowSchema,
  settings: personSettingSchema,
  remotes: remoteSchema,
  posts: postSchema,
  mentions: mentionRowSchema,
  replies: replyRowSchema,
  stars: starRowSchema,
  pins: pinRowSchema,
  conflicts: conflictRowSchema,
  remoteUrls: remoteUrlRowSchema,
  markers: markerRowSchema,
  copies: copyRowSchema,
} as const;

export type ArchiveTable = keyof typeof ARCHIVE_TABLES;
export const ARCHIVE_TABLE_NAMES = Object.keys(ARCHIVE_TABLES) as ArchiveTable[];
export type ArchiveRow<T extends ArchiveTable> = z.infer<(typeof ARCHIVE_TABLES)[T]>;

/**
 * Tables the store gained after archives of format version 1 were first made: an archive of an earlier
 * release has neither their entry nor their count, and restores with them empty. The format stays version 1.
 */
export const LATER_TABLES: readonly ArchiveTable[] = ['markers', 'copies'];
export const isLaterTable = (table: ArchiveTable): boolean => LATER_TABLES.includes(table);

/** Where a table's rows are in the zip. */
export const dataEntryName = (table: ArchiveTable): string => `data/${table}.jsonl`;

/**
 * The owner's drafts (src-shared/api/draft.ts), one draft a line, without what only the store keeps (their
 * versions, removed drafts). Archives of releases that kept drafts in the page alone hold the entry only when
 * made from the page, so it is optional and the format stays version 1.
 */
export const DRAFTS_ENTRY = 'data/drafts.jsonl';
export const archiveDraftSchema = z.strictObject(draftSchema.unwrap().shape);
export type ArchiveDraft = z.infer<typeof archiveDraftSchema>;

const count = z.number().int().nonnegative();
const text = z.string();
// Typed as optional throughout: which tables may be absent is known when the manifest is read, not here.
const tableCounts = Object.fromEntries(
  ARCHIVE_TABLE_NAMES.map((table) => [table, isLaterTable(table) ? count.exactOptional() : count]),
) as Record<ArchiveTable, ReturnType<typeof count.exactOptional>>;

export const manifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  made_at: z.iso.datetime({ offset: true }),
  app: z.strictObject({ name: text, version: text }),
  /** The store's Dexie schema version the rows were read from (store/db.ts). */
  store_version: z.number().int().positive(),
  /** Rows per table (LATER_TABLES only from the release that has them); `drafts` only when the archive holds DRAFTS_ENTRY. */
  counts: z.strictObject({ ...tableCounts, drafts: count.exactOptional() }),
});
export type Manifest = z.infer<typeof manifestSchema>;
