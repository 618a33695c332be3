import { z } from 'zod';
import { firstOf, flag, int, isBlank, issueLines, lenientListOf, optInt, optText, someText, tagList, text, times, timesOf } from './lenient';
import { mention } from './lenient-answers';
import { colourOfHex, DEFAULT_PRIVACY, type PinValue } from '../api/vocabulary';

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
  /** Bookmark and quotation source (`meta.source`). */
  source: { url: string; title: string } | null;
  geo: { longitude: number | null; latitude: number | null; altitude: number | null; description: string | null } | null;
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
}

/** The legacy account object (a Persona): `username` is the handle. */
const legacyAccount = z
  .object({
    id: optInt,
    guid: optText,
    username: optText,
    as: optText,
    display_name: optText,
    name: optText,
    avatar_url: optText,
    profile_url: optText,
  })
  .transform(
    (a): RemotePersona => ({
      guid: a.guid ?? '',
      as: a.username ?? a.as ?? '',
      name: a.display_name ?? a.name ?? a.username ?? '',
      avatar: a.avatar_url ?? '',
      profile_url: a.profile_url ?? '',
      id: a.id,
    }),
  )
  .refine((a) => a.guid !== '' || a.as !== '', 'an account needs a GUID or a username');

/** The legacy `content` object; a bare string is taken as the text. */
const legacyContent = z.union([
  z.object({ text: optText, html: optText }),
  text.transform((t) => ({ text: t, html: null })),
]);

/** Section 2.2, plus this project's `pin_colour`. */
export const legacyPost = z
  .object({
    id: int,
    guid: someText,
    type: someText,
    privacy: optText,
    title: optText,
    content: legacyContent,
    tags: tagList,
    urls: z.object({ canonical_url: optText, full_url: optText }).partial().catch({}),
    thread: z.preprocess((v) => (isBlank(v) ? null : v), z.object({ reply_to: optText }).nullable()).catch(null),
    mentions: lenientListOf(mention),
    account: firstOf(legacyAccount, 'a post needs its account'),
    channel: z.preprocess((v) => (isBlank(v) ? {} : v), z.object({ guid: optText })).catch({ guid: null }),
    parent_id: optInt.catch(null),
    ...times,
    you_starred: flag.catch(false),
    you_pinned: z.preprocess((v) => (v === undefined ? null : v), flag.nullable()).catch(null),
    pin_colour: optText.catch(null),
  })
  .transform((p, ctx): RemotePost => {
    const when = timesOf(p, ctx);
    if (when === null) return z.NEVER;
    const hexColour = p.pin_colour === null ? undefined : colourOfHex(p.pin_colour);
    const hexPin: PinValue | null = hexColour === undefined ? null : `pin.${hexColour}`;
    return {
      guid: p.guid,
      id: p.id,
      type: p.type === 'post.micro' ? 'post.note' : p.type,
      privacy: p.privacy ?? DEFAULT_PRIVACY,
      canonical_url: p.urls.full_url ?? p.urls.canonical_url ?? '',
      reply_to: p.thread?.reply_to ?? null,
      title: p.title,
      text: p.content.text ?? '',
      content: p.content.html ?? '',
      tags: p.tags,
      mentions: p.mentions,
      persona: p.account,
      ...when,
      channel_guid: p.channel.guid,
      parent_guid: null,
      parent_id: p.parent_id,
      pin: hexPin ?? (p.you_pinned === false ? 'pin.none' : null),
      starred: p.you_starred,
      source: null,
      geo: null,
    };
  });

/** A reader of one post of either interface (lenient-answers.ts has the instance one). */
export type PostSchema = z.ZodType<RemotePost>;

const guidOf = (entry: unknown): string | null =>
  typeof entry === 'object' && entry !== null && 'guid' in entry && typeof entry.guid === 'string' && entry.guid !== '' ? entry.guid : null;

/** Reads a page; null when `data` is not a list of posts at all (then the whole answer is wrong). */
export function readPage(schema: PostSchema, data: unknown): PostPage | null {
  if (isBlank(data)) return { posts: [], skipped: [] };
  if (!Array.isArray(data)) return null;
  const page: PostPage = { posts: [], skipped: [] };
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
