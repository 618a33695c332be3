import { create } from 'zustand';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { ALL_TYPES } from './timeline-spec';
import { clients, describeFailure } from './session';
import { stillScheduled } from '../util/scheduled-time';
import { LIMITS } from '../../src-shared/api/inputs';

/** The most scheduled posts one read lists: the instance's largest page. */
const MOST = LIMITS.countMax;

/** The account's posts whose time has not come (what is done with them is in scheduled-actions.ts). */
interface ScheduledStore {
  /** The soonest first. */
  posts: RemotePost[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** GUIDs with an action under way: their buttons wait. */
  busy: string[];
  load: () => Promise<void>;
  setBusy: (guid: string, on: boolean) => void;
  /** A post with its new time, in its place; gone from the list if that time has come. */
  replace: (post: RemotePost) => void;
  drop: (guid: string) => void;
  /** Takes the posts whose time has come off the list, and answers them. */
  takeDue: () => RemotePost[];
}

export const useScheduled = create<ScheduledStore>((set, get) => ({
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
  setBusy: (guid, on) => set({ busy: on ? [...get().busy, guid] : get().busy.filter((g) => g !== guid) }),
  replace: (post) =>
    set({ posts: stillScheduled([...get().posts.filter((p) => p.guid !== post.guid), post], Date.now()) }),
  drop: (guid) => set({ posts: get().posts.filter((p) => p.guid !== guid) }),
  takeDue: () => {
    const posts = stillScheduled(get().posts, Date.now());
    if (posts.length === get().posts.length) return [];
    const due = get().posts.filter((p) => !posts.includes(p));
    set({ posts });
    return due;
  },
}));

/** How many posts wait for their time. */
export const useScheduledCount = (): number => useScheduled((s) => s.posts.length);
