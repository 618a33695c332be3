import type { RemotePost } from '../../src-shared/client/remote-post';
import { currentPersona, useAccount } from './account';
import { blankDraft, useDrafts } from './drafts';
import { usePosts } from './posts';
import { clients, describeFailure } from './session';
import { positionsOf, useTimelines } from './timelines';
import { showError, useToasts } from './toasts';
import { useUi } from './ui';
import { unixToLocalInput } from '../util/time';

/** What the buttons and keys do to a post, in one place for both. */

/** A new draft for the current Persona (replying to `replyTo`), opened in the composer. */
export function compose(init: { replyTo?: RemotePost } = {}): void {
  const persona = currentPersona();
  const draft = blankDraft({ personaGuid: persona?.guid ?? null, channelGuid: persona?.channels[0] ?? null, replyTo: init.replyTo?.guid ?? null });
  useDrafts.getState().add(draft);
  useUi.getState().openComposer(draft.id);
}

/** A draft that edits `post`: what is sent replaces what the post had. */
export function edit(post: RemotePost): void {
  const existing = useDrafts.getState().drafts.find((d) => d.editing === post.guid);
  if (existing) {
    useUi.getState().openComposer(existing.id);
    return;
  }
  const draft = blankDraft({
    personaGuid: post.persona.guid,
    channelGuid: post.channel_guid,
    type: (['post.article', 'post.note', 'post.bookmark', 'post.quotation'] as const).find((t) => t === post.type) ?? 'post.note',
    title: post.title ?? '',
    text: post.text,
    tags: post.tags.join(', '),
    sourceUrl: post.source?.url ?? '',
    sourceTitle: post.source?.title ?? '',
    privacy: post.privacy === 'visibility.private' || post.privacy === 'visibility.none' ? post.privacy : 'visibility.public',
    publishAt: unixToLocalInput(post.publish_unix),
    expiresAt: post.expires_unix === null ? '' : unixToLocalInput(post.expires_unix),
    editing: post.guid,
  });
  useDrafts.getState().add(draft);
  useUi.getState().openComposer(draft.id);
}

export const isOwn = (post: RemotePost): boolean => useAccount.getState().personas.some((p) => p.guid === post.persona.guid);

/** How long a deletion can be undone: it is sent to the instance only then (the service has no undelete). */
export const UNDO_MS = 6000;

/** Asks first; hides the post at once; sends the delete when the undo time is over. */
export function deletePost(post: RemotePost, confirmed = globalThis.confirm('Delete this post? You can undo for a few seconds.')): void {
  if (!confirmed) return;
  const positions = positionsOf(post.guid);
  useTimelines.getState().removed(post.guid);
  let undone = false;
  const toasts = useToasts.getState();
  const toast = toasts.show('Post deleted.', {
    ms: UNDO_MS,
    action: {
      label: 'Undo',
      run: () => {
        undone = true;
        useTimelines.getState().restored(post.guid, positions);
        useToasts.getState().dismiss(toast);
      },
    },
  });
  setTimeout(() => {
    if (undone) return;
    clients()
      .instance.deletePost(post.guid)
      .then(() => usePosts.getState().forget(post.guid))
      .catch((error: unknown) => {
        useTimelines.getState().restored(post.guid, positions);
        showError(`The post was not deleted: ${describeFailure(error)}`);
      });
  }, UNDO_MS);
}

/** Legacy repost: possible for posts read through the legacy interface, which carry their numeric id. */
export async function repost(post: RemotePost): Promise<void> {
  if (post.id === null) return;
  try {
    const made = await clients().desk.repost(post.id, useAccount.getState().currentGuid ?? undefined);
    usePosts.getState().put([made]);
    useToasts.getState().show('Reposted.');
  } catch (error) {
    showError(`Could not repost: ${describeFailure(error)}`);
  }
}

/** `p`: pins in orange, or takes the pin away. */
export function togglePin(post: RemotePost): void {
  void usePosts.getState().setPin(post.guid, post.pin !== null && post.pin !== 'pin.none' ? null : 'orange');
}
