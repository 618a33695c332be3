import type { ChannelAnswer, ChannelDeletionAnswer } from '../../src-shared/api/answers';
import { useAccount } from './account';
import { useDrafts } from './drafts';
import { usePosts } from './posts';
import { go, useRoute } from './route';
import { clients } from './session';
import { reloadTimeline } from './timeline-posts';
import { useTimelines } from './timelines';

/**
 * Why a Channel cannot be deleted, in words the person can act on, or null when it can. The instance
 * refuses the same two (docs/api.md, "Extensions and choices"); saying so beforehand spares a refusal.
 */
export function whyNotDeletable(channel: ChannelAnswer, channels: readonly ChannelAnswer[]): string | null {
  if (channel.remote_guid !== false) {
    return 'This Channel belongs to a remote instance, so it cannot be deleted here. Removing that remote under Remotes makes it a Channel of this instance, which can then be deleted.';
  }
  if (moveTargets(channel, channels).length === 0)
    return 'This is the only Channel and every post needs one, so it cannot be deleted. Create another Channel first.';
  return null;
}

/** Where the posts of a deleted Channel can go: every other Channel, in the account's order (the first is the default). */
export const moveTargets = (channel: ChannelAnswer, channels: readonly ChannelAnswer[]): ChannelAnswer[] =>
  channels.filter((c) => c.guid !== channel.guid);

/**
 * Deletes a Channel, its posts moving to `moveTo`, and brings the page in step with what the instance did:
 * the Channel list (and the Personas' lists, as the writers moved too), the posts held here, drafts that
 * named it, and the open timelines of both Channels. A failure is thrown, unchanged, for the dialog to show.
 */
export async function deleteChannel(guid: string, moveTo: string): Promise<ChannelDeletionAnswer> {
  const result = await clients().desk.deleteChannel(guid, moveTo);
  const target = result.moved_to;
  useAccount.getState().setChannels(result.channels);

  // The posts the page holds say where they are now: an edit begun from one sends its Channel.
  const moved = Object.values(usePosts.getState().byGuid).filter((p) => p.channel_guid === guid);
  usePosts.getState().put(moved.map((p) => ({ ...p, channel_guid: target })));
  const drafts = useDrafts.getState();
  for (const draft of drafts.drafts) if (draft.channelGuid === guid) drafts.change(draft.id, { channelGuid: target });

  // The person was looking at it: its posts are in the target now.
  const route = useRoute.getState().route;
  if (route.screen === 'channel' && route.channel === guid) go({ screen: 'channel', channel: target });
  for (const [key, timeline] of Object.entries(useTimelines.getState().byKey)) {
    const channel = timeline.spec.kind === 'channel' ? timeline.spec.channel : undefined;
    if (channel === guid || channel === target) void reloadTimeline(key);
  }
  return result;
}
