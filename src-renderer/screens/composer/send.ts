import type { RemotePost } from '../../../src-shared/client/remote-post';
import type { Draft } from '../../../src-shared/api/draft';
import { useDrafts } from '../../state/drafts';
import { usePosts } from '../../state/posts';
import { useSync } from '../../state/sync';
import { showPublished } from '../../state/timeline-posts';
import { useToasts } from '../../state/toasts';
import { wroteLocally } from '../../state/unsent';
import { localInputToUnix } from '../../util/time';
import { publishCopies } from './publish';

/** A publish time still to come: the post is scheduled, not published. */
export const isScheduled = (draft: Draft): boolean => (localInputToUnix(draft.publishAt) ?? 0) > Date.now() / 1000;

/**
 * Sends a draft, from the composer or from the Drafts list alike: the post is shown where it belongs and
 * the draft is removed. A refusal is thrown unchanged (problemsByField reads it) and the draft stays.
 */
export async function sendDraft(draft: Draft): Promise<RemotePost> {
  const posts = await publishCopies(draft);
  const [post] = posts;
  if (!post) throw new Error('The instance published nothing.');
  usePosts.getState().put(posts);
  for (const each of posts) wroteLocally(each, useSync.getState().remotes);
  if (draft.editing === null) for (const each of [...posts].reverse()) showPublished(each);
  useDrafts.getState().remove(draft.id);
  const done = draft.editing !== null ? 'Saved' : isScheduled(draft) ? 'Scheduled' : 'Published';
  useToasts.getState().show(posts.length > 1 ? `${done} as ${namesOf(posts)}.` : `${done}.`);
  return post;
}

/** "Mara and Work": who each copy of a post went out as. */
function namesOf(posts: readonly RemotePost[]): string {
  const names = posts.map((p) => p.persona.name || `@${p.persona.as}`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '');
}
