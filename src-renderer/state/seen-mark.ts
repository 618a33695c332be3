import { z } from 'zod';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { readStoredRecord, writeStoredRecord } from '../util/stored-record';

/**
 * How far down a timeline the person has seen: the position of the newest post seen, in the order the
 * service gives timelines (newest first, equal times by GUID descending). Many posts can share one second,
 * so the time alone cannot tell a post that arrived after the mark from one that was seen.
 * `guid` null stands for the whole second (marks stored before they were exact held only the time).
 */
export interface SeenMark {
  unix: number;
  guid: string | null;
}

/** Above every GUID: a mark without one covers every post of its second. */
const guidKey = (guid: string | null): string => (guid === null ? '\uffff' : guid.toLowerCase());

/** Positive when `a` stands above (is newer than) `b` in timeline order, 0 at the same place. */
export function compareMarks(a: SeenMark, b: SeenMark): number {
  if (a.unix !== b.unix) return a.unix - b.unix;
  const ga = guidKey(a.guid);
  const gb = guidKey(b.guid);
  return ga === gb ? 0 : ga > gb ? 1 : -1;
}

/** A mark at one post. */
export type PostMark = SeenMark & { guid: string };

export const markOf = (post: RemotePost): PostMark => ({ unix: post.publish_unix, guid: post.guid.toLowerCase() });

/** The post stands at the mark or below it: the person had seen it. */
export const isSeen = (post: RemotePost, mark: SeenMark): boolean => compareMarks(markOf(post), mark) <= 0;

/** The newer of two marks. */
export const laterMark = <T extends SeenMark>(a: T, b: T): T => (compareMarks(a, b) >= 0 ? a : b);

/**
 * The newest post whose publication time has come: a future-dated post of the owner's, at the top until its
 * time, must not make everything published before then count as seen.
 */
export function newestPast(posts: readonly RemotePost[], now = Date.now() / 1000): PostMark | null {
  let newest: PostMark | null = null;
  for (const post of posts) {
    if (post.publish_unix <= now) newest = newest === null ? markOf(post) : laterMark(newest, markOf(post));
  }
  return newest;
}

const SEEN_KEY = 'desk.seen.v1';

/** Stored per timeline key: `{unix, guid}`, or a bare number of seconds as earlier versions kept it. */
const storedMark = z.lazy(() =>
  z.union([
    z.number().transform((unix): SeenMark => ({ unix, guid: null })),
    z
      .object({ unix: z.number(), guid: z.string().min(1) })
      .transform(({ unix, guid }): SeenMark => ({ unix, guid: guid.toLowerCase() })),
  ]),
);
type StoredMark = z.input<typeof storedMark>;
const isStoredMark = (value: unknown): value is StoredMark => storedMark.safeParse(value).success;

/** The marks kept for every timeline; one stored in a form this page cannot read is left out. */
export function readSeen(): Record<string, SeenMark> {
  const stored = readStoredRecord(SEEN_KEY, isStoredMark);
  return Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, storedMark.parse(value)]));
}

/** Without storage the mark only lasts as long as the page. The other timelines' marks stay as stored. */
export function writeSeen(key: string, mark: PostMark): void {
  writeStoredRecord(SEEN_KEY, {
    ...readStoredRecord(SEEN_KEY, isStoredMark),
    [key]: { unix: mark.unix, guid: mark.guid },
  });
}
