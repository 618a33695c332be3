import type { EmbeddedPostAnswer, PersonaSummaryAnswer, PostAnswer } from '../api/answers';
import { GUID_PATTERN } from '../api/inputs';
import type { PersonaRow, PinRow, PostRow } from '../store/rows';
import { isoOf } from '../util/time';
import type { Ctx } from './context';
import { postsByGuidsBeside } from '../store/posts-by-guid';
import { firstChars } from '../util/chars';
import { canRead } from '../store/visibility';
import { presentedPost } from './presented-posts';

/** Everything a page of posts needs besides the posts, read once per request. */
export interface Lookups {
  personas: ReadonlyMap<string, PersonaRow>;
  pins: ReadonlyMap<string, PinRow['colour']>;
  starred: ReadonlySet<string>;
  /** The acting Persona's repost of each post it reposted, by the original's GUID. */
  reposts: ReadonlyMap<string, string>;
  viewerPersonas: ReadonlySet<string>;
  /** Canonical paths of the local posts replied to by GUID, by GUID (see `replyToUrl`). */
  parentPaths: ReadonlyMap<string, string>;
  /** The originals of the reposts on the page that the viewer may read, by GUID. */
  originals: ReadonlyMap<string, PostRow>;
  /** Each Persona's summary as this answer shows it, made for its first post and shared by the others. */
  summaries: Map<string, PersonaSummaryAnswer>;
}

/**
 * Pins and stars come with the rows (store/relations.ts) and Personas with the request (ctx.account); only
 * the parents and originals that are not on the page are read here.
 */
export async function lookupsFor(ctx: Ctx, posts: readonly PostRow[]): Promise<Lookups> {
  const personas = ctx.account.personaByGuid;
  const viewerPersonas = new Set(ctx.viewer?.personaGuids ?? []);
  const { acting } = ctx;
  const pins = new Map<string, PinRow['colour']>();
  const starred = new Set<string>();
  const reposts = new Map<string, string>();
  /** The acting Persona's pin, star and repost of a post, from the marks on its row. */
  const noteMarks = (post: PostRow) => {
    const pin = post.pinnedBy?.find((mark) => mark.personaGuid === acting);
    if (pin) pins.set(post.guid, pin.colour);
    if (post.starredBy?.some((mark) => mark.personaGuid === acting)) starred.add(post.guid);
    const repost = post.repostedBy?.find((mark) => mark.personaGuid === acting);
    if (repost) reposts.set(post.guid, repost.postGuid);
  };
  posts.forEach(noteMarks);
  const parentGuids = new Set(posts.map(parentByGuid).filter((guid) => guid !== null));
  const originalGuids = new Set(posts.map((post) => post.repostOf ?? null).filter((guid) => guid !== null));
  // Parents and originals in one read, of those that are not on the page already.
  const wanted = [...new Set([...parentGuids, ...originalGuids])];
  const related = wanted.length > 0 ? await postsByGuidsBeside(ctx.db, wanted, posts) : [];
  const parentPaths = new Map(related.filter((p) => parentGuids.has(p.guid)).map((p) => [p.guid, p.canonicalPath]));
  const readable = related.filter((p) => originalGuids.has(p.guid) && canRead(p, ctx.viewer, ctx.now));
  const originals = new Map(readable.map((p) => [p.guid, p]));
  // An original's own marks are shown as on any post.
  readable.forEach(noteMarks);
  return { personas, pins, starred, reposts, viewerPersonas, parentPaths, originals, summaries: new Map() };
}

/** The local post that `post` replied to by its GUID, if it did. */
const parentByGuid = (post: PostRow): string | null =>
  post.replyTo !== null && GUID_PATTERN.test(post.replyTo) ? post.parentGuid : null;

/**
 * `reply_to` is the complete URL of what is replied to (section 2.3). A reply written with the GUID of a
 * local post shows that post's canonical URL, completed with the origin of this request like
 * `canonical_url` itself; any other `reply_to` is shown as the author wrote it.
 */
function replyToUrl(ctx: Ctx, post: PostRow, lookups: Lookups): string | false {
  if (post.replyTo === null) return false;
  const parent = parentByGuid(post);
  const parentPath = parent === null ? undefined : lookups.parentPaths.get(parent);
  return parentPath === undefined ? post.replyTo : ctx.origin + parentPath;
}

/**
 * What names a Persona in `/@…` addresses and `@…` searches: the handle for this instance's own, and
 * `handle@host` for one synced from a remote, as its key was made (sync/store-pulled.ts, sync/link.ts), so
 * that a remote's author is never taken for a local Persona of the same handle.
 */
export const personaAddress = (persona: PersonaRow): string =>
  persona.handleKey.includes('@') ? persona.handle + persona.handleKey.slice(persona.handle.length) : persona.handle;

/** The Persona's page on this instance (`GET /api/personas/{handle}` answers for the page). */
export const profileUrl = (ctx: Ctx, persona: PersonaRow): string =>
  `${ctx.origin}/@${encodeURIComponent(personaAddress(persona))}`;

/** Section 2.5, plus nothing: the summary of a Persona inside a post, made once per answer. */
export function personaSummary(ctx: Ctx, persona: PersonaRow | undefined, lookups: Lookups): PersonaSummaryAnswer {
  if (!persona) {
    return { guid: '', as: '', name: '', avatar: '', youfollow: false, is_you: false, profileurl: '' };
  }
  const known = lookups.summaries.get(persona.guid);
  if (known) return known;
  const summary = {
    guid: persona.guid,
    as: persona.handle,
    name: persona.name,
    avatar: avatarUrl(persona),
    youfollow: false,
    is_you: lookups.viewerPersonas.has(persona.guid),
    profileurl: profileUrl(ctx, persona),
  };
  lookups.summaries.set(persona.guid, summary);
  return summary;
}

/**
 * Section 2.3, then this instance's additions (docs/api.md, "Extensions and choices"): `channel_guid`,
 * `parent_guid` (the local post replied to), `attributes` (the acting Persona's pin, star and repost) and,
 * for a repost, `repost_of` and its `original`.
 */
export function presentPost(ctx: Ctx, post: PostRow, lookups: Lookups): PostAnswer {
  const original = post.repostOf ? lookups.originals.get(post.repostOf) : undefined;
  return {
    ...presentEmbeddedPost(ctx, post, lookups),
    repost_of: post.repostOf ?? false,
    original: original ? presentEmbeddedPost(ctx, original, lookups) : false,
  };
}

function presentEmbeddedPost(ctx: Ctx, post: PostRow, lookups: Lookups): EmbeddedPostAnswer {
  const mentions = post.mentions
    .map((guid) => lookups.personas.get(guid))
    .filter((p): p is PersonaRow => p !== undefined)
    .map((p) => personaSummary(ctx, p, lookups));
  return {
    guid: post.guid,
    type: post.type,
    privacy: post.privacy,
    canonical_url: ctx.origin + post.canonicalPath,
    reply_to: replyToUrl(ctx, post, lookups),
    title: post.title ?? false,
    content: post.html,
    text: post.text,
    meta: postMeta(post),
    tags: post.tags.length > 0 ? post.tags : false,
    mentions: mentions.length > 0 ? mentions : false,
    persona: personaSummary(ctx, lookups.personas.get(post.personaGuid), lookups),
    publish_at: isoOf(post.publishUnix),
    publish_unix: post.publishUnix,
    expires_at: post.expiresUnix === null ? false : isoOf(post.expiresUnix),
    expires_unix: post.expiresUnix ?? false,
    updated_at: isoOf(post.updatedUnix),
    updated_unix: post.updatedUnix,
    created_unix: post.createdUnix,
    channel_guid: post.channelGuid,
    parent_guid: post.parentGuid ?? false,
    remote_url: post.remoteUrl ?? false,
    attributes: {
      pin: `pin.${lookups.pins.get(post.guid) ?? 'none'}`,
      starred: lookups.starred.has(post.guid),
      reposted: lookups.reposts.get(post.guid) ?? false,
    },
  };
}

export async function presentPosts(ctx: Ctx, posts: readonly PostRow[]): Promise<PostAnswer[]> {
  const lookups = await lookupsFor(ctx, posts);
  return posts.map((post) => presentedPost(ctx, 'instance', post, () => presentPost(ctx, post, lookups)));
}

/** `meta` (its structure is "not shown"): the source of a bookmark or quotation and the place, if any. */
function postMeta(post: PostRow): PostAnswer['meta'] {
  if (!post.sourceUrl && !post.geo) return false;
  return {
    source: post.sourceUrl ? { url: post.sourceUrl, title: post.sourceTitle ?? '' } : false,
    geo: post.geo
      ? {
          longitude: post.geo.longitude ?? false,
          latitude: post.geo.latitude ?? false,
          altitude: post.geo.altitude ?? false,
          description: post.geo.description ?? false,
        }
      : false,
  };
}

const AVATAR_COLOURS = ['#4c6ef5', '#12b886', '#f76707', '#ae3ec9', '#1c7ed6', '#e03131', '#2b8a3e', '#5f3dc4'];

/** The avatars drawn for frozen Persona rows: those of the account snapshot, kept until their Persona changes. */
const drawnAvatars = new WeakMap<PersonaRow, string>();

/**
 * A Persona without an avatar gets its initial on a colour drawn from its GUID, as a data URL: it needs no
 * route, no file and no network, so it shows offline and on every host. Drawn once for a row that cannot
 * change (store/account-snapshot.ts), which is the row of nearly every post's author.
 */
export function avatarUrl(persona: PersonaRow): string {
  if (persona.avatarUrl) return persona.avatarUrl;
  const drawn = drawnAvatars.get(persona);
  if (drawn !== undefined) return drawn;
  const url = drawAvatar(persona);
  if (Object.isFrozen(persona)) drawnAvatars.set(persona, url);
  return url;
}

function drawAvatar(persona: PersonaRow): string {
  const colour = AVATAR_COLOURS[parseInt(persona.guid.slice(0, 2), 16) % AVATAR_COLOURS.length];
  const initial = (firstChars(persona.name || persona.handle, 1) || '?').toUpperCase().replace(/[<>&"']/g, '?');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${colour}"/>` +
    `<text x="32" y="42" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
