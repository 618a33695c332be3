import { LEGACY_PIN_HEX } from '../../api/legacy-inputs';
import type { ChannelRow, PersonaRow, PinRow, PostRow, StarRow } from '../../store/rows';
import { isoOf } from '../../util/time';
import type { Ctx } from '../context';
import { actingPersona, avatarUrl } from '../present';
import { legacyAccount, legacyChannel } from './account-object';

/** The legacy name of a stored type: a Blurb is `post.micro` here and `post.note` in the instance view. */
export const legacyType = (post: PostRow): string => (post.type === 'post.note' ? 'post.micro' : post.type);

/** Section 2.4 wants `YYYY-MM-DD HH:MM:SS` (UTC) for a star. */
const starTime = (unix: number): string => isoOf(unix).replace('T', ' ').replace('Z', '');

const HEX_OF = Object.fromEntries(Object.entries(LEGACY_PIN_HEX).map(([hex, colour]) => [colour, hex])) as Record<
  PinRow['colour'],
  string
>;

interface LegacyLookups {
  personas: ReadonlyMap<string, PersonaRow>;
  channels: ReadonlyMap<string, ChannelRow>;
  stars: ReadonlyMap<string, readonly StarRow[]>;
  pins: ReadonlyMap<string, PinRow['colour']>;
  /** Numeric ids of local parents, by GUID. */
  parentIds: ReadonlyMap<string, number>;
  acting: string | null;
}

async function lookupsFor(ctx: Ctx, posts: readonly PostRow[]): Promise<LegacyLookups> {
  const acting = actingPersona(ctx);
  const parentGuids = [...new Set(posts.map((p) => p.parentGuid).filter((g) => g !== null))];
  const [personaRows, channelRows, starLists, pinRows, parents] = await Promise.all([
    ctx.db.personas.toArray(),
    ctx.db.channels.toArray(),
    Promise.all(posts.map((p) => ctx.db.stars.where('[postGuid+personaGuid]').between([p.guid, ''], [p.guid, '\uffff']).toArray())),
    acting && posts.length > 0
      ? ctx.db.pins.where('[postGuid+personaGuid]').anyOf(posts.map((p): [string, string] => [p.guid, acting])).toArray()
      : Promise.resolve([]),
    parentGuids.length > 0 ? ctx.db.posts.where('guid').anyOf(parentGuids).toArray() : Promise.resolve([]),
  ]);
  return {
    personas: new Map(personaRows.map((p) => [p.guid, p])),
    channels: new Map(channelRows.map((c) => [c.guid, c])),
    stars: new Map(posts.map((p, i) => [p.guid, starLists[i] ?? []])),
    pins: new Map(pinRows.map((pin) => [pin.postGuid, pin.colour])),
    parentIds: new Map(parents.flatMap((p) => (p.id === undefined ? [] : [[p.guid, p.id] as const]))),
    acting,
  };
}

/**
 * Section 2.2: every field, `false` where there is no value. `simple_posts` leaves out the trailing
 * relational fields (README lists which). `pin_colour` is this instance's addition: the acting Persona's
 * pin as a legacy hex colour, or false.
 */
function presentOne(ctx: Ctx, post: PostRow, lookups: LegacyLookups, simple: boolean) {
  const persona = lookups.personas.get(post.personaGuid);
  const starRows = lookups.stars.get(post.guid) ?? [];
  const stars = starRows.flatMap((star) => {
    const by = lookups.personas.get(star.personaGuid);
    return by ? [{ id: by.id, name: by.handle, avatar_url: avatarUrl(by), starred_at: starTime(star.starredUnix), starred_unix: star.starredUnix }] : [];
  });
  const viewerPersonas = new Set(ctx.viewer?.personaGuids ?? []);
  const mentions = post.mentions.flatMap((guid) => {
    const p = lookups.personas.get(guid);
    return p ? [{ id: p.id, guid: p.guid, name: p.handle, display_name: p.name, is_you: viewerPersonas.has(p.guid) }] : [];
  });
  const pin = lookups.pins.get(post.guid);
  const id = post.id ?? 0;
  const base = {
    id,
    parent_id: (post.parentGuid && lookups.parentIds.get(post.parentGuid)) || false,
    title: post.title ?? '',
    slug: post.slug ?? String(id),
    type: legacyType(post),
    privacy: post.privacy,
    guid: post.guid,
    content: { text: post.text, html: post.html, summary: false, banner: false },
    audio: false,
    tags: post.tags.length > 0 ? post.tags.map((name) => ({ name })) : false,
    urls: {
      canonical_url: post.canonicalPath,
      full_url: ctx.origin + post.canonicalPath,
      alt_url: `${ctx.origin}/content/${id}`,
      is_https: ctx.origin.startsWith('https:'),
    },
    thread: post.parentGuid || post.threadKey !== post.guid ? { thread_key: post.threadKey, reply_to: post.replyTo ?? false } : false,
    mentions: mentions.length > 0 ? mentions : false,
    account: persona ? [legacyAccount(ctx, persona)] : [],
    channel: legacyChannel(ctx, lookups.channels.get(post.channelGuid)),
    client: { name: 'Publishing Desk', url: ctx.origin },
    created_at: isoOf(post.createdUnix),
    created_unix: post.createdUnix,
    publish_at: isoOf(post.publishUnix),
    publish_unix: post.publishUnix,
    updated_at: isoOf(post.updatedUnix),
    updated_unix: post.updatedUnix,
    expires_at: post.expiresUnix === null ? false : isoOf(post.expiresUnix),
    expires_unix: post.expiresUnix ?? false,
    is_mention: post.mentions.some((g) => viewerPersonas.has(g)),
    you_starred: starRows.some((star) => star.personaGuid === lookups.acting),
    you_pinned: pin !== undefined,
    you_reblurbed: false,
    pin_colour: pin ? HEX_OF[pin] : false,
  };
  if (simple) return { ...base, is_visible: true, is_deleted: false };
  return {
    ...base,
    stars: stars.length > 0 ? stars : false,
    blurbs: false,
    parent_post: false,
    follows_you: false,
    you_follow: false,
    you_muted: false,
    you_blocked: false,
    is_visible: true,
    is_deleted: false,
  };
}

export async function presentLegacyPosts(ctx: Ctx, posts: readonly PostRow[], simple = false) {
  const lookups = await lookupsFor(ctx, posts);
  return posts.map((post) => presentOne(ctx, post, lookups, simple));
}
