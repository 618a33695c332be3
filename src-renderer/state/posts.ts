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
      for (const post of posts) {
        const known = next[post.guid];
        // Legacy answers carry no source card or place; an instance answer read before keeps them.
        next[post.guid] = known && post.id !== null && post.source === null ? { ...post, source: known.source, geo: known.geo } : post;
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
