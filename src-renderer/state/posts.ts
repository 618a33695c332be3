import { create } from 'zustand';
import type { PinColour } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { useAccount } from './account';
import { clients, describeFailure } from './session';
import { showError } from './toasts';

/**
 * Every post the page has read, by GUID: timelines and threads hold GUIDs, so a star given in a thread is
 * the same star in every timeline. Stars and pins change here first and are rolled back, with a message,
 * when the instance refuses them.
 */
interface PostsStore {
  byGuid: Record<string, RemotePost>;
  put: (posts: readonly RemotePost[]) => void;
  forget: (guid: string) => void;
  toggleStar: (guid: string) => Promise<void>;
  /** `null` removes the pin. */
  setPin: (guid: string, colour: PinColour | null) => Promise<void>;
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

export const usePosts = create<PostsStore>((set, get) => {
  const patch = (guid: string, change: Partial<RemotePost>) => {
    const post = get().byGuid[guid];
    if (post) set({ byGuid: { ...get().byGuid, [guid]: { ...post, ...change } } });
  };

  /** Applies `change` now; runs `send`; puts the answer, or undoes `change` and says why. */
  const optimistic = async (guid: string, change: Partial<RemotePost>, send: () => Promise<RemotePost>, what: string) => {
    const before = get().byGuid[guid];
    if (!before) return;
    patch(guid, change);
    try {
      const answer = await send();
      // The answer is the truth; keep what the page knew that the answer may not carry.
      get().put([answer]);
    } catch (error) {
      patch(guid, { starred: before.starred, pin: before.pin });
      showError(`${what}: ${describeFailure(error)}`);
    }
  };

  return {
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
    toggleStar: async (guid) => {
      const post = get().byGuid[guid];
      if (!post) return;
      const persona = useAccount.getState().currentGuid ?? undefined;
      const { instance } = clients();
      const starring = !post.starred;
      await optimistic(
        guid,
        { starred: starring },
        () => (starring ? instance.star(guid, persona) : instance.unstar(guid, persona)),
        starring ? 'Could not star the post' : 'Could not remove the star',
      );
    },
    setPin: async (guid, colour) => {
      const persona = useAccount.getState().currentGuid ?? undefined;
      const { instance } = clients();
      await optimistic(
        guid,
        { pin: colour === null ? 'pin.none' : `pin.${colour}` },
        () => (colour === null ? instance.unpin(guid, persona) : instance.pin(guid, colour, persona)),
        colour === null ? 'Could not remove the pin' : 'Could not pin the post',
      );
    },
  };
});
