import type { PublishingDb } from './db';
import { postsByGuids } from './posts-by-guid';
import type { MentionRow, PostRow } from './rows';
import { newestFirst } from './timeline';

export interface MentionsQuery {
  /** The Personas whose mentions are read. */
  personas: readonly string[];
  count: number;
  /** Inclusive bounds on publish time (unix seconds). */
  since?: number | undefined;
  until?: number | undefined;
  /** Exclusive position: only posts after this one in timeline order (publish time desc, GUID desc). */
  before?: { publishUnix: number; guid: string } | undefined;
  /** Row-level condition: type, visibility, Channel. */
  accept: (post: PostRow) => boolean;
}

type MentionKey = [string, number, string];

/** Mention rows read at a time; a page's posts are loaded and judged before the next is read. */
const pageSize = (count: number) => Math.min(Math.max(2 * count, 20), 500);

/**
 * The newest `count` accepted posts that mention any of the Personas, in timeline order, each post once.
 * Each Persona's mentions are read newest first a page at a time, until `count` of them are accepted or
 * they run out; once `count` posts are at hand, the next Persona is read only down to the last of them.
 * The cost follows `count`, not how often a Persona was mentioned.
 *
 * The mentions index is `[personaGuid+publishUnix+postGuid]`: ascending, the reverse of timeline order
 * (newest first, equal times by GUID descending) within a Persona.
 */
export async function readMentions(db: PublishingDb, query: MentionsQuery): Promise<PostRow[]> {
  let best: PostRow[] = [];
  for (const persona of new Set(query.personas)) {
    const last = best.length === query.count ? best.at(-1) : undefined;
    const found = await readPersona(db, persona, query, last);
    const byGuid = new Map([...best, ...found].map((post) => [post.guid, post]));
    best = [...byGuid.values()].sort(newestFirst).slice(0, query.count);
  }
  return best;
}

/** Up to `count` accepted posts mentioning one Persona, newest first, newer than `floor` when given. */
async function readPersona(
  db: PublishingDb,
  persona: string,
  query: MentionsQuery,
  floor: PostRow | undefined,
): Promise<PostRow[]> {
  const index = db.mentions.where('[personaGuid+publishUnix+postGuid]');
  const lower: MentionKey = floor ? [persona, floor.publishUnix, floor.guid] : [persona, query.since ?? -Infinity, ''];
  const { before, until = Infinity } = query;
  let upper: MentionKey =
    before && before.publishUnix <= until ? [persona, before.publishUnix, before.guid] : [persona, until, '\uffff'];
  let upperIncluded = upper[2] === '\uffff';
  const found: PostRow[] = [];
  const size = pageSize(query.count);
  for (;;) {
    if (compareKeys(lower, upper) > 0) return found;
    const rows: MentionRow[] = await index
      .between(lower, upper, floor === undefined, upperIncluded)
      .reverse()
      .limit(size)
      .toArray();
    const posts = new Map(
      (
        await postsByGuids(
          db,
          rows.map((row) => row.postGuid),
        )
      ).map((post) => [post.guid, post]),
    );
    for (const row of rows) {
      const post = posts.get(row.postGuid);
      if (!post || !query.accept(post) || (before && newestFirst(post, before) <= 0)) continue;
      found.push(post);
      if (found.length === query.count) return found;
    }
    const oldest = rows.at(-1);
    if (!oldest || rows.length < size) return found;
    upper = [persona, oldest.publishUnix, oldest.postGuid];
    upperIncluded = false;
  }
}

function compareKeys(a: MentionKey, b: MentionKey): number {
  return a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}
