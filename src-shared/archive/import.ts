import type { Table } from 'dexie';
import type { Draft } from '../api/draft';
import type { PublishingDb } from '../store/db';
import { queueWritten } from '../store/word-queue';
import { changeRowOf } from '../store/post-derived';
import type { AccountRow, PostRow, TokenRow } from '../store/rows';
import { archiveDrafts } from './archive-drafts';
import { checkArchive, parsedRows, type CheckedArchive } from './archive-check';
import { keepImportedDrafts } from '../store/drafts';
import { ARCHIVE_TABLE_NAMES, type ArchiveRow, type ArchiveTable, type Manifest } from './archive-schema';
import { postRow, type PostFacts } from '../store/post-row';
import { bioHtmlOf } from '../text';
import { ArchiveError, type ArchiveSource } from './archive-source';
import { ownerAccount } from '../store/bootstrap';

/** Rows per write transaction: the SQLite backend holds a transaction's requests in memory until it ends. */
const WRITE_BATCH = 500;
/**
 * Posts per write transaction, and their characters of text at most: a larger transaction writes each page
 * of the store's indexes fewer times (a batch of 2,000 posts takes about a tenth less time than four of 500),
 * and the characters bound what a batch of long posts holds (text, HTML and rows, twice while one batch is
 * rendered and the one before written) well within the build's heap.
 */
const POST_BATCH = 2000;
const POST_BATCH_CHARS = 4_000_000;

/** The tables an import writes, and those it empties and refills should it fail. */
const WRITTEN = [...ARCHIVE_TABLE_NAMES, 'tokens', 'changes', 'indexQueue', 'drafts'] as const;

export interface ImportOptions {
  /** Check the archive and the store, and write nothing. */
  dryRun?: boolean;
  /**
   * The outcome of a check of this archive made just before (by a command, in a worker of its own): taken
   * instead of checking again when the source is the one checked, unchanged (the same `identity`). Any other
   * source, or one without an identity, is checked in full.
   */
  checked?: CheckedArchive | undefined;
  /**
   * Makes the HTML of each post's text as a write does (store/post-row.ts renderedText), elsewhere: in a
   * thread beside this one (src-main/archive/render-beside.ts), which renders a batch of posts while the
   * batch before is written. Without it the posts are rendered here, as they are written.
   */
  render?: ((texts: readonly string[]) => Promise<string[]>) | undefined;
}

export interface ImportReport {
  manifest: Manifest;
  /** Rows written (or, in a dry run, that would be) per table, and drafts. */
  counts: Manifest['counts'];
  dryRun: boolean;
}

/**
 * Restores an archive (docs/archive.md) into a store that is new or empty: one that holds nothing but what
 * opening a new data folder made (the owner account, its first Persona and Channel). Any other store is
 * refused, naming what it holds.
 *
 * 1. The whole archive is checked first (archive-check.ts), unless `options.checked` says it was, unchanged
 *    since; a problem refuses it before anything is written.
 * 2. The rows are written as the archive holds them (GUIDs, numeric ids, times and marks unchanged), in
 *    transactions of WRITE_BATCH rows (POST_BATCH posts). The new folder's owner token and password stay this folder's own:
 *    they move to the archive's owner account. Remotes come without their tokens: each asks to be
 *    connected again (its first sync cycle reports the token missing).
 * 3. What a write derives from a post is written with it, batch by batch: its change row, and its place in
 *    the search indexer's queue (the indexer indexes them behind).
 * 4. The drafts, when the archive holds them, become the owner's, each as a Persona and in a Channel the
 *    store now holds or as none (the composer then offers the first): the rules of a draft's save.
 *
 * Should a write fail part way, everything written is removed and the rows the store held before (a handful)
 * are put back, so the store is as it was. A process killed part way leaves a partial store: the
 * commands and the hosts therefore import into a new store in a folder of its own, put in place only once
 * complete (src-main/archive/build-store.ts, src-main/backups/restore.ts).
 */
export async function importArchive(
  db: PublishingDb,
  source: ArchiveSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  await requireEmpty(db);
  const checked = options.checked;
  const unchanged = checked?.identity != null && checked.identity === source.identity;
  const manifest = checked && unchanged ? checked.manifest : await checkArchive(source);
  const report: ImportReport = { manifest, counts: { ...manifest.counts }, dryRun: options.dryRun === true };
  if (options.dryRun) return report;
  const before = await saved(db);
  try {
    await writeRows(db, source, before, options.render);
  } catch (error) {
    await restore(db, before);
    throw error;
  }
  return report;
}

async function requireEmpty(db: PublishingDb): Promise<void> {
  const held = await heldBeyondNew(db);
  if (held.length > 0) {
    throw new ArchiveError(
      `the instance is not empty: it holds ${held.join(', ')}. Restore into a new data folder; nothing was changed`,
    );
  }
}

/**
 * What makes a store more than a new one: anything but the owner and its first Persona and Channel, in
 * words (`3 posts`, `2 Personas (@me, @work)`); none for a new or empty store.
 */
export async function heldBeyondNew(db: PublishingDb): Promise<string[]> {
  const [accounts, personas, channels, posts, remotes, stars, pins, drafts] = await Promise.all([
    db.accounts.count(),
    db.personas.toArray(),
    db.channels.count(),
    db.posts.count(),
    db.remotes.count(),
    db.stars.count(),
    db.pins.count(),
    db.drafts.count(),
  ]);
  return [
    posts > 0 ? `${posts} post${posts === 1 ? '' : 's'}` : '',
    personas.length > 1
      ? `${personas.length} Personas (${personas
          .slice(0, 5)
          .map((p) => `@${p.handle}`)
          .join(', ')}${personas.length > 5 ? ', …' : ''})`
      : '',
    channels > 1 ? `${channels} Channels` : '',
    accounts > 1 ? `${accounts} accounts` : '',
    remotes > 0 ? `${remotes} remote${remotes === 1 ? '' : 's'}` : '',
    stars + pins > 0 ? 'stars or pins' : '',
    drafts > 0 ? `${drafts} draft${drafts === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
}

type Saved = { [T in (typeof WRITTEN)[number]]: unknown[] };

async function saved(db: PublishingDb): Promise<Saved> {
  const tables = await Promise.all(WRITTEN.map((name) => db.table(name).toArray()));
  return Object.fromEntries(WRITTEN.map((name, i) => [name, tables[i] ?? []])) as Saved;
}

async function writeRows(
  db: PublishingDb,
  source: ArchiveSource,
  before: Saved,
  render: ImportOptions['render'],
): Promise<void> {
  const oldOwner = (before.accounts as AccountRow[])[0];
  let newOwner: string | null = null;
  await db.transaction(
    'rw',
    WRITTEN.map((name) => db.table(name)),
    async () => {
      for (const name of ['accounts', 'personas', 'channels', 'grants', 'settings'] as const)
        await db.table(name).clear();
    },
  );
  for (const table of ARCHIVE_TABLE_NAMES) {
    if (table === 'posts') {
      await writePosts(db, source, render);
      continue;
    }
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      // Put, not added: the check refused every key given twice but a link's (a star, a mention), which is
      // the same fact however often it is given, and is kept once.
      await db.table(table).bulkPut(rows);
    };
    for await (const { row } of parsedRows(source, table)) {
      batch.push(storedRow(table, row));
      if (batch.length >= WRITE_BATCH) await flush();
    }
    await flush();
    if (table === 'accounts') newOwner = await adoptOwner(db, oldOwner, before);
  }
  if (!newOwner) throw new ArchiveError('the archive holds no account');
  await keepImportedDrafts(
    db,
    newOwner,
    await ownTargets(db, newOwner, (await archiveDrafts(source)) ?? []),
    Math.floor(Date.now() / 1000),
  );
}

/**
 * The archive's posts, POST_BATCH at a time, with their HTML and timeline position made again from their
 * text, time and GUID as a write makes them (store/post-row.ts), never taken from the file. With `render`,
 * each batch is sent to be rendered as soon as it is read, and written once the batch before it is: the two
 * overlap.
 */
async function writePosts(db: PublishingDb, source: ArchiveSource, render: ImportOptions['render']): Promise<void> {
  type Batch = { facts: PostFacts[]; html: Promise<string[]> | null };
  /** The batch read and sent to be rendered, not yet written. */
  const ahead: { batch: Batch | null } = { batch: null };
  const write = async ({ facts, html }: Batch) => {
    const rendered = html ? await html : null;
    if (rendered && rendered.length !== facts.length) throw new Error('the posts were not all rendered');
    // Put, not added, as the other tables' rows (writeRows).
    await putPostsWithDerivedRows(
      db,
      facts.map((post, i) => postRow(post, rendered ? { text: post.text, html: rendered[i] ?? '' } : undefined)),
    );
  };
  const send = async (facts: PostFacts[]) => {
    const html = render ? render(facts.map((post) => post.text)) : null;
    // Its failure is met where it is awaited (write); until then it must not count as unhandled.
    html?.catch(() => undefined);
    if (ahead.batch) await write(ahead.batch);
    ahead.batch = { facts, html };
  };
  let batch: PostFacts[] = [];
  let chars = 0;
  for await (const { row } of parsedRows(source, 'posts')) {
    const { html: _html, order: _order, ...facts } = row;
    batch.push(facts);
    chars += facts.text.length;
    if (batch.length >= POST_BATCH || chars >= POST_BATCH_CHARS) {
      await send(batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) await send(batch);
  if (ahead.batch) await write(ahead.batch);
}

/**
 * A row as the store keeps it: the archive leaves out a remote's token (an empty one reads as missing) and
 * the password's hash, and what follows from a row is made again from it, as a write makes it, never taken
 * from the file: a bio's HTML here, a post's HTML and timeline position in writePosts.
 */
function storedRow<T extends ArchiveTable>(table: T, row: ArchiveRow<T>): Record<string, unknown> {
  if (table === 'remotes') return { ...row, sealedToken: '' };
  if (table === 'accounts') return { ...row, passHash: null };
  if (table === 'personas') {
    const persona = row as ArchiveRow<'personas'>;
    return { ...persona, bioHtml: bioHtmlOf(persona.bioText) };
  }
  return row;
}

/**
 * The account the host will take for its owner (store/bootstrap.ts: the first by name) gets this folder's
 * password, and this folder's tokens now sign in to it.
 */
async function adoptOwner(db: PublishingDb, oldOwner: AccountRow | undefined, before: Saved): Promise<string | null> {
  const owner = await ownerAccount(db);
  if (!owner) return null;
  const tokens = (before.tokens as TokenRow[]).filter((t) => t.accountGuid === oldOwner?.guid);
  await db.transaction('rw', [db.accounts, db.tokens], async () => {
    await db.accounts.update(owner.guid, { passHash: oldOwner?.passHash ?? null });
    if (tokens.length > 0) await db.tokens.bulkPut(tokens.map((token) => ({ ...token, accountGuid: owner.guid })));
  });
  return owner.guid;
}

/** The drafts, each naming only a Persona and a Channel of the owner's (others are forgotten, as gone). */
async function ownTargets(db: PublishingDb, owner: string, drafts: readonly Draft[]): Promise<Draft[]> {
  const personas = new Set((await db.personas.toArray()).filter((p) => p.accountGuid === owner).map((p) => p.guid));
  const channels = new Set((await db.channels.toArray()).filter((c) => c.accountGuid === owner).map((c) => c.guid));
  return drafts.map((draft) => ({
    ...draft,
    personaGuid: draft.personaGuid !== null && personas.has(draft.personaGuid) ? draft.personaGuid : null,
    channelGuid: draft.channelGuid !== null && channels.has(draft.channelGuid) ? draft.channelGuid : null,
    alsoAs: draft.alsoAs.filter((guid) => personas.has(guid)),
  }));
}

/** Empties every table the import wrote and puts back what the store held before it. */
/**
 * A batch of the archive's posts with what a write derives from each live one: its change row (`since_unix`)
 * and its place in the search indexer's queue, in one transaction, so the posts are read once, as written.
 */
async function putPostsWithDerivedRows(db: PublishingDb, posts: PostRow[]): Promise<void> {
  await db.transaction('rw', [db.posts, db.changes, db.indexQueue], async () => {
    await db.posts.bulkPut(posts);
    const alive = posts.filter((post) => !post.deleted);
    await db.changes.bulkPut(alive.map(changeRowOf));
    await queueWritten(db, alive);
  });
}

async function restore(db: PublishingDb, before: Saved): Promise<void> {
  for (const name of WRITTEN) {
    const table: Table<unknown, unknown> = db.table(name);
    await table.clear();
    const rows = before[name];
    for (let at = 0; at < rows.length; at += WRITE_BATCH) await table.bulkAdd(rows.slice(at, at + WRITE_BATCH));
  }
}
