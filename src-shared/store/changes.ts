import type { PublishingDb } from './db';
import type { ChangeRow, PostRow } from './rows';
import { postsByGuids } from './posts-by-guid';

export interface ChangesQuery {
  /** Exclusive: rows after this position in (changeUnix, postGuid) order. */
  after: { changeUnix: number; postGuid: string };
  /** Inclusive upper bound: nothing that becomes new later than this (a future post is not new yet). */
  until: number;
  count: number;
  accept: (post: PostRow) => boolean;
}

/** Change rows per read: about the page asked for, so a short poll loads few posts; never more than 250. */
const pageFor = (count: number): number => Math.min(250, Math.max(count, 50));

/**
 * The oldest `count` accepted posts that became new after a position, oldest first, each with its change
 * row. Reads the `changes` table forward in pages, so the cost follows what is new, not the store's size.
 */
export async function readChangesAfter(
  db: PublishingDb,
  query: ChangesQuery,
): Promise<{ post: PostRow; change: ChangeRow }[]> {
  const found: { post: PostRow; change: ChangeRow }[] = [];
  let from = query.after;
  for (;;) {
    const page = await db.changes
      .where('[changeUnix+postGuid]')
      .between([from.changeUnix, from.postGuid], [query.until, '\uffff'], false, true)
      .limit(pageFor(query.count))
      .toArray();
    if (page.length === 0) return found;
    const posts = await postsByGuids(
      db,
      page.map((c) => c.postGuid),
    );
    const byGuid = new Map(posts.map((p) => [p.guid, p]));
    for (const change of page) {
      const post = byGuid.get(change.postGuid);
      if (post && query.accept(post)) found.push({ post, change });
      if (found.length >= query.count) return found;
    }
    const last = page.at(-1);
    if (!last || page.length < pageFor(query.count)) return found;
    from = last;
  }
}
