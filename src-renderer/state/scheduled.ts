import { useEffect } from 'react';
import { create } from 'zustand';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { ALL_TYPES } from './timeline-spec';
import { blankDraft, useDrafts, wordsOf } from './drafts';
import { clients, describeFailure, useSession } from './session';
import { POLL_MS, useTimelines } from './timelines';
import { usePosts } from './posts';
import { useSync } from './sync';
import { wroteLocally } from './unsent';
import { useToasts, showError } from './toasts';
import { stillScheduled } from '../util/scheduled-time';
import { LIMITS } from '../../src-shared/api/inputs';

/** The most scheduled posts one read lists: the instance's largest page. */
const MOST = LIMITS.countMax;

interface ScheduledStore {
  /** The account's posts whose time has not come, the soonest first. */
  posts: RemotePost[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** GUIDs with an action under way: their buttons wait. */
  busy: string[];
  load: () => Promise<void>;
  /** Moves the posts whose time has come to the open timelines. */
  tick: () => void;
  reschedule: (post: RemotePost, unix: number) => Promise<boolean>;
  publishNow: (post: RemotePost) => Promise<void>;
  cancel: (post: RemotePost) => Promise<void>;
}

export const useScheduled = create<ScheduledStore>((set, get) => {
  const working = (guid: string, on: boolean) => set({ busy: on ? [...get().busy, guid] : get().busy.filter((g) => g !== guid) });
  /**
   * Writes a new time: `POST /api/posts/{guid}/write` wants the text of an update, so the post's own is sent
   * again. The answer is what the page shows of the post from then on, marked unsent until sync sends it.
   */
  const setTime = async (post: RemotePost, unix: number) => {
    const written = await clients().instance.update(post.guid, { content: post.text, publish_at: unix });
    usePosts.getState().put([written]);
    wroteLocally(written, useSync.getState().remotes);
    return written;
  };
  return {
    posts: [],
    status: 'idle',
    error: null,
    busy: [],
    load: async () => {
      if (get().status === 'idle') set({ status: 'loading' });
      try {
        const page = await clients().desk.timeline('global', { scheduled: 'only', types: ALL_TYPES, count: MOST });
        set({ posts: stillScheduled(page.posts, Date.now()), status: 'ready', error: null });
      } catch (error) {
        set({ status: 'error', error: describeFailure(error) });
      }
    },
    tick: () => {
      const posts = stillScheduled(get().posts, Date.now());
      if (posts.length === get().posts.length) return;
      const due = get().posts.filter((p) => !posts.includes(p));
      set({ posts });
      // Out now: on the open timelines at once, rather than at their next poll.
      usePosts.getState().put(due);
      for (const post of due) useTimelines.getState().published(post);
    },
    reschedule: async (post, unix) => {
      working(post.guid, true);
      try {
        const moved = await setTime(post, unix);
        set({ posts: stillScheduled([...get().posts.filter((p) => p.guid !== post.guid), moved], Date.now()) });
        useToasts.getState().show('New time saved.');
        return true;
      } catch (error) {
        showError(describeFailure(error));
        return false;
      } finally {
        working(post.guid, false);
      }
    },
    publishNow: async (post) => {
      working(post.guid, true);
      try {
        const published = await setTime(post, Math.floor(Date.now() / 1000));
        set({ posts: get().posts.filter((p) => p.guid !== post.guid) });
        useTimelines.getState().published(published);
        useToasts.getState().show('Published.');
      } catch (error) {
        showError(describeFailure(error));
      } finally {
        working(post.guid, false);
      }
    },
    cancel: async (post) => {
      // Cancelling a schedule keeps the words: the post goes back to Drafts, to be finished or deleted
      // there, and the scheduled copy is deleted (with it, the copy a remote holds to publish on its own).
      const draft = draftOf(post);
      working(post.guid, true);
      useDrafts.getState().add(draft);
      try {
        await clients().instance.deletePost(post.guid);
        set({ posts: get().posts.filter((p) => p.guid !== post.guid) });
        useToasts.getState().show('Moved back to Drafts; it will not be published.');
      } catch (error) {
        useDrafts.getState().remove(draft.id);
        showError(describeFailure(error));
      } finally {
        working(post.guid, false);
      }
    },
  };
});

/** A draft holding what the scheduled post says, for its Persona and Channel, to be published when the person says. */
function draftOf(post: RemotePost) {
  return blankDraft({ ...wordsOf(post), replyTo: post.parent_guid });
}

/** The first read waits a moment: the first timeline's page matters more while the page opens. */
const FIRST_READ_MS = 700;

/**
 * Keeps the list current while the page is open (the shell runs it, whatever the layout shows): read soon
 * after the first timeline and every poll, and a post whose time comes leaves it within a second (the
 * timelines' own polls then bring it in).
 */
export function useScheduledKept(): void {
  const signedIn = useSession((s) => s.session.status === 'signed-in');
  useEffect(() => {
    if (!signedIn) return;
    const { load, tick } = useScheduled.getState();
    const first = setTimeout(() => void load(), FIRST_READ_MS);
    const poll = setInterval(() => void load(), POLL_MS);
    const clock = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(poll);
      clearInterval(clock);
    };
  }, [signedIn]);
}

/** How many posts wait for their time. */
export const useScheduledCount = (): number => useScheduled((s) => s.posts.length);
