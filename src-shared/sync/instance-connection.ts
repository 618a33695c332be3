import { EXTENSIONS, type Extension } from '../api/about';
import { GUID_PATTERN } from '../api/inputs';
import { isWebUrl } from '../text/sanitize';
import { RemoteError } from '../client/errors';
import type { InstanceClient } from '../client/instance-client';
import {
  DEFAULT_PRIVACY,
  isInstancePostType,
  isPrivacy,
  POST_TYPES,
  readPin,
  type InstancePostType,
} from '../api/vocabulary';
import type { PostParams } from '../client/outgoing';
import type { PostPage, RemotePost } from '../client/remote-post';
import type { RemoteServer } from '../store/sync-rows';
import type { OutgoingPost, RemoteConnection, RemoteTimeline } from './connection';
import { failureOf } from './failure';
import { guidInUrl } from '../store/remote-urls';
import type { PulledPost } from './pulled-post';
import { sameText } from './same-text';

/**
 * Posts asked for per page. The spec allows 250, but the reference turns 250 into 75 (it adds one to the
 * count and then resets any count above 250), so 249 is the most that every remote answers whole.
 */
export const PAGE = 249;

/**
 * The reference files a post edited within two hours of its publication under the time of that edit, and
 * pages `since`/`until` by it (its timeline procedures' `posted_at`); `publish_unix` is what the post shows.
 */
const EDIT_MOVES_POST_SECONDS = 2 * 3600;
const referenceListedUnix = (post: RemotePost): number =>
  post.updated_unix <= post.publish_unix + EDIT_MOVES_POST_SECONDS
    ? Math.max(post.publish_unix, post.updated_unix)
    : post.publish_unix;

/** Pages read back from the newest post when looking for the copy of an unanswered publish. */
const LOOK_BACK_PAGES = 4;

const REFERENCE_NAME = '10Centuries (matigo/streams)';
const SPEC_NAME = 'Publishing Service (instance interface)';

/**
 * What the remote is: a server that answers `GET /api/about` names itself and its extensions; one that does
 * not is read with the spec alone and the reference's known ways. The reference is told by its profile,
 * which lists the account's Channels (the spec's does not).
 */
function serverOf(
  about: Awaited<ReturnType<InstanceClient['about']>>,
  profileListsChannels: boolean,
  personaHistory: boolean,
): RemoteServer {
  const known: readonly string[] = EXTENSIONS;
  return {
    software: about ? `${about.name} ${about.version}`.trim() : profileListsChannels ? REFERENCE_NAME : SPEC_NAME,
    kinds: [...POST_TYPES],
    extensions: (about?.extensions ?? []).filter((e): e is Extension => known.includes(e)),
    personaHistory,
  };
}

/**
 * The reference reads a Persona's posts only six months back unless `since` is set; any `since` past 1000
 * makes it read all of them. It pages them newest first with `until`, by the same time as its timelines.
 */
const ALL_TIME = 1001;

/**
 * A remote that speaks the instance interface, through the typed client. `server` says which of this
 * project's extensions it has (api/about.ts): with `before`, timelines are read from a cursor exactly
 * (pull.ts); without, they are walked from the newest post (pull-walk.ts), as the reference needs.
 */
export function instanceConnection(client: InstanceClient, server: RemoteServer | undefined): RemoteConnection {
  const types = [...POST_TYPES];
  const exact = server?.extensions.includes('before') ?? false;
  // This project's timelines leave scheduled posts out unless asked: a desk syncing with one keeps them too,
  // and finds the copy of a scheduled post it sent. The reference lists them only once their time has come.
  const scheduled = server?.extensions.includes('scheduled') ? { scheduled: 'include' as const } : {};
  const one = (post: RemotePost): PulledPost => pulledOne(post, exact ? post.publish_unix : referenceListedUnix(post));
  // This project's lists say what each post is now; the reference answers them from a copy per second of
  // each post's last change (its `_processTimeline`), and another server may do the same.
  const pulled = (page: PostPage): PulledPost[] =>
    page.posts.map((post) => ({ ...one(post), cachedList: exact ? null : { servedUnix: page.servedUnix } }));

  const timelines: RemoteTimeline[] = exact
    ? [
        {
          name: 'global',
          paging: 'backward',
          pageSize: PAGE,
          // `changed_since` brings edits of older posts too.
          read: async (q) =>
            pulled(
              await client.global({ ...q, ...scheduled, types, before: q.before || undefined, changed_since: q.since }),
            ),
        },
        {
          name: 'mentions',
          paging: 'backward',
          pageSize: PAGE,
          read: async (q) =>
            pulled(await client.mentions({ ...q, ...scheduled, types, before: q.before || undefined })),
        },
      ]
    : [
        {
          name: 'global',
          paging: 'walk',
          pageSize: PAGE,
          read: async (q) => pulled(await client.global({ ...q, types })),
        },
        {
          name: 'mentions',
          paging: 'walk',
          pageSize: PAGE,
          read: async (q) => pulled(await client.mentions({ ...q, types })),
        },
      ];

  const read = async (guid: string): Promise<PulledPost | null> => {
    const post = await client.post(guid);
    return post ? one(post) : null;
  };

  return {
    account: async () => {
      const [about, profile] = await Promise.all([offered(client.about()), client.accountMe()]);
      const listed = await offered(client.channels());
      const personaGuids = profile.personas.map((p) => p.guid.toLowerCase());
      const channels =
        listed?.map((c) => ({
          guid: c.guid.toLowerCase(),
          name: c.name,
          writers: c.writers.map((w) => w.toLowerCase()),
        })) ??
        // The reference's profile lists the Channels the account writes to, without saying which Persona may.
        profile.channels?.map((c) => ({ guid: c.guid.toLowerCase(), name: c.name, writers: personaGuids })) ??
        null;
      const first = profile.personas[0];
      // Asked only of servers without this project's extensions: this project's timelines reach everything.
      const personaHistory =
        !about && first !== undefined && (await offered(client.personaPosts(first.guid, { count: 1 }))) !== null;
      return {
        ref: profile.guid,
        personas: profile.personas.map((p) => ({
          guid: p.guid.toLowerCase(),
          handle: p.as,
          name: p.name,
          avatarUrl: webUrlOr(p.avatar_url, ''),
        })),
        channels,
        server: serverOf(about, profile.channels !== null, personaHistory),
      };
    },
    checkToken: async () => {
      if (exact) return;
      await client.accountMe();
    },
    timelines,
    ...(server?.extensions.includes('markers')
      ? { markers: { read: (names) => client.markers(names), move: (...move) => client.moveMarker(...move) } }
      : {}),
    ...(server?.extensions.includes('drafts')
      ? {
          drafts: {
            list: (since) => client.drafts(since),
            save: (...save) => client.saveDraft(...save),
            remove: (...remove) => client.removeDraft(...remove),
          },
        }
      : {}),
    personaHistory: (personaGuid) =>
      server?.personaHistory
        ? {
            name: `persona:${personaGuid}`,
            paging: 'walk',
            pageSize: PAGE,
            read: async (q) => {
              const page = await client.personaPosts(personaGuid, { ...q, since: ALL_TIME, types });
              return page ? pulled(page) : [];
            },
          }
        : null,
    publish: async (post) =>
      one(await client.write({ ...paramsOf(post), content: post.text, post_type: instanceType(post.type) })),
    update: async ({ guid }, post) =>
      // A remote keeps a place that is not sent, so a place removed here is sent as an empty description:
      // with no coordinates beside it, that removes the place (as this service reads an update). The kind is
      // always sent: the reference makes a post without one a draft.
      one(
        await client.update(guid, {
          ...paramsOf(post),
          ...(post.geo ? {} : { geo_description: '' }),
          content: post.text,
          post_type: instanceType(post.type),
        }),
      ),
    read: async ({ guid }) => read(guid),
    thread: async ({ guid }) => {
      const page = await client.thread(guid);
      return page ? pulled(page) : null;
    },
    findPublished: async (post) => {
      const isCopy = (p: PulledPost) =>
        p.persona.guid === post.personaGuid && p.publishUnix === post.publishUnix && sameText(p.text, post.text);
      const kinds = [instanceType(post.type)];
      // Sent with its publication time, so the remote lists its copy (if any) in that one second…
      const atTime = await client.global({
        since: post.publishUnix,
        until: post.publishUnix,
        types: kinds,
        count: PAGE,
        ...scheduled,
      });
      const copy = pulled(atTime).find(isCopy);
      if (copy || exact) return copy ?? null;
      // …except the reference, which lists a post published within the last two hours at the time it was
      // written: read back from the newest post to that time.
      let until: number | undefined;
      for (let page = 0; page < LOOK_BACK_PAGES; page++) {
        const posts = pulled(await client.global({ types: kinds, count: PAGE, until }));
        const found = posts.find(isCopy);
        if (found) return found;
        const oldest = Math.min(...posts.map((p) => p.listedUnix));
        if (posts.length === 0 || oldest < post.publishUnix) return null;
        until = oldest;
      }
      // Too many posts since to look through: do not publish again on a guess; the next try looks again.
      throw new RemoteError({
        kind: 'uncertain',
        message: 'Could not yet tell whether the remote took this post',
        method: 'GET',
        path: '/api/posts/global',
      });
    },
    remove: async ({ guid }) => {
      try {
        await client.deletePost(guid);
      } catch (error) {
        // The reference answers a second delete of the same post with an empty 500: when the post is no
        // longer there, the delete is done, whatever the answer said.
        const { kind } = failureOf(error);
        if ((kind === 'server' || kind === 'protocol') && (await read(guid)) === null) return;
        throw error;
      }
    },
    star: async ({ guid }, personaGuid, on) => {
      await (on ? client.star(guid, personaGuid) : client.unstar(guid, personaGuid));
    },
    pin: async ({ guid }, personaGuid, colour) => {
      const pin = readPin(colour);
      await (pin !== null && pin !== 'none' ? client.pin(guid, pin, personaGuid) : client.unpin(guid, personaGuid));
    },
  };
}

/**
 * An extension endpoint asked right beside the account's profile, whose read proves the token good: a
 * refusal of the token there is a server that keeps unknown routes behind sign-in, so the endpoint is not
 * offered. A refused token is told by the profile's read alone.
 */
async function offered<T>(probe: Promise<T | null>): Promise<T | null> {
  try {
    return await probe;
  } catch (error) {
    if (failureOf(error).kind === 'auth') return null;
    throw error;
  }
}

function paramsOf(post: OutgoingPost): PostParams {
  return {
    persona_guid: post.personaGuid,
    ...(post.channelGuid ? { channel_guid: post.channelGuid } : {}),
    // An empty title on update removes it; on create it is simply absent.
    title: post.title ?? '',
    tags: [...post.tags],
    ...(post.replyTo ? { reply_to: post.replyTo } : {}),
    post_privacy: post.privacy,
    // Always sent: the reference moves an edited post to "now" unless its time is sent again.
    publish_at: post.publishUnix,
    expires_at: post.expiresUnix,
    ...(post.sourceUrl ? { source_url: post.sourceUrl, source_title: post.sourceTitle ?? post.sourceUrl } : {}),
    ...(post.geo?.longitude != null ? { geo_longitude: post.geo.longitude } : {}),
    ...(post.geo?.latitude != null ? { geo_latitude: post.geo.latitude } : {}),
    ...(post.geo?.altitude != null ? { geo_altitude: post.geo.altitude } : {}),
    ...(post.geo?.description ? { geo_description: post.geo.description } : {}),
  };
}

/** A link from a remote as it came when it is a plain web link, else `fallback`. */
export const webUrlOr = <T extends string | null>(url: string | null, fallback: T): string | T =>
  url !== null && isWebUrl(url) ? url : fallback;

function instanceType(type: string): InstancePostType {
  return isInstancePostType(type) ? type : 'post.note';
}

/**
 * The client's shape in the engine's words: GUIDs in lower case, kinds and privacy the store knows. Filed
 * in timelines under `listedUnix`, by default its publication time; read by itself unless the caller says
 * it came from a list (`cachedList`).
 */
export function pulledOne(post: RemotePost, listedUnix: number = post.publish_unix): PulledPost {
  const replyTo =
    post.reply_to !== null && (isWebUrl(post.reply_to) || GUID_PATTERN.test(post.reply_to)) ? post.reply_to : null;
  const parent = post.parent_guid ?? (replyTo ? guidInUrl(replyTo) : null);
  return {
    guid: post.guid.toLowerCase(),
    remoteId: post.id,
    type: isInstancePostType(post.type) ? post.type : 'post.note',
    privacy: isPrivacy(post.privacy) ? post.privacy : DEFAULT_PRIVACY,
    // What a remote sends as a link is kept only when it is a plain web link (no `javascript:`, no markup).
    canonicalUrl: webUrlOr(post.canonical_url, ''),
    replyTo,
    parentGuid: parent?.toLowerCase() ?? null,
    title: post.title,
    text: post.text,
    tags: post.tags,
    mentionGuids: post.mentions.flatMap((m) => (m.guid ? [m.guid.toLowerCase()] : [])),
    persona: {
      guid: post.persona.guid.toLowerCase(),
      handle: post.persona.as,
      name: post.persona.name,
      avatarUrl: webUrlOr(post.persona.avatar, ''),
    },
    publishUnix: post.publish_unix,
    expiresUnix: post.expires_unix,
    updatedUnix: post.updated_unix,
    listedUnix,
    cachedList: null,
    channelGuid: post.channel_guid?.toLowerCase() ?? null,
    sourceUrl: webUrlOr(post.source?.url ?? null, null),
    sourceTitle: post.source?.title ?? null,
    geo: post.geo,
  };
}
