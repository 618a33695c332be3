import type { PublishingDb } from '../store/db';
import type { CursorRow } from '../store/sync-rows';
import { pullPages, type Paging, type PullInput, type PullResult, type ReadWindow } from './pull-pages';
import type { PulledPost } from './pulled-post';

/**
 * Pulls a timeline that pages forward in time (the legacy `since_unix`: each page holds the oldest posts
 * that became new after the cursor), through pull-pages.ts. Each page moves the cursor to the newest time in
 * it, so a pull cut short resumes exactly there. It stops at an empty page, or at a page that does not move
 * the cursor (a remote whose `since_unix` is inclusive answers the last second again).
 */
export function pullForward(
  db: PublishingDb,
  input: PullInput & { readAfter: (sinceUnix: number | null) => Promise<PulledPost[]> },
): Promise<PullResult & { window: ReadWindow | null }> {
  return pullPages(db, input, () => forward(input.readAfter));
}

function forward(readAfter: (sinceUnix: number | null) => Promise<PulledPost[]>): Paging {
  const newestOf = (at: CursorRow, page: readonly PulledPost[]) =>
    Math.max(at.sinceUnix ?? -1, ...page.map((p) => Math.max(p.publishUnix, p.updatedUnix)));
  const movedTo = (at: CursorRow, newest: number): CursorRow => ({
    ...at,
    sinceUnix: newest < 0 ? null : newest,
    paging: null,
  });
  return {
    ask: (at) => readAfter(at.sinceUnix),
    onward: (at, page) => {
      const newest = newestOf(at, page);
      return page.length === 0 || newest === at.sinceUnix ? null : movedTo(at, newest);
    },
    atRest: (at, page) => ({ cursor: movedTo(at, newestOf(at, page)), window: null }),
  };
}
