import { useEffect } from 'react';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { isRemoteError } from '../../src-shared/client/errors';
import { deskBridge } from '../api/bridge';
import { syncOutcomeWords } from './remote-state';
import { clients, describeFailure } from './session';
import { remoteName, useSync } from './sync';
import { pollTimeline } from './timeline-posts';
import { SIDE_READS_WAIT_MS } from './timelines';
import { showError, useToasts } from './toasts';
import { useUi } from './ui';
import { forgetSent } from './unsent';

/** What the page does about sync: reading how it stands, and Sync now, with what they mean for the other stores. */

/** Reads the status of every remote; the posts the page remembered as unsent are forgotten once sent. */
export async function readRemotes(): Promise<void> {
  try {
    const remotes = await clients().desk.remotes();
    useSync.getState().read(remotes);
    forgetSent(remotes);
  } catch (error) {
    if (isRemoteError(error) && error.status === 503) useSync.getState().unavailable();
    // Otherwise the instance itself did not answer; the last known state stays on screen.
  }
}

/** Every remote's Sync now; a press while one runs starts nothing. Ends with what it came to, in a message. */
export async function syncNow(): Promise<void> {
  const sync = useSync.getState();
  if (!sync.startAll()) return;
  try {
    const bridge = deskBridge();
    if (bridge) await bridge.syncNow();
    else
      await Promise.all(sync.remotes.map(async (r) => useSync.getState().put(await clients().desk.syncRemote(r.guid))));
    await readRemotes();
    tellOutcome(useSync.getState().remotes);
    // Posts sent just now may have taken their remote's GUIDs: the timeline on screen reads its top again.
    const active = useUi.getState().activeTimeline;
    if (active !== null) await pollTimeline(active, true);
  } catch (error) {
    showError(`Sync did not finish: ${describeFailure(error)}`);
  } finally {
    useSync.getState().endAll();
  }
}

/** One remote's Sync now: its status line says "Syncing…" while it runs, and a message what it came to. */
export async function syncOne(guid: string): Promise<void> {
  if (!useSync.getState().startOne(guid)) return;
  try {
    const synced = await clients().desk.syncRemote(guid);
    useSync.getState().put(synced);
    forgetSent(useSync.getState().remotes);
    tellOutcome([synced]);
  } finally {
    useSync.getState().endOne(guid);
  }
}

/** What a Sync now came to, remote by remote, in one message: an error's tone when one did not finish. */
function tellOutcome(remotes: readonly RemoteStatusAnswer[]): void {
  const outcomes = remotes.map((r) => syncOutcomeWords(r, remoteName(r)));
  if (outcomes.length === 0) return;
  useToasts
    .getState()
    .show(outcomes.map((o) => o.words).join('. '), { tone: outcomes.every((o) => o.ok) ? 'info' : 'error' });
}

/** How often the page reads the status: cheap, as the instance answers from its own store. */
const REFRESH_MS = 4000;
/** While a sync runs, often enough for its progress to move on screen. */
const SYNCING_REFRESH_MS = 1000;

/**
 * Reads the status for as long as the shell is on screen, whether or not a status line shows (a phone's
 * menu is closed): every second while a sync runs, every four seconds otherwise; not at all while the
 * instance tells the page of every change (`live`, event-stream.ts), but once when that begins.
 */
export function useSyncPolling(live: boolean): void {
  const busy = useSync((s) => s.syncingHere.length > 0 || s.remotes.some((r) => r.syncing));
  useEffect(() => {
    const first = setTimeout(() => void readRemotes(), SIDE_READS_WAIT_MS);
    return () => clearTimeout(first);
  }, []);
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void readRemotes(), busy ? SYNCING_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [busy, live]);
}
