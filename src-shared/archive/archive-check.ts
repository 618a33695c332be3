import type { z } from 'zod';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_TABLE_NAMES,
  ARCHIVE_TABLES,
  isLaterTable,
  ARCHIVE_VERSION,
  dataEntryName,
  DRAFTS_ENTRY,
  MANIFEST_NAME,
  manifestSchema,
  type ArchiveRow,
  type ArchiveTable,
  type Manifest,
} from './archive-schema';
import { archiveDrafts } from './archive-drafts';
import { ARCHIVE_LIMITS, ArchiveError, type ArchiveSource } from './archive-source';

/**
 * The keys that must be unique within each table, other than the GUID of a table whose rows others name
 * (NAMED below, whose GUIDs the check keeps anyway). The tables that link two things (a star, a mention) are
 * not checked here: a link given twice is the same fact, and the import keeps it once.
 */
const UNIQUE: Partial<{ [T in ArchiveTable]: ((row: ArchiveRow<T>) => string | number)[] }> = {
  accounts: [(r) => r.guid, (r) => `name ${r.name}`],
  personas: [(r) => r.id, (r) => `handle ${r.handleKey}`],
  channels: [(r) => r.id],
  settings: [(r) => r.key],
  posts: [(r) => r.id],
  conflicts: [(r) => r.postGuid],
  markers: [(r) => `${r.accountGuid} ${r.timeline}`],
  copies: [(r) => r.postGuid],
};

/** The tables whose rows others name: their GUIDs are kept while checking, for an archive may only name what it holds. */
const NAMED = ['personas', 'channels', 'remotes', 'posts'] as const satisfies readonly ArchiveTable[];
type Named = (typeof NAMED)[number];
type Known = Record<Named, Set<string>>;
const isNamed = (table: ArchiveTable): table is Named => (NAMED as readonly string[]).includes(table);

type Reference = [field: string, kind: Named, guid: string];

/** What each table's rows name. The tables are checked in ARCHIVE_TABLES order, the named before the naming. */
const REFERENCES: { [T in ArchiveTable]: (row: ArchiveRow<T>) => Reference[] } = {
  accounts: () => [],
  personas: () => [],
  channels: () => [],
  grants: (r) => [
    ['channelGuid', 'channels', r.channelGuid],
    ['personaGuid', 'personas', r.personaGuid],
  ],
  settings: () => [],
  remotes: (r) => [['defaultChannelGuid', 'channels', r.defaultChannelGuid]],
  posts: (r) => [
    ['personaGuid', 'personas', r.personaGuid],
    ['channelGuid', 'channels', r.channelGuid],
  ],
  mentions: (r) => [
    ['postGuid', 'posts', r.postGuid],
    ['personaGuid', 'personas', r.personaGuid],
  ],
  replies: (r) => [
    ['postGuid', 'posts', r.postGuid],
    ['personaGuid', 'personas', r.personaGuid],
  ],
  stars: (r) => [
    ['postGuid', 'posts', r.postGuid],
    ['personaGuid', 'personas', r.personaGuid],
  ],
  pins: (r) => [
    ['postGuid', 'posts', r.postGuid],
    ['personaGuid', 'personas', r.personaGuid],
  ],
  conflicts: (r) => [
    ['postGuid', 'posts', r.postGuid],
    ['remoteGuid', 'remotes', r.remoteGuid],
  ],
  remoteUrls: (r) => [['postGuid', 'posts', r.postGuid]],
  markers: (r) => [['postGuid', 'posts', r.postGuid]],
  copies: (r) => [
    ['postGuid', 'posts', r.postGuid],
    ['group', 'posts', r.group],
  ],
};

/**
 * An archive that passed checkArchive: its manifest, and its source's identity when it was opened for the
 * check (ArchiveSource.identity). An import given it reads the archive once, without checking it again, when
 * its source is that same one unchanged (import.ts).
 */
export interface CheckedArchive {
  manifest: Manifest;
  identity: string | null;
}

/**
 * Reads the whole archive once and refuses it at its first problem, named by entry and line: an entry
 * missing or too large, a manifest of another format or version, more rows than a table may have, a row
 * that does not match its schema, a key given twice, a row naming a Persona, Channel, remote or post the
 * archive does not hold, or counts that differ from the manifest's. Nothing is written; the import writes
 * only after this passed. What it keeps while reading is bounded by `limits.rows` (archive-source.ts).
 */
export async function checkArchive(
  source: ArchiveSource,
  limits: typeof ARCHIVE_LIMITS = ARCHIVE_LIMITS,
): Promise<Manifest> {
  const manifest = await readManifest(source);
  for (const table of ARCHIVE_TABLE_NAMES) {
    if ((manifest.counts[table] ?? 0) > limits.rows[table]) throw tooManyRows(table, limits);
  }
  const sizes = new Map(source.entries.map((entry) => [entry.name, entry.size]));
  const wanted = [MANIFEST_NAME, ...ARCHIVE_TABLE_NAMES.map(dataEntryName), DRAFTS_ENTRY];
  for (const name of sizes.keys()) {
    if (name.startsWith('data/') && !wanted.includes(name))
      throw new ArchiveError(`the archive holds ${name}, which version ${ARCHIVE_VERSION} does not know`);
  }
  const total = wanted.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
  if (total > limits.totalBytes) {
    throw new ArchiveError(`the archive's data is ${total} bytes uncompressed; at most ${limits.totalBytes} are read`);
  }
  const known: Known = { personas: new Set(), channels: new Set(), remotes: new Set(), posts: new Set() };
  for (const table of ARCHIVE_TABLE_NAMES) {
    const name = dataEntryName(table);
    if (!sizes.has(name) && isLaterTable(table) && manifest.counts[table] === undefined) continue;
    if (!sizes.has(name)) throw new ArchiveError(`the archive has no ${name}`);
    let count = 0;
    for await (const row of rowsOf(source, table)) {
      count++;
      if (count > limits.rows[table]) throw tooManyRows(table, limits);
      if (isNamed(table)) known[table].add((row as ArchiveRow<typeof table>).guid);
    }
    if (count !== (manifest.counts[table] ?? 0)) {
      throw new ArchiveError(`${name} holds ${count} rows where ${MANIFEST_NAME} says ${manifest.counts[table]}`);
    }
  }
  // Drafts are optional (archive-schema.ts): the page's, which `npm run export` cannot see.
  const drafts = await archiveDrafts(source);
  if ((drafts?.length ?? 0) !== (manifest.counts.drafts ?? 0)) {
    throw new ArchiveError(
      `${DRAFTS_ENTRY} holds ${drafts?.length ?? 0} drafts where ${MANIFEST_NAME} says ${manifest.counts.drafts ?? 0}`,
    );
  }
  return manifest;

  async function* rowsOf<T extends ArchiveTable>(from: ArchiveSource, table: T): AsyncGenerator<ArchiveRow<T>> {
    const name = dataEntryName(table);
    const keys = (UNIQUE[table] ?? []) as ((row: ArchiveRow<T>) => string | number)[];
    const seen = keys.map(() => new Set<string | number>());
    const guids = isNamed(table) ? known[table] : null;
    for await (const row of parsedRows(from, table)) {
      const at = `${name} line ${row.number}`;
      keys.forEach((keyOf, i) => {
        const key = keyOf(row.row);
        const text = typeof key === 'number' ? `id ${key}` : key;
        if (seen[i]?.has(key)) throw new ArchiveError(`${at}: ${text} is given twice in ${table}`);
        seen[i]?.add(key);
      });
      if (guids) {
        const guid = (row.row as { guid: string }).guid;
        if (guids.has(guid)) throw new ArchiveError(`${at}: ${guid} is given twice in ${table}`);
      }
      for (const [field, kind, guid] of REFERENCES[table](row.row)) {
        if (!known[kind].has(guid))
          throw new ArchiveError(`${at}: ${field} names ${guid}, which is in no row of ${kind}`);
      }
      yield row.row;
    }
  }
}

const tooManyRows = (table: ArchiveTable, limits: typeof ARCHIVE_LIMITS) =>
  new ArchiveError(
    `${dataEntryName(table)} holds more than ${limits.rows[table]} rows, the most an archive may hold of ${table}`,
  );

/** The rows of one table's entry, each parsed and checked against its schema. */
export async function* parsedRows<T extends ArchiveTable>(
  source: ArchiveSource,
  table: T,
): AsyncGenerator<{ row: ArchiveRow<T>; number: number }> {
  const name = dataEntryName(table);
  // A table an earlier release's archive lacks (checkArchive found its count absent too) has no rows.
  if (isLaterTable(table) && !source.entries.some((entry) => entry.name === name)) return;
  const schema: z.ZodType<ArchiveRow<T>> = ARCHIVE_TABLES[table] as unknown as z.ZodType<ArchiveRow<T>>;
  for await (const { line, number } of source.lines(name)) {
    const at = `${name} line ${number}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new ArchiveError(`${at} is not JSON`);
    }
    const checked = schema.safeParse(json);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw new ArchiveError(`${at}: ${field ? `${field}: ` : ''}${issue?.message ?? 'not a valid row'}`);
    }
    yield { row: checked.data, number };
  }
}

async function readManifest(source: ArchiveSource): Promise<Manifest> {
  const entry = source.entries.find((e) => e.name === MANIFEST_NAME);
  if (!entry) throw new ArchiveError(`the file is not an archive of this app: it has no ${MANIFEST_NAME}`);
  if (entry.size > ARCHIVE_LIMITS.manifestBytes)
    throw new ArchiveError(`${MANIFEST_NAME} is larger than ${ARCHIVE_LIMITS.manifestBytes} bytes`);
  const lines: string[] = [];
  for await (const { line } of source.lines(MANIFEST_NAME)) lines.push(line);
  let json: unknown;
  try {
    json = JSON.parse(lines.join('\n'));
  } catch {
    throw new ArchiveError(`${MANIFEST_NAME} is not JSON`);
  }
  const head = json as { format?: unknown; version?: unknown } | null;
  if (head?.format !== ARCHIVE_FORMAT)
    throw new ArchiveError(
      `the file is not an archive of this app (${MANIFEST_NAME} format is ${JSON.stringify(head?.format)})`,
    );
  if (head.version !== ARCHIVE_VERSION) {
    throw new ArchiveError(
      `the archive is of format version ${JSON.stringify(head.version)}; this version of the app reads version ${ARCHIVE_VERSION}`,
    );
  }
  const checked = manifestSchema.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ArchiveError(`${MANIFEST_NAME}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not valid'}`);
  }
  return checked.data;
}
