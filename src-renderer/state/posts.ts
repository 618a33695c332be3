import { create } from 'zustand';
import type { RemotePost } from '../../src-shared/client/remote-post';

/**
 * Every post the page has read, by GUID: timelines and threads hold GUIDs, so a star given in a thread is
 * the same star in every timeline (stars and pins are given in post-marks.ts).
 */
interface PostsStore {
  byGuid: Record<string, RemotePost>;
  put: (posts: readonly RemotePost[]) => void;
  forget: (guid: string) => void;
  /** Changes fields of a post the page holds (none else). */
  patch: (guid: string, change: Partial<RemotePost>) => void;
}

/**
 * Legacy answers (the ones with an `id`) carry no source card, place, repost or remote address: what an
 * instance answer read before said of them stays.
 */
function withInstanceFields(legacy: RemotePost, known: RemotePost): RemotePost {
  return {
    ...legacy,
    source: legacy.source ?? known.source,
    geo: legacy.geo ?? known.geo,
    reposted: legacy.reposted ?? known.reposted,
    repost_of: legacy.repost_of ?? known.repost_of,
    original: legacy.original ?? known.original,
    remote_url: legacy.remote_url ?? known.remote_url,
  };
}

export const usePosts = create<PostsStore>((set, get) => ({
  byGuid: {},
  put: (posts) => {
    if (posts.length === 0) return;
    const next = { ...get().byGuid };
    // A repost's original is a post of its own: its star and pin are the same wherever it shows.
    for (const post of posts.flatMap((p) => (p.original ? [p.original, p] : [p]))) {
      const known = next[post.guid];
      next[post.guid] = known && post.id !== null ? withInstanceFields(post, known) : post;
    }
    set({ byGuid: next });
  },
  forget: (guid) => {
    set({ byGuid: Object.fromEntries(Object.entries(get().byGuid).filter(([key]) => key !== guid)) });
  },
  patch: (guid, change) => {
    const post = get().byGuid[guid];
    if (post) set({ byGuid: { ...get().byGuid, [guid]: { ...post, ...change } } });
  },
}));
