import type { Peer, PeerAccount, PeerJson } from './peer';

/** ISO 8601 in UTC, as a client sends `publish_at`. */
export const isoAt = (unix: number): string => new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The kinds of post in turn: one article, bookmark and quotation in every ten posts, the rest notes. */
export function postOfKind(i: number, label: string): Record<string, unknown> {
  switch (i % 10) {
    case 0:
      return {
        post_type: 'post.article',
        title: `${label} article ${i}`,
        content: `The body of ${label} article ${i}.\n\nIt has two paragraphs.`,
      };
    case 3:
      return {
        post_type: 'post.bookmark',
        content: `${label} bookmark ${i}`,
        source_url: `https://example.org/${label}/${i}`,
        source_title: `Page ${i}`,
      };
    case 6:
      return {
        post_type: 'post.quotation',
        content: `${label} quotation ${i}`,
        source_url: `https://example.org/said/${i}`,
        source_title: `Said ${i}`,
      };
    default:
      return { post_type: 'post.note', content: `${label} note ${i}` };
  }
}

/** Writes `count` posts as `account`, the first published at `fromUnix` and each `stepSeconds` after it. */
export async function writeSeries(
  peer: Peer,
  account: PeerAccount,
  input: { count: number; fromUnix: number; stepSeconds: number; label: string },
): Promise<PeerJson[]> {
  const written: PeerJson[] = [];
  for (let i = 0; i < input.count; i++) {
    written.push(
      await peer.write(account, {
        ...postOfKind(i, input.label),
        publish_at: isoAt(input.fromUnix + i * input.stepSeconds),
      }),
    );
  }
  return written;
}

/** The GUIDs of the posts of the four kinds that the peer holds and has published, as its database says. */
export async function publishedOnPeer(peer: Peer): Promise<string[]> {
  return peer.sql(
    "SELECT guid FROM Post WHERE is_deleted = 'N' AND publish_at <= Now() AND type IN ('post.note', 'post.article', 'post.bookmark', 'post.quotation')",
  );
}
