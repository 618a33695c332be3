import type { PublishingDb } from '../store/db';
import { forgetDerivedRows, putPostsInOneTransaction } from '../store/bulk';
import { changedPostRow, defaultCanonicalPath } from '../store/post-row';
import type { PostRow } from '../store/rows';
import { FrontMatterError, readFrontMatter } from './front-matter';
import { MarkdownRefusal, markdownPost, type MarkdownPost } from './markdown-post';
import { replyOrder, type Planned } from './reply-order';
import { parseDate } from '../util/time';
import { ownerAccount } from '../store/bootstrap';

/**
 * A file on disk: its path within the folder, and how to read its text (or why it cannot be read). It is
 * read twice, to plan and to write, so that memory holds one file's text at a time, not the folder's.
 */
export interface MarkdownFile {
  name: string;
  read: () => string | { refused: string };
}

export type MarkdownOutcome =
  | { name: string; outcome: 'created'; guid: string }
  | { name: string; outcome: 'skipped'; guid: string }
  | { name: string; outcome: 'refused'; why: string };

export interface MarkdownImport {
  db: PublishingDb;
  /** POST /api/posts/write of this instance's service, as the owner: the one validation every post passes. */
  write: (params: Record<string, string>) => Promise<{ ok: true; guid: string } | { ok: false; problems: string[] }>;
  /** Who writes the posts of files that name no persona (a handle); default the owner's first Persona. */
  persona?: string | undefined;
}

/**
 * Markdown files with front matter (docs/archive.md), each a post, in the order of their publication dates
 * (a reply after what it answers). Each file stands alone: a file that cannot be read, whose front matter
 * is not valid or that the service refuses is reported by name with the reason, and the others are still
 * imported (the command's exit status says that some were refused).
 *
 * A file keeps the GUID its front matter gives (a file exported here), and a file without one gets a GUID
 * derived from its path: importing a folder again makes no duplicates, the posts already there are skipped.
 * The times a file gives (`updated`, `created`) are kept; the rest is what the service made of the write.
 */
export async function importMarkdownFiles(
  options: MarkdownImport,
  files: readonly MarkdownFile[],
): Promise<MarkdownOutcome[]> {
  const { db } = options;
  const personas = await db.personas.toArray();
  const owner = await ownerAccount(db);
  const own = personas
    .filter((p) => p.accountGuid === owner?.guid && !p.remoteGuid)
    .sort((a, b) => a.position - b.position);
  const byHandle = new Map(own.map((p) => [p.handleKey, p.guid]));
  const fallback =
    options.persona === undefined ? own[0]?.guid : byHandle.get(options.persona.replace(/^@/, '').toLowerCase());
  if (!fallback)
    throw new MarkdownRefusal(
      options.persona
        ? `@${options.persona} is not a Persona of this instance`
        : 'the instance has no Persona to write as',
    );

  const postOf = async (file: MarkdownFile): Promise<MarkdownPost | { why: string }> => {
    try {
      const text = file.read();
      if (typeof text !== 'string') throw new MarkdownRefusal(text.refused);
      const { data, body } = readFrontMatter(text);
      const post = markdownPost(data, body, (handle) => byHandle.get(handle.toLowerCase()) ?? null);
      post.params['persona_guid'] ??= fallback;
      post.guid ??= await derivedGuid(file.name);
      return post;
    } catch (error) {
      if (!(error instanceof MarkdownRefusal || error instanceof FrontMatterError)) throw error;
      const line = error instanceof FrontMatterError && error.line !== undefined ? ` (line ${error.line})` : '';
      return { why: `${error.message}${line}` };
    }
  };

  // The plan keeps of each file what orders it, not its text.
  const planned: (Planned & { file: MarkdownFile })[] = [];
  for (const file of files) {
    const post = await postOf(file);
    if ('why' in post) planned.push({ file, name: file.name, guid: null, replyTo: '', at: 0 });
    else
      planned.push({
        file,
        name: file.name,
        guid: post.guid,
        replyTo: post.params['reply_to'] ?? '',
        at: parseDate(post.params['publish_at'] ?? '') ?? 0,
      });
  }

  const outcomes: MarkdownOutcome[] = [];
  for (const { file } of replyOrder(planned)) {
    const { name } = file;
    const post = await postOf(file);
    if ('why' in post || !post.guid) {
      outcomes.push({ name, outcome: 'refused', why: 'why' in post ? post.why : 'not read' });
      continue;
    }
    const existing = await db.posts.where('guid').equals(post.guid).first();
    if (existing && !existing.deleted) {
      outcomes.push({ name, outcome: 'skipped', guid: post.guid });
      continue;
    }
    if (existing) {
      outcomes.push({ name, outcome: 'refused', why: `its GUID ${post.guid} is a post deleted here` });
      continue;
    }
    const written = await options.write(post.params);
    if (!written.ok) {
      outcomes.push({ name, outcome: 'refused', why: written.problems.join('; ') });
      continue;
    }
    await settleIdentity(db, written.guid, post);
    outcomes.push({ name, outcome: 'created', guid: post.guid });
  }
  return outcomes;
}

/**
 * The post just written takes the file's GUID, kind and times. It is fresh, so nothing names it yet but
 * its own derived rows and, for a Persona linked to a remote, the outbox item that publishes it.
 */
async function settleIdentity(db: PublishingDb, written: string, post: MarkdownPost): Promise<void> {
  const guid = post.guid ?? written;
  await db.transaction('rw', [db.posts, db.mentions, db.changes, db.indexQueue, db.replies, db.outbox], async () => {
    const row = await db.posts.where('guid').equals(written).first();
    if (!row) return;
    await forgetDerivedRows(db, [row]);
    const settled: PostRow = changedPostRow(row, {
      guid,
      type: post.type,
      threadKey: row.threadKey === written ? guid : row.threadKey,
      canonicalPath:
        row.canonicalPath === defaultCanonicalPath(written) ? defaultCanonicalPath(guid) : row.canonicalPath,
      createdUnix: post.createdUnix ?? row.createdUnix,
      updatedUnix: post.updatedUnix ?? row.updatedUnix,
    });
    await putPostsInOneTransaction(db, [settled]);
    await db.outbox.where('postGuid').equals(written).modify({ postGuid: guid });
  });
}

/** A GUID that the same file name always gives (SHA-256 of it, in a UUID's layout, version 8). */
async function derivedGuid(name: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`markdown-import:${name}`)),
  );
  const bytes = digest.slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
