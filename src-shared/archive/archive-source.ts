import { MARKER_LIMITS } from '../api/markers';
import type { ArchiveTable } from './archive-schema';

/**
 * An archive as the import reads it, whatever holds it (a zip on disk: src-main/archive/zip-reader.ts).
 * Every limit is enforced by the source as it reads, so a hostile archive is refused before it costs much.
 */
export interface ArchiveEntry {
  name: string;
  /** Bytes once uncompressed, as the archive declares them; reading refuses an entry that holds more. */
  size: number;
}

export interface ArchiveSource {
  readonly entries: readonly ArchiveEntry[];
  /**
   * What the source was when it was opened, for a source that can change (a file: its inode, size and
   * times), so that a check of it holds only for it unchanged (import.ts `checked`); none when unknown.
   */
  readonly identity?: string;
  /** The entry's lines (UTF-8, without their line ends), each with its 1-based number. */
  lines(name: string): AsyncIterable<{ line: string; number: number }>;
}

/**
 * What an archive may hold. An archive of 100,000 posts is about 300 MB uncompressed and 200,000 entries;
 * these allow ten times that, and are what an archive is checked within, in a bounded heap (a worker's,
 * src-main/archive/check-file.ts): the rows of a table are counted, and the GUIDs of what other rows name
 * (Personas, Channels, posts) kept while checking.
 */
export const ARCHIVE_LIMITS = {
  /** Every entry, read or not: a Markdown file per post, a feed per Persona, beside the data. */
  entries: 2_000_000,
  /** Rows per table. */
  rows: {
    accounts: 100,
    personas: 100_000,
    channels: 100_000,
    grants: 1_000_000,
    settings: 10_000,
    remotes: 1_000,
    posts: 1_000_000,
    mentions: 2_000_000,
    replies: 2_000_000,
    stars: 2_000_000,
    pins: 2_000_000,
    conflicts: 100_000,
    remoteUrls: 1_000_000,
    markers: 100 * MARKER_LIMITS.perAccount,
    copies: 1_000_000,
  } satisfies Record<ArchiveTable, number>,
  /** Of one entry, uncompressed: the posts of a very large instance. */
  entryBytes: 2 * 1024 ** 3,
  /** Of the entries the import reads (archive.json and data/), uncompressed. */
  totalBytes: 8 * 1024 ** 3,
  /** One row: a post of 100,000 characters, its HTML and its fields, with room to spare. */
  lineChars: 4 * 1024 * 1024,
  manifestBytes: 1024 * 1024,
} as const;

/** A problem with an archive, in words for the person who gave it: nothing has been changed. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
}
