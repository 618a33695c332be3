import { useEffect } from 'react';
import { create } from 'zustand';
import type { DeskEvent } from '../../src-shared/api/events';
import { syncDrafts } from './draft-sync';
import { mayShowPosts, type TimelineSpec } from './timeline-spec';
import { useSession } from './session';
import { readRemotes } from './sync-actions';
import { useTimelines } from './timelines';

/**
 * The instance's changes as they happen (`GET /api/events`, docs/sync.md): while the stream is open the
 * page reads what changed when it changes, and does not poll; when the stream drops, or the instance has
 * none (an older one), the page polls as it always did and tries the stream again, later each time.
 */
interface EventsStore {
  /** The stream is open: the sync status and the timelines follow it, and their polling rests. */
  live: boolean;
  /** By timeline key, raised whenever the stream says the timeline may show something new: on screen, it reads its top again. */
  nudged: Record<string, number>;
}

export const useEvents = create<EventsStore>(() => ({ live: false, nudged: {} }));

/**
 * Changes are gathered for this long at most before the page reads: a sync storing page after page has the
 * timelines read a few times a second and the status once a second (as its polling did while a sync ran),
 * not once a page.
 */
const TIMELINES_EVERY_MS = 250;
const STATUS_EVERY_MS = 1000;
/** The first retry of a stream that failed, doubled each time it fails again up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 60_000;
/** A stream that stayed open this long was a good one: the next failure is retried soon again. */
const GOOD_STREAM_MS = 30_000;

/** Keeps the stream open for as long as the shell is on screen (it is only while signed in). */
export function useEventStream(): void {
  useEffect(() => {
    const stop = new AbortController();
    void listen(stop.signal);
    return () => {
      stop.abort();
      useEvents.setState({ live: false });
    };
  }, []);
}

async function listen(signal: AbortSignal): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    const { session } = useSession.getState();
    if (session.status !== 'signed-in') return;
    const opened = Date.now();
    await session.clients.events({ signal, onOpen: () => useEvents.setState({ live: true }) }, told);
    useEvents.setState({ live: false });
    failures = Date.now() - opened >= GOOD_STREAM_MS ? 0 : failures + 1;
    // Spread out, so that the pages of an instance that restarted do not all come back at once.
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1)) * (0.8 + Math.random() * 0.4);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, delay);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/** What the page does with each event: read the status of remotes or the drafts, or nudge the timelines that may show the posts. */
function told(event: DeskEvent): void {
  if (event.kind === 'sync') readStatus();
  else if (event.kind === 'posts') nudge((spec) => mayShowPosts(spec, event));
  else if (event.kind === 'drafts') void syncDrafts(false);
  else {
    readStatus();
    nudge(() => true);
    void syncDrafts(true);
  }
}

const readStatus = gathered(() => void readRemotes(), STATUS_EVERY_MS);

const nudge = (() => {
  let keys = new Set<string>();
  const flush = gathered(() => {
    const { nudged } = useEvents.getState();
    const raised = { ...nudged };
    for (const key of keys) raised[key] = (raised[key] ?? 0) + 1;
    useTimelines.getState().outdated([...keys]);
    keys = new Set();
    useEvents.setState({ nudged: raised });
  }, TIMELINES_EVERY_MS);
  return (shows: (spec: TimelineSpec) => boolean) => {
    for (const [key, timeline] of Object.entries(useTimelines.getState().byKey))
      if (shows(timeline.spec)) keys.add(key);
    if (keys.size > 0) flush();
  };
})();

/** `run`, at once the first time and then at most once every `everyMs`, however often it is asked for meanwhile. */
function gathered(run: () => void, everyMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = -Infinity;
  return () => {
    if (timer !== null) return;
    timer = setTimeout(
      () => {
        timer = null;
        last = Date.now();
        run();
      },
      Math.max(0, last + everyMs - Date.now()),
    );
  };
}
