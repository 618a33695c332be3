import { useEffect } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { blankDraft, useDrafts, wordsOf } from './drafts';
import { usePosts } from './posts';
import { useScheduled } from './scheduled';
import { clients, describeFailure, useSession } from './session';
import { useSync } from './sync';
import { showPublished } from './timeline-posts';
import { POLL_MS, SIDE_READS_WAIT_MS } from './timelines';
import { showError, useToasts } from './toasts';
import { wroteLocally } from './unsent';

/** What the Scheduled screen does to a post whose time has not come, and what the page does when it comes. */

/**
 * Writes a new time: `POST /api/posts/{guid}/write` wants the text of an update, so the post's own is sent
 * again. The answer is what the page shows of the post from then on, marked unsent until sync sends it.
 */
async function setTime(post: RemotePost, unix: number): Promise<RemotePost> {
  const written = await clients().instance.update(post.guid, { content: post.text, publish_at: unix });
  usePosts.getState().put([written]);
  wroteLocally(written, useSync.getState().remotes);
  return written;
}

/** Runs `action` with the post's buttons waiting. */
async function whileBusy<T>(post: RemotePost, action: () => Promise<T>): Promise<T> {
  useScheduled.getState().setBusy(post.guid, true);
  try {
    return await action();
  } finally {
    useScheduled.getState().setBusy(post.guid, false);
  }
}

/** Answers whether the new time was saved. */
export const reschedule = (post: RemotePost, unix: number): Promise<boolean> =>
  whileBusy(post, async () => {
    try {
      useScheduled.getState().replace(await setTime(post, unix));
      useToasts.getState().show('New time saved.');
      return true;
    } catch (error) {
      showError(describeFailure(error));
      return false;
    }
  });

export const publishNow = (post: RemotePost): Promise<void> =>
  whileBusy(post, async () => {
    try {
      const published = await setTime(post, Math.floor(Date.now() / 1000));
      useScheduled.getState().drop(post.guid);
      showPublished(published);
      useToasts.getState().show('Published.');
    } catch (error) {
      showError(describeFailure(error));
    }
  });

/**
 * Cancelling a schedule keeps the words: the post goes back to Drafts, to be finished or deleted there, and
 * the scheduled copy is deleted (with it, the copy a remote holds to publish on its own).
 */
export const cancelSchedule = (post: RemotePost): Promise<void> => {
  const draft = blankDraft({ ...wordsOf(post), replyTo: post.parent_guid });
  return whileBusy(post, async () => {
    useDrafts.getState().add(draft);
    try {
      await clients().instance.deletePost(post.guid);
      useScheduled.getState().drop(post.guid);
      useToasts.getState().show('Moved back to Drafts; it will not be published.');
    } catch (error) {
      useDrafts.getState().remove(draft.id);
      showError(describeFailure(error));
    }
  });
};

/** Moves the posts whose time has come to the open timelines: out now, there at once rather than at their next poll. */
export function publishDue(): void {
  const due = useScheduled.getState().takeDue();
  usePosts.getState().put(due);
  for (const post of due) showPublished(post);
}

/**
 * Keeps the list current while the page is open (the shell runs it, whatever the layout shows): read soon
 * after the first timeline and every poll, and a post whose time comes leaves it within a second (the
 * timelines' own polls then bring it in).
 */
export function useScheduledKept(): void {
  const signedIn = useSession((s) => s.session.status === 'signed-in');
  useEffect(() => {
    if (!signedIn) return;
    const { load } = useScheduled.getState();
    const first = setTimeout(() => void load(), SIDE_READS_WAIT_MS);
    const poll = setInterval(() => void load(), POLL_MS);
    const clock = setInterval(publishDue, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(poll);
      clearInterval(clock);
    };
  }, [signedIn]);
}
