import type { GeoRow, PostType, Privacy } from '../store/rows';

/** A post as a remote serves it, in the engine's words; the client's answers are mapped to it in one place. */
export interface PulledPost {
  guid: string;
  /** The remote's numeric id, when it speaks the legacy interface. */
  remoteId: number | null;
  type: PostType;
  privacy: Privacy;
  canonicalUrl: string;
  replyTo: string | null;
  /** The post replied to, when the remote says (this project's `parent_guid`) or its URL carries a GUID. */
  parentGuid: string | null;
  title: string | null;
  /** Source as the author wrote it: Markdown, or HTML from some remotes. */
  text: string;
  tags: readonly string[];
  mentionGuids: readonly string[];
  persona: { guid: string; handle: string; name: string; avatarUrl: string };
  publishUnix: number;
  expiresUnix: number | null;
  updatedUnix: number;
  /**
   * Where the remote files the post in its timelines, which `until` pages by: its publication time, except
   * on the reference, which files a post edited within two hours of publication under the edit's time.
   */
  listedUnix: number;
  /**
   * Set when it came from a list that the remote may answer from a copy it keeps per second of the post's
   * last change (the reference's timelines and threads): an edit made within that second, after the copy
   * was made, does not show there, while the post read by itself (`RemoteConnection.read`) says what it is
   * (confirm.ts). `servedUnix`: the remote's clock when it answered the list, when it said.
   */
  cachedList: { servedUnix: number | null } | null;
  channelGuid: string | null;
  sourceUrl: string | null;
  sourceTitle: string | null;
  geo: GeoRow | null;
}
