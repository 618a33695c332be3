import type { Transaction } from 'dexie';
import type { PinRow, PostRow, StarRow } from './rows';

/**
 * Version 2 → 3, inside the version change: copies every star and pin onto its post as a mark. Only the
 * posts that carry one are touched, a few hundred or thousand at most, unlike the whole-table backfill of
 * version 2. The new `replies` table starts empty: until now every post was written here by the one
 * account, and replies within one account are not filed there.
 */
export async function upgradeToV3(tx: Transaction): Promise<void> {
  const stars = (await tx.table('stars').toArray()) as StarRow[];
  const pins = (await tx.table('pins').toArray()) as PinRow[];
  const guids = [...new Set([...stars, ...pins].map((row) => row.postGuid))];
  if (guids.length === 0) return;
  const starsOf = byPost(stars);
  const pinsOf = byPost(pins);
  const posts = tx.table('posts');
  const rows = (await posts.where('guid').anyOf(guids).toArray()) as PostRow[];
  await posts.bulkPut(
    rows.map((post) => {
      const starredBy = (starsOf.get(post.guid) ?? []).map(({ personaGuid, starredUnix }) => ({
        personaGuid,
        starredUnix,
      }));
      const pinnedBy = (pinsOf.get(post.guid) ?? []).map(({ personaGuid, colour, pinnedUnix }) => ({
        personaGuid,
        colour,
        pinnedUnix,
      }));
      return { ...post, ...(starredBy.length ? { starredBy } : {}), ...(pinnedBy.length ? { pinnedBy } : {}) };
    }),
  );
}

function byPost<T extends { postGuid: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.postGuid, [...(grouped.get(row.postGuid) ?? []), row]);
  return grouped;
}
