import type { RemotePost } from '../../src-shared/client/remote-post';

export interface ThreadRow {
  post: RemotePost;
  depth: number;
}

/**
 * A conversation (oldest first, as `/thread` answers it) as rows in reading order: each reply under its
 * parent, branches one level deeper. A post whose parent is not in the answer (gone, or unreadable) starts
 * a branch of its own at the top level rather than disappearing.
 */
export function threadRows(posts: readonly RemotePost[]): ThreadRow[] {
  const byGuid = new Map(posts.map((p) => [p.guid, p]));
  const byUrl = new Map(posts.map((p) => [p.canonical_url, p.guid]));
  const parentOf = (post: RemotePost): string | null => {
    if (post.parent_guid && byGuid.has(post.parent_guid)) return post.parent_guid;
    if (post.reply_to) return byUrl.get(post.reply_to) ?? null;
    return null;
  };
  const children = new Map<string | null, RemotePost[]>();
  for (const post of posts) {
    const parent = parentOf(post);
    const key = parent !== null && parent !== post.guid ? parent : null;
    children.set(key, [...(children.get(key) ?? []), post]);
  }
  const rows: ThreadRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.publish_unix - b.publish_unix || a.guid.localeCompare(b.guid),
    );
    for (const post of list) {
      if (seen.has(post.guid)) continue;
      seen.add(post.guid);
      rows.push({ post, depth });
      walk(post.guid, depth + 1);
    }
  };
  walk(null, 0);
  // A loop in the answer (each naming the other as parent) would leave posts unvisited: show them anyway.
  for (const post of posts) if (!seen.has(post.guid)) rows.push({ post, depth: 0 });
  return rows;
}
