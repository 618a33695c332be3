import { create } from 'zustand';
import type { InstancePostType } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { ALL_TYPES } from './timeline-spec';

/** What is open on top of the screens, and the filters and selection they share. */
interface UiStore {
  /** The draft being written in the composer, or null when it is closed. */
  composing: string | null;
  helpOpen: boolean;
  types: InstancePostType[];
  /** Index of the selected post in the timeline on screen (j/k). */
  selected: number;
  /** Asks the search field to take the focus (/). */
  searchFocus: number;
  /** Key of the timeline on screen, for the keys that act on its posts. */
  activeTimeline: string | null;
  setActiveTimeline: (key: string | null) => void;
  /** The conversation on screen, in reading order, and how it replies in place: the keys act on it. */
  thread: { guids: string[]; reply: (post: RemotePost) => void } | null;
  setThread: (thread: UiStore['thread'], selected?: number) => void;
  openComposer: (draftId: string) => void;
  closeComposer: () => void;
  setHelp: (open: boolean) => void;
  toggleType: (type: InstancePostType) => void;
  select: (index: number) => void;
  focusSearch: () => void;
}

export const useUi = create<UiStore>((set, get) => ({
  composing: null,
  helpOpen: false,
  types: ALL_TYPES,
  selected: -1,
  searchFocus: 0,
  activeTimeline: null,
  setActiveTimeline: (key) => set({ activeTimeline: key, selected: -1 }),
  thread: null,
  setThread: (thread, selected) => set({ thread, ...(selected === undefined ? {} : { selected }) }),
  openComposer: (draftId) => set({ composing: draftId }),
  closeComposer: () => set({ composing: null }),
  setHelp: (open) => set({ helpOpen: open }),
  toggleType: (type) => {
    const types = get().types;
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
    // An empty filter would show nothing, which no one means: it goes back to every type.
    set({ types: next.length === 0 ? ALL_TYPES : next });
  },
  select: (index) => set({ selected: index }),
  focusSearch: () => set({ searchFocus: get().searchFocus + 1 }),
}));
