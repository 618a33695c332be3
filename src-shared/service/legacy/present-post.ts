import { PIN_HEX } from '../../api/vocabulary';
import type { ChannelRow, PersonaRow, PostRow } from '../../store/rows';
import { isoOf } from '../../util/time';
import type { Ctx } from '../context';
import { avatarUrl } from '../present';
import { canRead } from '../../store/visibility';
import { legacyAccount, legacyChannel } from './account-object';
import { postsByGuidsBeside } from '../../store/posts-by-guid';
import { presentedPost } from '../presented-posts';
import type { LegacyAccountAnswer, LegacyPostAnswer, SimpleLegacyPostAnswer } from '../../api/legacy-answers';

/** The legacy name of a stored type: a Blurb is `post.micro` here and `post.note` in the instance view. */
export const legacyType = (post: PostRow): string => (post.type === 'post.note' ? 'post.micro' : post.type);

/** Section 2.4 wants `YYYY-MM-DD HH:MM:SS` (UTC) for a star. */
const starTime = (unix: number): string => isoOf(unix).replace('T', ' ').replace('Z', '');

interface LegacyLookups {
  personas: ReadonlyMap<string, PersonaRow>;
  channels: ReadonlyMap<string, ChannelRow>;
  /** Local posts replied to or reposted, by GUID: for `parent_id` and a repost's `parent_post`. */
  parents: ReadonlyMap<string, PostRow>;
  acting: string | null;
  /** Each Persona's account object as this answer shows it, made for its first post and shared by the others. */
  accounts: Map<string, LegacyAccountAnswer>;
}

/**
 * Stars, pins and reposts come with the rows (store/relations.ts): one read at most, whatever the page size,
 * and none for the parents and originals on the page.
 */
async function lookupsFor(ctx: Ctx, posts: readonly PostRow[]): Promise<LegacyLookups> {
  const parentGuids = [...new Set(posts.flatMap((p) => [p.parentGuid, p.repostOf ?? null]).filter((g) => g !== null))];
  const parents = parentGuids.length > 0 ? await postsByGuidsBeside(ctx.db, parentGuids, posts) : [];
  return {
    personas: ctx.account.personaByGuid,
    channels: ctx.account.channelByGuid,
    parents: new Map(parents.map((p) => [p.guid, p])),
    acting: ctx.acting,
    accounts: new Map(),
  };
}

function accountOf(ctx: Ctx, persona: PersonaRow, lookups: LegacyLookups): LegacyAccountAnswer {
  const known = lookups.accounts.get(persona.guid);
  if (known) return known;
  const account = legacyAccount(ctx, persona);
  lookups.accounts.set(persona.guid, account);
  return account;
}

/**
 * Section 2.2: every field, `false` where there is no value. `simple_posts` leaves out the trailing
 * relational fields (docs/legacy-interface.md lists which). `pin_colour` is this instance's addition: the acting Persona's
 * pin as a legacy hex colour, or false.
 */
function presentOne(ctx: Ctx, post: PostRow, lookups: LegacyLookups, simple: boolean): LegacyPostAnswer {
  if (simple) return simpleFields(ctx, post, lookups);
  const original = post.repostOf ? lookups.parents.get(post.repostOf) : undefined;
  // A repost embeds its original, which embeds nothing in turn.
  const parentPost =
    original && canRead(original, ctx.viewer, ctx.now)
      ? { ...fullFields(ctx, original, lookups), parent_post: false as const }
      : false;
  return { ...fullFields(ctx, post, lookups), parent_post: parentPost };
}

function simpleFields(ctx: Ctx, post: PostRow, lookups: LegacyLookups): SimpleLegacyPostAnswer {
  const persona = lookups.personas.get(post.personaGuid);
  const viewerPersonas = new Set(ctx.viewer?.personaGuids ?? []);
  const mentions = post.mentions.flatMap((guid) => {
    const p = lookups.personas.get(guid);
    return p
      ? [{ id: p.id, guid: p.guid, name: p.handle, display_name: p.name, is_you: viewerPersonas.has(p.guid) }]
      : [];
  });
  const pin = post.pinnedBy?.find((mark) => mark.personaGuid === lookups.acting)?.colour;
  const id = post.id ?? 0;
  const parent = lookups.parents.get(post.repostOf ?? post.parentGuid ?? '');
  return {
    id,
    parent_id: parent?.id ?? false,
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
    thread:
      post.parentGuid || post.threadKey !== post.guid
        ? { thread_key: post.threadKey, reply_to: post.replyTo ?? false }
        : false,
    mentions: mentions.length > 0 ? mentions : false,
    account: persona ? [accountOf(ctx, persona, lookups)] : [],
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
    you_starred: (post.starredBy ?? []).some((star) => star.personaGuid === lookups.acting),
    you_pinned: pin !== undefined,
    you_reblurbed: post.repostedBy?.some((mark) => mark.personaGuid === lookups.acting) ?? false,
    pin_colour: pin ? PIN_HEX[pin] : false,
    is_visible: true,
    is_deleted: false,
  };
}

/** Every field but `parent_post`: the simple ones and the relational ones `simple_posts` leaves out. */
function fullFields(ctx: Ctx, post: PostRow, lookups: LegacyLookups) {
  const stars = (post.starredBy ?? []).flatMap((star) => {
    const by = lookups.personas.get(star.personaGuid);
    return by
      ? [
          {
            id: by.id,
            name: by.handle,
            avatar_url: avatarUrl(by),
            starred_at: starTime(star.starredUnix),
            starred_unix: star.starredUnix,
          },
        ]
      : [];
  });
  return {
    ...simpleFields(ctx, post, lookups),
    stars: stars.length > 0 ? stars : false,
    blurbs: false,
    follows_you: false,
    you_follow: false,
    you_muted: false,
    you_blocked: false,
  } as const;
}

export async function presentLegacyPosts(
  ctx: Ctx,
  posts: readonly PostRow[],
  simple = false,
): Promise<LegacyPostAnswer[]> {
  const lookups = await lookupsFor(ctx, posts);
  const kind = simple ? 'legacy simple' : 'legacy';
  return posts.map((post) => presentedPost(ctx, kind, post, () => presentOne(ctx, post, lookups, simple)));
}
