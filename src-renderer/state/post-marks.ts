import type { PinColour } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { useAccount } from './account';
import { usePosts } from './posts';
import { clients, describeFailure } from './session';
import { showError } from './toasts';

/**
 * Stars and pins, given as the Persona the person acts as. They change on the page first and are rolled
 * back, with a message, when the instance refuses them.
 */

/** Applies `change` now; runs `send`; puts the answer, or undoes `change` and says why. */
async function optimistic(
  guid: string,
  change: Partial<RemotePost>,
  send: () => Promise<RemotePost>,
  what: string,
): Promise<void> {
  const before = usePosts.getState().byGuid[guid];
  if (!before) return;
  usePosts.getState().patch(guid, change);
  try {
    const answer = await send();
    // The answer is the truth; keep what the page knew that the answer may not carry.
    usePosts.getState().put([answer]);
  } catch (error) {
    usePosts.getState().patch(guid, { starred: before.starred, pin: before.pin });
    showError(`${what}: ${describeFailure(error)}`);
  }
}

export async function toggleStar(guid: string): Promise<void> {
  const post = usePosts.getState().byGuid[guid];
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
}

/** `null` removes the pin. */
export async function setPin(guid: string, colour: PinColour | null): Promise<void> {
  const persona = useAccount.getState().currentGuid ?? undefined;
  const { instance } = clients();
  await optimistic(
    guid,
    { pin: colour === null ? 'pin.none' : `pin.${colour}` },
    () => (colour === null ? instance.unpin(guid, persona) : instance.pin(guid, colour, persona)),
    colour === null ? 'Could not remove the pin' : 'Could not pin the post',
  );
}
