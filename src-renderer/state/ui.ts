import { create } from 'zustand';
import type { InstancePostType } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { followSelection } from './reading-place';
import { ALL_TYPES } from './timeline-spec';
import { useTimelines } from './timelines';

/** What is open on top of the screens, and the filters and selection they share. */
interface UiStore {
  /** The draft being written in the composer, or null when it is closed. */
  composing: string | null;
  /** What the instance said when the draft being composed was sent from the Drafts list: shown by its fields. */
  composingRefusal: unknown;
  helpOpen: boolean;
  types: InstancePostType[];
  /** Index of the selected post in the timeline on screen (j/k). */
  selected: number;
  /** Asks the search field to take the focus (/). */
  searchFocus: number;
  /** Key of the timeline on screen, for the keys that act on its posts. */
  activeTimeline: string | null;
  /** The post selected in each timeline when the person left it: selected again on return. */
  selectedIn: Record<string, string>;
  /**
   * Another timeline on screen (or none), given the posts of the one left and of the one shown: the one
   * left keeps its selection, the one shown gets its own back (active-timeline.ts reads them).
   */
  setActiveTimeline: (key: string | null, guids: { left: readonly string[]; shown: readonly string[] }) => void;
  /** The conversation on screen, in reading order, and how it replies in place: the keys act on it. */
  thread: { guids: string[]; reply: (post: RemotePost) => void } | null;
  setThread: (thread: UiStore['thread'], selected?: number) => void;
  openComposer: (draftId: string, refusal?: unknown) => void;
  closeComposer: () => void;
  setHelp: (open: boolean) => void;
  toggleType: (type: InstancePostType) => void;
  select: (index: number) => void;
  focusSearch: () => void;
}

export const useUi = create<UiStore>((set, get) => ({
  composing: null,
  composingRefusal: undefined,
  helpOpen: false,
  types: ALL_TYPES,
  selected: -1,
  searchFocus: 0,
  activeTimeline: null,
  selectedIn: {},
  setActiveTimeline: (key, guids) => {
    const { activeTimeline, selected, selectedIn } = get();
    const leaving = activeTimeline === null ? undefined : guids.left[selected];
    const kept =
      activeTimeline !== null && leaving !== undefined ? { ...selectedIn, [activeTimeline]: leaving } : selectedIn;
    const back = key === null ? undefined : kept[key];
    set({
      activeTimeline: key,
      selected: key === null || back === undefined ? -1 : guids.shown.indexOf(back),
      selectedIn: kept,
    });
  },
  thread: null,
  setThread: (thread, selected) => set({ thread, ...(selected === undefined ? {} : { selected }) }),
  openComposer: (draftId, refusal) => set({ composing: draftId, composingRefusal: refusal }),
  closeComposer: () => set({ composing: null, composingRefusal: undefined }),
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

// The selection is an index into the timeline on screen: when posts come in above it (a poll, one just
// written) or one is deleted, it moves with its post instead of landing on another. Done here, in the
// same change as the list, so that no screen ever shows the selection on the wrong post.
useTimelines.subscribe((now, before) => {
  const { activeTimeline, selected, thread } = useUi.getState();
  if (thread !== null || activeTimeline === null || selected < 0) return;
  const after = now.byKey[activeTimeline]?.guids;
  const was = before.byKey[activeTimeline]?.guids;
  if (!after || !was || after === was) return;
  const index = followSelection(was, after, selected);
  if (index !== selected) useUi.setState({ selected: index });
});
