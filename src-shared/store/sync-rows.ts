import type { z } from 'zod';
import type { Interface, OutboxOp } from '../api/vocabulary';
import type { conflictRowSchema, remoteRowSchema, remoteServerSchema, remoteUrlRowSchema } from './row-schemas';

/**
 * What the store keeps to stay in step with remote instances (src-shared/sync). Times are unix seconds.
 */

export type RemoteInterface = Interface;
export type { OutboxOp };

export type RemoteServer = z.infer<typeof remoteServerSchema>;

export type RemoteRow = z.infer<typeof remoteRowSchema>;

/**
 * A remote timeline that has a cursor; `persona:<guid>` is the history of one linked Persona there, and
 * `lookback` the last week of `global` read again once a day (sync/pull-remote.ts). `confirm` is no
 * timeline: its row holds the versions to read again by themselves (`unconfirmed`, sync/confirm.ts).
 */
export type TimelineName = 'global' | 'mentions' | 'home' | 'lookback' | 'confirm' | `persona:${string}`;

/**
 * Where pulling one timeline of one remote stands. `sinceUnix` is the newest time fully collected. While a
 * catch-up is being paged (newest first, one stored page at a time), `paging` says how far it got, so that
 * a pull cut short resumes there instead of starting over or leaving a gap.
 */
export interface CursorRow {
  remoteGuid: string;
  timeline: TimelineName;
  sinceUnix: number | null;
  paging: { untilUnix: number; beforeGuid: string; newestUnix: number } | null;
  /** On the `confirm` row only: posts whose version a list served is to be read again, each from `dueUnix`. */
  unconfirmed?: { postGuid: string; dueUnix: number }[];
}

/**
 * A draft as it was last the same here and on a remote of this project (sync/drafts-exchange.ts): its version
 * here and its version there then. A version that differs on one side is a change made there since.
 */
export interface DraftLinkRow {
  remoteGuid: string;
  draftId: string;
  hereVersion: number;
  thereVersion: number;
}

/**
 * How far the drafts of a remote of this project and this desk's were exchanged: the remote's cursor
 * (`GET /api/drafts?since=`), null before the first exchange, and the last draft change here that was looked at.
 */
export interface DraftCursorRow {
  remoteGuid: string;
  thereCursor: number | null;
  hereSeq: number;
}

/**
 * One local change waiting to reach a remote, written in the same transaction as the change itself. The
 * outbox drains per remote in `seq` order. What is sent is read from the post when the item is sent, so a
 * publish followed by edits sends the latest text once.
 */
export interface OutboxRow {
  seq?: number;
  remoteGuid: string;
  op: OutboxOp;
  /** The post's GUID: the local one until the remote gives it its own (then every item follows). */
  postGuid: string;
  /** Who acts: the author for publish/edit/delete, the starring or pinning Persona otherwise. */
  personaGuid: string;
  /** Pin colour for `pin`. */
  value: string | null;
  /** For `edit`: the remote version the edit was made on, to notice an edit made meanwhile on the remote. */
  baseUpdatedUnix: number | null;
  createdUnix: number;
  /** Times sending was started. Above 0 the item may be on the wire: it is never merged with later ones. */
  attempts: number;
  nextAttemptUnix: number;
  /** `attention`: stopped for a reason retrying cannot fix (`error`); kept until the person decides. */
  state: 'pending' | 'attention';
  /** 1 when a send may have reached the remote unanswered: look for the result before sending again. */
  uncertain: 0 | 1;
  /**
   * A send that got no answer in time may still be under way to the remote until then: the item is not sent
   * again before it, even when a person asks to sync now (sending twice would make two posts).
   */
  inFlightUntilUnix?: number | null;
  error: string | null;
}

export type ConflictRow = z.infer<typeof conflictRowSchema>;

export type RemoteUrlRow = z.infer<typeof remoteUrlRowSchema>;
