import { Dexie } from 'dexie';
import type { PublishingDb } from './db';
import type { PostRow, PostType } from './rows';

export interface TimelineQuery {
  types: readonly PostType[];
  count: number;
  /** Inclusive bounds on publish time (unix seconds). */
  since?: number;
  until?: number;
  /** Exclusive position: only posts after this one in timeline order (publish time desc, GUID desc). */
  before?: { publishUnix: number; guid: string };
  /** Row-level condition: visibility, Persona, Channel. */
  accept: (post: PostRow) => boolean;
}

/**
 * Newest first, ties broken by GUID (descending) so that the order is total and a `before` cursor never
 * skips or repeats a post. One indexed, reverse range read per type, each stopping after `count` accepted
 * rows, then a merge: the cost follows `count`, not the size of the store.
 */
export async function readTimeline(db: PublishingDb, query: TimelineQuery): Promise<PostRow[]> {
  const lower = query.since ?? -Infinity;
  const upper = upperBound(query);
  const perType = await Promise.all(
    query.types.map((type) =>
      db.posts
        .where('[type+publishUnix+guid]')
        .between([type, lower, Dexie.minKey], [type, ...upper.key], true, !upper.open)
        .reverse()
        .filter(query.accept)
        .limit(query.count)
        .toArray(),
    ),
  );
  return perType.flat().sort(newestFirst).slice(0, query.count);
}

/** The newer end of the range: `until` (inclusive) or the `before` cursor (exclusive), whichever is older. */
function upperBound(query: TimelineQuery): { key: [number, unknown]; open: boolean } {
  const until = query.until ?? Infinity;
  if (query.before && query.before.publishUnix <= until) {
    return { key: [query.before.publishUnix, query.before.guid], open: true };
  }
  return { key: [until, Dexie.maxKey], open: false };
}

type Position = Pick<PostRow, 'publishUnix' | 'guid'>;

export function newestFirst(a: Position, b: Position): number {
  return b.publishUnix - a.publishUnix || (a.guid < b.guid ? 1 : a.guid > b.guid ? -1 : 0);
}

export function oldestFirst(a: Position, b: Position): number {
  return -newestFirst(a, b);
}
