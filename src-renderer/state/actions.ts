import type { RemotePost } from '../../src-shared/client/remote-post';
import { LEGACY_LIMITS } from '../../src-shared/api/legacy-inputs';
import { currentPersona, useAccount, writableChannels } from './account';
import { blankDraft, useDrafts, wordsOf } from './drafts';
import { usePosts } from './posts';
import { setPin } from './post-marks';
import { clients, describeFailure } from './session';
import { showPublished } from './timeline-posts';
import { positionsOf, useTimelines } from './timelines';
import { showError, useToasts } from './toasts';
import { useUi } from './ui';
import { unixToLocalInput } from '../util/time';

/** What the buttons and keys do to a post, in one place for both. */

/** A new draft for the current Persona (replying to `replyTo`), opened in the composer; kept from its first keystroke. */
export function compose(init: { replyTo?: RemotePost } = {}): void {
  const persona = currentPersona();
  const draft = blankDraft({
    personaGuid: persona?.guid ?? null,
    channelGuid: writableChannels(persona?.guid ?? null, useAccount.getState().channels)[0]?.guid ?? null,
    replyTo: init.replyTo?.guid ?? null,
  });
  useDrafts.getState().open(draft);
  useUi.getState().openComposer(draft.id);
}

/** A draft that edits `post`: what is sent replaces what the post had. It is kept once it differs from the post. */
export function edit(post: RemotePost): void {
  const existing = useDrafts.getState().drafts.find((d) => d.editing === post.guid);
  if (existing) {
    useUi.getState().openComposer(existing.id);
    return;
  }
  const draft = blankDraft({
    ...wordsOf(post),
    publishAt: unixToLocalInput(post.publish_unix),
    expiresAt: post.expires_unix === null ? '' : unixToLocalInput(post.expires_unix),
    place: post.geo?.description ?? '',
    latitude: post.geo?.latitude?.toString() ?? '',
    longitude: post.geo?.longitude?.toString() ?? '',
    altitude: post.geo?.altitude?.toString() ?? '',
    canonicalPath: ownPath(post),
    editing: post.guid,
  });
  useDrafts.getState().open(draft);
  useUi.getState().openComposer(draft.id);
}

/** The path the author gave the post, or '' when it has the one every post gets (`/posts/{guid}`). */
function ownPath(post: RemotePost): string {
  try {
    const path = new URL(post.canonical_url).pathname;
    return path === `/posts/${post.guid}` ? '' : path;
  } catch {
    return '';
  }
}

export const isOwn = (post: RemotePost): boolean =>
  useAccount.getState().personas.some((p) => p.guid === post.persona.guid);

export { deletePost, UNDO_MS } from './post-delete';
export { setPin, toggleStar } from './post-marks';

/**
 * Repost is a legacy operation, by numeric id, which instance answers do not carry. Posts read through the
 * legacy collections have it; for a Blurb (any untitled post) it is looked up in the legacy global
 * collection at the post's own second.
 */
export const canRepost = (post: RemotePost): boolean => post.id !== null || post.title === null;

async function legacyIdOf(post: RemotePost): Promise<number | null> {
  if (post.id !== null) return post.id;
  const page = await clients().desk.blurbs('global', {
    count: LEGACY_LIMITS.countMax,
    before_unix: post.publish_unix + 1,
  });
  return page.posts.find((p) => p.guid === post.guid)?.id ?? null;
}

export async function repost(post: RemotePost): Promise<void> {
  try {
    const id = await legacyIdOf(post);
    if (id === null) {
      showError('This post cannot be reposted from here.');
      return;
    }
    const made = await clients().desk.repost(id, useAccount.getState().currentGuid ?? undefined);
    // The legacy answer says nothing of what it reposts: the instance's view of it embeds the original.
    const shown =
      (await clients()
        .instance.post(made.guid)
        .catch(() => null)) ?? made;
    usePosts.getState().put([shown, { ...post, reposted: made.guid }]);
    showPublished(shown);
    useToasts.getState().show('Reposted.');
  } catch (error) {
    showError(`Could not repost: ${describeFailure(error)}`);
  }
}

/** Takes back the acting Persona's repost of `post`: the repost is deleted, the original stays. */
export async function undoRepost(post: RemotePost): Promise<void> {
  const repostGuid = post.reposted;
  if (repostGuid === null) return;
  const positions = positionsOf(repostGuid);
  useTimelines.getState().removed(repostGuid);
  usePosts.getState().put([{ ...post, reposted: null }]);
  try {
    await clients().instance.deletePost(repostGuid);
    usePosts.getState().forget(repostGuid);
    useToasts.getState().show('Repost removed.');
  } catch (error) {
    useTimelines.getState().restored(repostGuid, positions);
    usePosts.getState().put([{ ...post, reposted: repostGuid }]);
    showError(`The repost was not removed: ${describeFailure(error)}`);
  }
}

/** The post's address, for pasting elsewhere. */
export async function copyLink(post: RemotePost): Promise<void> {
  try {
    await navigator.clipboard.writeText(post.remote_url ?? post.canonical_url);
    useToasts.getState().show('Link copied.');
  } catch {
    showError('Could not copy the link: this window may not use the clipboard.');
  }
}

/** `p`: pins in orange, or takes the pin away. */
export function togglePin(post: RemotePost): void {
  void setPin(post.guid, post.pin !== null && post.pin !== 'pin.none' ? null : 'orange');
}
