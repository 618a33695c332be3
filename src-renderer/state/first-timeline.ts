import { useAccount } from './account';
import { useRoute } from './route';
import { openTimeline } from './timeline-posts';
import { isPersonal, specOf, timelineAt } from './timeline-spec';
import { useUi } from './ui';

/**
 * Asks for the timeline the page's address shows, before the shell that draws it has loaded (main.tsx): the
 * instance reads it while the page's code arrives and runs. The screen, once drawn, opens the same timeline
 * (TimelineScreen.tsx makes its spec with the same `specOf`) and finds it read or on its way. A Persona's
 * timeline is asked for as the Persona of the last visit, as the screen does until the account has answered.
 * Called signed in.
 */
export function openFirstTimeline(): void {
  const shown = timelineAt(useRoute.getState().route);
  if (shown === null) return;
  const persona = useAccount.getState().currentGuid;
  if (isPersonal(shown.kind) && persona === null) return;
  openTimeline(specOf(shown, persona, useUi.getState().types));
}
