import type { Extension } from '../api/about';
import type { PostType } from './rows';
import type { FailureKind, Interface, OutboxOp } from '../api/vocabulary';

/**
 * What the store keeps to stay in step with remote instances (src-shared/sync). Times are unix seconds.
 */

export type RemoteInterface = Interface;
export type { OutboxOp };

/** What a remote is and what it takes, as read when it was added (sync/instance-connection.ts). */
export interface RemoteServer {
  /** For people: "Publishing Desk 0.1.0", "10Centuries (matigo/streams)". */
  software: string;
  /** The kinds of post it holds; others wait in `attention` with the reason. */
  kinds: PostType[];
  /** This project's extensions it names in `GET /api/about` (api/about.ts); none for other servers. */
  extensions: Extension[];
  /**
   * It lists each Persona's own posts over all time (the reference's `GET /api/account/{guid}/posts`), where
   * its global timeline stops: so the history of the owner's Personas there is read whole once.
   */
  personaHistory?: boolean;
  /** When the remote's account was last read (its Personas and Channels linked again): once a day. */
  readUnix?: number;
}

export interface RemoteRow {
  /** Local name of the remote; never sent anywhere. */
  guid: string;
  /** Normalised base URL: scheme, host, port and path prefix, no trailing slash. */
  baseUrl: string;
  interface: RemoteInterface;
  /** The token for the remote, sealed by the host's SecretBox: never shown, never logged. */
  sealedToken: string;
  /** The remote account's GUID (instance) or numeric id (legacy), as text. */
  accountRef: string;
  /** Local Channel for posts of this remote whose Channel is not one of the linked ones. */
  defaultChannelGuid: string;
  /** The remote listed its Channels and they are linked here; otherwise the default is a local stand-in. */
  channelsLinked: boolean;
  pollSeconds: number;
  createdUnix: number;
  lastPullUnix: number | null;
  lastPushUnix: number | null;
  /** The last failure talking to the remote, in words a person can act on; null after a success. */
  lastError: string | null;
  lastErrorUnix: number | null;
  /** What kind of failure `lastError` is (sync/failure.ts); absent on older rows, null after a success. */
  lastErrorKind?: FailureKind | null;
  /** Cycles in a row that failed; each doubles the poll interval (sync/backoff.ts). Absent on older rows. */
  failedCycles?: number;
  /** When the first of the cycles in a row that failed began to fail; null (or absent) while none fails. */
  failingSinceUnix?: number | null;
  /** Absent on remotes added before it was recorded: the next cycle reads it (sync/engine.ts). */
  server?: RemoteServer;
}

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

/** A post edited both here and on the remote: both versions are kept until the person chooses. */
export interface ConflictRow {
  postGuid: string;
  remoteGuid: string;
  /** The remote's version as it was read (the local version is the post row itself). */
  remote: {
    title: string | null;
    text: string;
    tags: string[];
    updatedUnix: number;
  };
  detectedUnix: number;
}

/**
 * Where a post held here lives on its remote, when its canonical URL there holds no GUID (the reference's
 * articles: `/2026/11/24/a-title`). A reply names what it answers by that URL (`reply_to`), so a reply to
 * such an article finds its parent here by this (store/remote-urls.ts).
 */
export interface RemoteUrlRow {
  url: string;
  postGuid: string;
}
