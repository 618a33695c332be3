import type { RemotePost } from '../../../src-shared/client/remote-post';
import type { Draft } from '../../../src-shared/api/draft';
import { useDrafts } from '../../state/drafts';
import { usePosts } from '../../state/posts';
import { useSync } from '../../state/sync';
import { showPublished } from '../../state/timeline-posts';
import { useToasts } from '../../state/toasts';
import { wroteLocally } from '../../state/unsent';
import { localInputToUnix } from '../../util/time';
import { publishDraft } from './publish';

/** A publish time still to come: the post is scheduled, not published. */
export const isScheduled = (draft: Draft): boolean => (localInputToUnix(draft.publishAt) ?? 0) > Date.now() / 1000;

/**
 * Sends a draft, from the composer or from the Drafts list alike: the post is shown where it belongs and
 * the draft is removed. A refusal is thrown unchanged (problemsByField reads it) and the draft stays.
 */
export async function sendDraft(draft: Draft): Promise<RemotePost> {
  const post = await publishDraft(draft);
  usePosts.getState().put([post]);
  wroteLocally(post, useSync.getState().remotes);
  if (draft.editing === null) showPublished(post);
  useDrafts.getState().remove(draft.id);
  useToasts.getState().show(draft.editing !== null ? 'Saved.' : isScheduled(draft) ? 'Scheduled.' : 'Published.');
  return post;
}
