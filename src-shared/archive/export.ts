import type { z } from 'zod';
import type { Draft } from '../api/draft';
import { SOFTWARE } from '../api/software';
import { ownerAccount } from '../store/bootstrap';
import type { PublishingDb } from '../store/db';
import { draftOf, listDrafts } from '../store/drafts';
import type { PersonaRow, PostRow } from '../store/rows';
import { isPersonSetting } from '../store/setting-keys';
import { isoOf } from '../util/time';
import { canRead } from '../store/visibility';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_TABLE_NAMES,
  ARCHIVE_TABLES,
  ARCHIVE_VERSION,
  archiveDraftSchema,
  dataEntryName,
  DRAFTS_ENTRY,
  MANIFEST_NAME,
  type ArchiveTable,
  type Manifest,
} from './archive-schema';
import { draftFrontMatter, draftMarkdownPath } from './draft-markdown';
import { atomEntry, atomHead, ATOM_TAIL, jsonFeedHead, jsonFeedItem, JSON_FEED_TAIL, type FeedContext } from './feeds';
import { writeFrontMatter } from './front-matter';
import { pagesOf, PAGE_ROWS } from './pages';
import { claimName, safeSegment } from './file-names';
import { markdownPath, postFrontMatter } from './post-markdown';
import { zipWriter, type ByteSink, type ZipCodec } from './zip-writer';

/** Markdown files shorter than this are stored uncompressed (zip-writer.ts says why). */
const STORED_CHARS = 2048;

export interface ExportOptions {
  /** Receives the zip's bytes in order; the export waits for each write. */
  sink: ByteSink;
  /** The zip's checksums and compression (src-main/archive/zip-codec.ts). */
  codec: ZipCodec;
  /** Unix seconds: the archive's time, and what "published" means for the feeds. */
  now: number;
  /** The instance's public address, for links in the feeds; null leaves them out. */
  origin?: string | null;
}

/**
 * Writes the whole instance as a zip (docs/archive.md): the rows of every table of the person's data as JSON
 * Lines, every post as a Markdown file, a JSON Feed and an Atom feed of each of the instance's own Personas,
 * and `archive.json` last, with the counts of what was written. Reads the store a page at a time.
 *
 * Rows are checked against the archive's schemas on the way out: a row the import would refuse stops the
 * export with its table and key, rather than making an archive that cannot be restored.
 */
export async function exportArchive(db: PublishingDb, options: ExportOptions): Promise<Manifest> {
  const madeAt = new Date(options.now * 1000);
  const zip = zipWriter(options.sink, madeAt, options.codec);
  const counts = Object.fromEntries(ARCHIVE_TABLE_NAMES.map((table) => [table, 0])) as Record<ArchiveTable, number>;
  for (const table of ARCHIVE_TABLE_NAMES) {
    await zip.file(
      dataEntryName(table),
      linesOf(db, table, (n) => (counts[table] += n)),
    );
  }
  const personas = await db.personas.toArray();
  const handleOf = new Map(personas.map((p) => [p.guid, p.handle]));
  const used = new Set<string>();
  for await (const page of pagesOf(db.posts)) {
    for (const post of page) {
      if (post.deleted) continue;
      const handle = handleOf.get(post.personaGuid) ?? 'unknown';
      const text = writeFrontMatter(postFrontMatter(post, handle), post.text);
      await zip.file(markdownPath(post, handle, used), [text], { stored: text.length < STORED_CHARS });
    }
  }
  const owner = await ownerAccount(db);
  const drafts = owner ? (await listDrafts(db, owner.guid)).drafts.map(draftOf) : [];
  await zip.file(DRAFTS_ENTRY, draftLines(drafts));
  const draftNames = new Set<string>();
  for (const draft of drafts) {
    const handle = draft.personaGuid === null ? undefined : handleOf.get(draft.personaGuid);
    const text = writeFrontMatter(draftFrontMatter(draft, handle), draft.text);
    await zip.file(draftMarkdownPath(draft, draftNames), [text], { stored: text.length < STORED_CHARS });
  }
  const accounts = new Set(await db.accounts.toCollection().primaryKeys());
  const feedNames = new Set<string>();
  for (const persona of personas.filter((p) => accounts.has(p.accountGuid) && !p.remoteGuid)) {
    const context: FeedContext = { persona, origin: options.origin ?? null, madeUnix: options.now };
    // Two Personas whose handles differ only in characters a file name cannot hold get distinct files.
    const feed = `feeds/${safeSegment(persona.handle, persona.guid)}`;
    const name = claimName(feedNames, [feed, `${feed}-${persona.guid}`], '');
    await zip.file(`${name}.json`, jsonFeed(db, context, options.now));
    await zip.file(`${name}.atom`, atomFeed(db, context, options.now));
  }
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    made_at: isoOf(options.now),
    app: { name: SOFTWARE.name, version: SOFTWARE.version },
    store_version: db.verno,
    counts: { ...counts, drafts: drafts.length },
  };
  await zip.file(MANIFEST_NAME, [`${JSON.stringify(manifest, null, 2)}\n`]);
  await zip.end();
  return manifest;
}

/** The drafts as JSON Lines, each checked as the import will check it. */
function draftLines(drafts: readonly Draft[]): string[] {
  return drafts.map((draft) => {
    const checked = archiveDraftSchema.safeParse(draft);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new Error(
        `cannot export draft ${JSON.stringify(draft.id)}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      );
    }
    return `${JSON.stringify(checked.data)}\n`;
  });
}

async function* linesOf(db: PublishingDb, table: ArchiveTable, counted: (n: number) => void): AsyncGenerator<string> {
  const schema: z.ZodType = ARCHIVE_TABLES[table];
  for await (const page of pagesOf(db.table<Record<string, unknown>, unknown>(table))) {
    const lines: string[] = [];
    for (const stored of page) {
      const row = archivedRow(table, stored);
      if (row === null) continue;
      const checked = schema.safeParse(row);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new Error(
          `cannot export ${table} row ${keyText(row)}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
        );
      }
      lines.push(JSON.stringify(row));
    }
    counted(lines.length);
    if (lines.length > 0) yield `${lines.join('\n')}\n`;
  }
}

/** The row as archived: secrets left out, or null for a row that is not the person's data. */
function archivedRow(table: ArchiveTable, row: Record<string, unknown>): Record<string, unknown> | null {
  if (table === 'accounts') {
    const { passHash: _passHash, ...rest } = row;
    return rest;
  }
  if (table === 'remotes') {
    const { sealedToken: _sealedToken, ...rest } = row;
    return rest;
  }
  // The progress of an upgrade under way, or drafts kept for the page until it takes them, are not the
  // person's: a restore starts none (store/setting-keys.ts).
  if (table === 'settings' && !isPersonSetting(String(row['key']))) return null;
  return row;
}

const keyText = (row: Record<string, unknown>): string =>
  JSON.stringify(row['guid'] ?? row['key'] ?? row['postGuid'] ?? row['url'] ?? '?');

/** A Persona's posts that anyone may read now, newest first, a page at a time by the Persona's timeline index. */
async function* publicPostsOf(db: PublishingDb, persona: PersonaRow, now: number): AsyncGenerator<PostRow> {
  let after = '';
  for (;;) {
    const page = await db.posts
      .where('[personaGuid+order]')
      .between([persona.guid, after], [persona.guid, '\uffff'], false, true)
      .limit(PAGE_ROWS)
      .toArray();
    for (const post of page) if (canRead(post, null, now)) yield post;
    const last = page.at(-1);
    if (page.length < PAGE_ROWS || !last) return;
    after = last.order;
  }
}

async function* jsonFeed(db: PublishingDb, context: FeedContext, now: number): AsyncGenerator<string> {
  yield jsonFeedHead(context);
  let first = true;
  for await (const post of publicPostsOf(db, context.persona, now)) {
    yield jsonFeedItem(context, post, first);
    first = false;
  }
  yield JSON_FEED_TAIL;
}

async function* atomFeed(db: PublishingDb, context: FeedContext, now: number): AsyncGenerator<string> {
  yield atomHead(context);
  for await (const post of publicPostsOf(db, context.persona, now)) yield atomEntry(context, post);
  yield ATOM_TAIL;
}
