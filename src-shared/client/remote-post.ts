import type { z } from 'zod';
import { isBlank, issueLines } from './lenient';
import type { PinValue } from '../api/vocabulary';

/** The author of a post (section 2.5), the same from either interface. */
export interface RemotePersona {
  guid: string;
  /** Handle. */
  as: string;
  name: string;
  /** Avatar URL ('' when the remote shows none). */
  avatar: string;
  profile_url: string;
  /** Legacy account id, when the legacy interface showed one. */
  id: number | null;
}

export interface RemoteMention {
  /** '' when the remote named the Persona by handle only. */
  guid: string;
  as: string;
}

/**
 * A post as a remote showed it, in one shape whichever interface and whichever quirks it came with.
 * Values a remote did not give are null (or '' / [] / false where the field says so).
 */
export interface RemotePost {
  guid: string;
  /** Legacy numeric id, when the legacy interface showed one. */
  id: number | null;
  /** Instance kind: a legacy `post.micro` is `post.note`; other legacy kinds (`post.page`...) as given. */
  type: string;
  privacy: string;
  canonical_url: string;
  reply_to: string | null;
  title: string | null;
  /** Source text (Markdown). */
  text: string;
  /** HTML rendering, as the remote made it: sanitise before showing it. */
  content: string;
  tags: string[];
  mentions: RemoteMention[];
  persona: RemotePersona;
  publish_unix: number;
  expires_unix: number | null;
  updated_unix: number;
  channel_guid: string | null;
  /** The post replied to, when the remote names it by GUID (this project's extension). */
  parent_guid: string | null;
  /** Legacy: id of the post replied to or reposted. */
  parent_id: number | null;
  /** The acting Persona's pin; null when the remote does not say. */
  pin: PinValue | null;
  /** The acting Persona's star; false when the remote does not say. */
  starred: boolean;
  /** When it was written where it was read (this project's extension): null when the remote does not say. */
  created_unix: number | null;
  /** The post's web address on the remote it was synced with (this project's extension). */
  remote_url: string | null;
  /** GUID of the acting Persona's repost of this post; null when it has none or the remote does not say. */
  reposted: string | null;
  /** GUID of the post this one reposts (this project's extension), null for any other post. */
  repost_of: string | null;
  /** What it reposts, when the remote showed it: null where it is gone or not for this reader. */
  original: RemotePost | null;
  /** Bookmark and quotation source (`meta.source`). */
  source: { url: string; title: string } | null;
  geo: {
    longitude: number | null;
    latitude: number | null;
    altitude: number | null;
    description: string | null;
  } | null;
}

/** A post of a page that could not be read, and why. */
export interface SkippedPost {
  /** Position in the remote's answer. */
  index: number;
  /** Its GUID, when it had a readable one. */
  guid: string | null;
  problems: string[];
}

/**
 * A page of posts. A malformed post does not sink its page: it is left out of `posts` and reported in
 * `skipped`, so a caller can move its cursor on, and show or log what it missed.
 */
export interface PostPage {
  posts: RemotePost[];
  skipped: SkippedPost[];
  /** The remote's clock when it answered (transport.ts `Answer`). */
  servedUnix: number | null;
}

/** A reader of one post of either interface (lenient-answers.ts and lenient-legacy-answers.ts have them). */
export type PostSchema = z.ZodType<RemotePost>;

const guidOf = (entry: unknown): string | null =>
  typeof entry === 'object' && entry !== null && 'guid' in entry && typeof entry.guid === 'string' && entry.guid !== ''
    ? entry.guid
    : null;

/** Reads a page; null when `data` is not a list of posts at all (then the whole answer is wrong). */
export function readPage(schema: PostSchema, data: unknown): Omit<PostPage, 'servedUnix'> | null {
  if (isBlank(data)) return { posts: [], skipped: [] };
  if (!Array.isArray(data)) return null;
  const page: Omit<PostPage, 'servedUnix'> = { posts: [], skipped: [] };
  data.forEach((entry: unknown, index) => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) page.posts.push(parsed.data);
    else page.skipped.push({ index, guid: guidOf(entry), problems: issueLines(parsed.error) });
  });
  return page;
}

/**
 * Reads the one post of a single-post answer (`data: [post]`, or tolerated, the post itself).
 * Returns the problems when it cannot; `empty` when the answer holds no post.
 */
export function readOne(schema: PostSchema, data: unknown): { post: RemotePost } | { problems: string[] } | 'empty' {
  const entry: unknown = Array.isArray(data) ? data[0] : data;
  if (isBlank(entry)) return 'empty';
  const parsed = schema.safeParse(entry);
  return parsed.success ? { post: parsed.data } : { problems: issueLines(parsed.error) };
}
