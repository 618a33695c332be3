import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import type { FailureKind } from '../../src-shared/api/vocabulary';
import { fullTime } from '../util/time';

/** How a remote's sync stands, each with its own colour and shape on screen (SyncStatus.tsx). */
export type SyncKind = 'up-to-date' | 'syncing' | 'waiting' | 'offline' | 'attention' | 'never';

/** One fact of the full detail, with the full time it names (for the title) when it names one. */
export interface DetailLine {
  text: string;
  title?: string;
}

export interface RemoteState {
  kind: SyncKind;
  /** The short form for the sidebar and the side column: "Up to date · 2 min ago". */
  words: string;
  /** The full times the words name, for their title. */
  title: string;
  /** Everything known, one fact a line, for the Remotes screen. */
  detail: DetailLine[];
}

/** Failures that pass by themselves and are tried again (sync/failure.ts); the others need the person. */
const PASSING: ReadonlySet<FailureKind> = new Set(['offline', 'uncertain', 'server', 'protocol']);
/** No answer at all: "Offline". A remote that answered wrongly is failing, not offline. */
const UNANSWERED: ReadonlySet<FailureKind> = new Set(['offline', 'uncertain']);
/** A reason in the short form; the detail has it whole (the service keeps at most 300 characters). */
const SHORT_REASON = 90;

/**
 * A remote's state from its status answer and the time now (unix seconds): the one place that words sync
 * for a person. `askedHere`: a sync this page asked for runs, before the status says so.
 */
export function remoteState(remote: RemoteStatusAnswer, now: number, askedHere = false): RemoteState {
  const waiting = remote.pending > 0 ? `${remote.pending} waiting to send` : '';
  const times: string[] = [];
  const at = (label: string, unix: number) => {
    times.push(`${label} ${fullTime(unix)}`);
    return clockWords(unix, now);
  };
  const ago = (label: string, unix: number) => {
    times.push(`${label} ${fullTime(unix)}`);
    return agoWords(unix, now);
  };
  const state = (kind: SyncKind, ...parts: string[]): RemoteState => ({
    kind,
    words: parts.filter(Boolean).join(' · '),
    title: times.join('; '),
    detail: detailOf(remote, now),
  });
  const reason = remote.last_error === false ? '' : shortReason(remote.last_error);
  const failing = remote.failing_since_unix !== false && remote.last_error_kind !== false;

  if (remote.syncing || askedHere) return state('syncing', progressWords(remote), waiting);
  if (failing && remote.last_error_kind !== false && !PASSING.has(remote.last_error_kind))
    return state('attention', `Needs attention: ${reason}`);
  if (failing && remote.failing_since_unix !== false) {
    const since = `${UNANSWERED.has(remote.last_error_kind || 'protocol') ? 'Offline' : 'Failing'} since ${at('Failing since', remote.failing_since_unix)}`;
    const next =
      remote.next_try_unix === false
        ? ''
        : remote.next_try_unix <= now
          ? 'trying again shortly'
          : `next try at ${at('Next try at', remote.next_try_unix)}`;
    return state('offline', since, lowerFirst(reason), next, waiting);
  }
  const stopped = remote.attention[0];
  if (stopped) return state('attention', `Needs attention: ${shortReason(stopped.reason)}`, waiting);
  if (remote.conflicts.length > 0)
    return state('attention', `${remote.conflicts.length} edited on both sides: choose a version`, waiting);
  if (waiting) return state('waiting', waiting);
  if (remote.last_pull_unix === false) return state('never', 'Not synced yet');
  return state('up-to-date', 'Up to date', ago('Last synced', remote.last_pull_unix));
}

/** While a cycle runs: what it does, and how far a pull got. No remote says its total, so none is shown. */
function progressWords(remote: RemoteStatusAnswer): string {
  const { progress } = remote;
  if (progress === false) return 'Syncing…';
  if (progress.step === 'send') return remote.pending > 0 ? 'Syncing · sending' : 'Syncing…';
  return progress.read > 0 ? `Syncing · ${countWords(progress.read, 'post')} read so far` : 'Syncing · reading';
}

function detailOf(remote: RemoteStatusAnswer, now: number): DetailLine[] {
  const lines: DetailLine[] = [];
  const line = (text: string, unix?: number) =>
    lines.push(unix === undefined ? { text } : { text, title: fullTime(unix) });
  const { progress, last_cycle: last } = remote;
  if (progress !== false) {
    const stored = progress.stored > 0 ? `, ${progress.stored} new or changed here` : '';
    const pulled =
      progress.step === 'pull' ? ` · ${countWords(progress.read, 'post')} read${stored} so far` : ' · sending first';
    line(`Sync started ${agoWords(progress.started_unix, now)}${pulled}`, progress.started_unix);
  }
  line(
    remote.last_pull_unix === false ? 'Never synced yet' : `Last synced ${agoWords(remote.last_pull_unix, now)}`,
    remote.last_pull_unix || undefined,
  );
  if (last !== false) {
    const sent = last.sent > 0 ? `${last.sent} sent` : '';
    const came = last.ok ? [countWords(last.stored, 'new or changed post'), sent] : [sent];
    const words = came.filter(Boolean).join(', ');
    line(
      `Last sync ${last.ok ? 'went well' : 'did not finish'} ${agoWords(last.finished_unix, now)}${words ? `: ${words}` : ''}`,
      last.finished_unix,
    );
  }
  if (remote.last_push_unix !== false) line(`Last sent ${agoWords(remote.last_push_unix, now)}`, remote.last_push_unix);
  if (remote.failing_since_unix !== false)
    line(`Failing since ${clockWords(remote.failing_since_unix, now)}`, remote.failing_since_unix);
  if (remote.last_error !== false) {
    const when = remote.last_error_unix === false ? '' : ` ${agoWords(remote.last_error_unix, now)}`;
    line(`Last error${when}: ${remote.last_error}`, remote.last_error_unix || undefined);
  }
  if (remote.next_try_unix !== false) {
    const next = remote.next_try_unix <= now ? 'shortly' : `at ${clockWords(remote.next_try_unix, now)}`;
    line(`${remote.failing_since_unix === false ? 'Next sync' : 'Next try'} ${next}`, remote.next_try_unix);
  }
  line(remote.pending > 0 ? `${remote.pending} waiting to send` : 'Nothing waiting to send');
  return lines;
}

/** "1 post", "120 posts". */
const countWords = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A reason in the short form: one line, cut with an ellipsis past SHORT_REASON characters. */
function shortReason(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= SHORT_REASON ? line : `${line.slice(0, SHORT_REASON - 1).trimEnd()}…`;
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** "14:02" today (by the local calendar), "24 Nov, 14:02" on another day. */
export function clockWords(unix: number, now: number): string {
  const day = (t: number) => new Date(t * 1000).toDateString();
  return (day(unix) === day(now) ? clock : dayAndClock).format(unix * 1000);
}

/**
 * "just now", "5 min ago" within the hour, else the time itself ("at 09:14"). A time ahead of now (the
 * clocks of the page and the instance differ a little) is "just now", never "-3 min ago".
 */
export function agoWords(unix: number, now: number): string {
  const seconds = now - unix;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `at ${clockWords(unix, now)}`;
}

/**
 * What a Sync now came to, for the message after it: "Up to date with social.example: 12 new or changed
 * posts", or "Could not sync with social.example: the remote cannot be reached (connection refused)".
 */
export function syncOutcomeWords(remote: RemoteStatusAnswer, host: string): { ok: boolean; words: string } {
  const last = remote.last_cycle;
  if (last === false && remote.last_error === false) return { ok: true, words: `Up to date with ${host}` };
  if (last !== false && last.ok) {
    const news = last.stored === 0 ? 'nothing new' : countWords(last.stored, 'new or changed post');
    return { ok: true, words: `Up to date with ${host}: ${news}${last.sent > 0 ? `, ${last.sent} sent` : ''}` };
  }
  // The reason says whether the remote could not be reached ("the remote cannot be reached (connection refused)").
  const reason = remote.last_error === false ? 'it did not finish' : lowerFirst(shortReason(remote.last_error));
  return { ok: false, words: `Could not sync with ${host}: ${reason}` };
}
