import type { PublishingDb } from './db';
import { postsByGuids } from './posts-by-guid';
import type { PostRow } from './rows';

/** The GUID a post's URL carries, if any: a note's `/note/{guid}` does, the reference's article URLs do not. */
export const guidInUrl = (url: string): string | null =>
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(url)?.[0]?.toLowerCase() ?? null;

/**
 * Remembers where synced posts live on their remote (sync-rows.ts RemoteUrlRow), for replies that name them
 * by URL alone. Only a URL without a GUID in it is kept: a reply to one with a GUID knows its parent already.
 * A URL that already names another post held here moves only when `mayReplace` says that post is the
 * writer's to replace (sync/ownership.ts): a remote cannot take the URL of another remote's post.
 */
export async function rememberRemoteUrls(
  db: PublishingDb,
  posts: readonly { url: string | null | undefined; guid: string }[],
  mayReplace: (holder: PostRow) => Promise<boolean>,
): Promise<void> {
  const named = posts.flatMap(({ url, guid }) => (url && guidInUrl(url) === null ? [{ url, postGuid: guid }] : []));
  if (named.length === 0) return;
  const current = await postsByRemoteUrl(
    db,
    named.map((row) => row.url),
  );
  const holders = new Map((await postsByGuids(db, [...current.values()])).map((post) => [post.guid, post]));
  const kept: typeof named = [];
  for (const row of named) {
    const holder = holders.get(current.get(row.url) ?? '');
    if (!holder || holder.guid === row.postGuid || (await mayReplace(holder))) kept.push(row);
  }
  // No empty bulk calls (see adopt-guid.ts).
  if (kept.length > 0) await db.remoteUrls.bulkPut(kept);
}

/** The GUIDs of the posts held here under these URLs on their remotes. */
export async function postsByRemoteUrl(db: PublishingDb, urls: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.remoteUrls.bulkGet([...urls]);
  return new Map(rows.flatMap((row) => (row ? [[row.url, row.postGuid] as const] : [])));
}
