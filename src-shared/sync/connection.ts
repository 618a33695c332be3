import type { Draft, DraftsAnswer, RemovedDraftAnswer, SavedDraftAnswer } from '../api/draft';
import type { MarkersAnswer } from '../api/markers';
import type { GeoRow, PostType, Privacy } from '../store/rows';
import type { RemoteServer, TimelineName } from '../store/sync-rows';
import type { RemoteAccount } from './link';
import type { TimelineReader } from './pull';
import type { WalkReader } from './pull-walk';
import type { PulledPost } from './pulled-post';

/**
 * What the engine needs from a remote, whatever interface it speaks. One adapter per interface maps the
 * typed client onto it (instance-connection.ts), so pull and push never see wire shapes.
 */
export interface RemoteConnection {
  /** The account the token belongs to, and what the remote is. */
  account(): Promise<RemoteAccount & { server: RemoteServer }>;
  /**
   * Throws `auth` when the remote no longer takes the token. Only where reading with a refused token would
   * not say so: the reference reads such a token as no token at all, and its timelines answer as to anyone.
   */
  checkToken(): Promise<void>;
  timelines: readonly RemoteTimeline[];
  /**
   * The whole history of one of the owner's Personas there, where the remote lists it and its timelines
   * do not reach that far (`RemoteServer.personaHistory`); read until it is whole, then left to `global`.
   */
  personaHistory(personaGuid: string): RemoteTimeline | null;
  publish(post: OutgoingPost): Promise<PulledPost>;
  update(ref: PostRef, post: OutgoingPost): Promise<PulledPost>;
  /** The post as the remote serves it now; null when it does not (deleted, hidden, never there). */
  read(ref: PostRef): Promise<PulledPost | null>;
  /** The whole conversation the post is in; null when the remote does not serve the post. */
  thread(ref: PostRef): Promise<PulledPost[] | null>;
  /** After an unanswered publish: the copy the remote made of it, if it made one. */
  findPublished(post: OutgoingPost): Promise<PulledPost | null>;
  /** Deleting what is already gone succeeds. */
  remove(ref: PostRef): Promise<void>;
  /** Sets the state (never toggles, even where the remote's own operation is a toggle). */
  star(ref: PostRef, personaGuid: string, on: boolean): Promise<void>;
  pin(ref: PostRef, personaGuid: string, colour: string | null): Promise<void>;
  /** The reading places kept there (api/markers.ts), where the remote is this project and says so. */
  markers?: RemoteMarkers;
  /** The drafts kept there (api/draft.ts), where the remote is this project and says so. */
  drafts?: RemoteDrafts;
}

/** A remote's drafts (the account's there); a removal of a version changed since throws 409. */
export interface RemoteDrafts {
  list(since?: number): Promise<DraftsAnswer>;
  save(draft: Draft, version: number, writer: string): Promise<SavedDraftAnswer>;
  remove(id: string, version: number): Promise<RemovedDraftAnswer>;
}

/** A remote's reading places, by the timelines' marker names; a move another one came before throws 409. */
export interface RemoteMarkers {
  read(timelines: readonly string[]): Promise<MarkersAnswer>;
  move(timeline: string, postGuid: string, version: number): Promise<unknown>;
}

/** A post on the remote: instance remotes name it by GUID, legacy ones by number. */
export interface PostRef {
  guid: string;
  remoteId: number | null;
}

/**
 * A timeline and how it pages:
 * - `backward` (this project): newest first from `since`, continued with `until` and `before` (pull.ts);
 * - `walk` (the reference and other instance servers): newest first from now, continued with `until` alone,
 *   down to the cursor; `since` is never sent, as the reference answers it with a window that may miss the
 *   newest posts (pull-walk.ts);
 * - `forward` (legacy `since_unix`): the oldest new posts first, continued from the newest time of the page
 *   (pull-forward.ts).
 */
export type RemoteTimeline =
  | { name: TimelineName; paging: 'backward'; read: TimelineReader; pageSize: number }
  | { name: TimelineName; paging: 'walk'; read: WalkReader; pageSize: number }
  | { name: TimelineName; paging: 'forward'; readAfter: (sinceUnix: number | null) => Promise<PulledPost[]> };

/** A local post as it is sent: every field, so the remote keeps nothing of an older version. */
export interface OutgoingPost {
  type: PostType;
  privacy: Privacy;
  personaGuid: string;
  /** Null: the remote's default Channel. */
  channelGuid: string | null;
  title: string | null;
  text: string;
  tags: readonly string[];
  replyTo: string | null;
  /** The parent's number on a legacy remote, which takes `reply_to` as a post id. */
  replyToId: number | null;
  publishUnix: number;
  expiresUnix: number | null;
  sourceUrl: string | null;
  sourceTitle: string | null;
  geo: GeoRow | null;
}
