import { useTimelines } from './timelines';
import { useUi } from './ui';

/** The posts of an open timeline, in order; none for one not open, or for no timeline. */
const guidsOf = (key: string | null): readonly string[] =>
  key === null ? [] : (useTimelines.getState().byKey[key]?.guids ?? []);

/** Another timeline on screen (or none): the one left keeps its selection, the one shown gets its own back. */
export function setActiveTimeline(key: string | null): void {
  const ui = useUi.getState();
  ui.setActiveTimeline(key, { left: guidsOf(ui.activeTimeline), shown: guidsOf(key) });
}
