import type { InstanceClient } from '../client/instance-client';
import { INSTANCE_POST_TYPES, PIN_COLOURS, type InstancePostType, type PinColour, type PostParams } from '../client/outgoing';
import type { RemotePost } from '../client/remote-post';
import type { PostType, Privacy } from '../store/rows';
import type { OutgoingPost, RemoteConnection } from './connection';
import type { PulledPost } from './pulled-post';

const GUID_IN_URL = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const PRIVACIES: readonly string[] = ['visibility.public', 'visibility.private', 'visibility.none'];
/** The instance interface's page limit (section 8). */
const PAGE = 250;

/** A remote that speaks the instance interface, through the typed client. */
export function instanceConnection(client: InstanceClient): RemoteConnection {
  const types = [...INSTANCE_POST_TYPES];
  return {
    account: async () => {
      const profile = await client.accountMe();
      const channels = await client.channels();
      return {
        ref: profile.guid,
        personas: profile.personas.map((p) => ({ guid: p.guid.toLowerCase(), handle: p.as, name: p.name, avatarUrl: p.avatar_url })),
        channels: channels?.map((c) => ({ guid: c.guid.toLowerCase(), name: c.name, writers: c.writers.map((w) => w.toLowerCase()) })) ?? null,
      };
    },
    timelines: [
      {
        name: 'global',
        paging: 'backward',
        pageSize: PAGE,
        // `changed_since` (this project's extension; others ignore it) brings edits of older posts too.
        read: async (q) =>
          pulled((await client.global({ ...q, types, before: q.before || undefined, ...(q.since !== undefined ? { changed_since: q.since } : {}) })).posts),
      },
      { name: 'mentions', paging: 'backward', pageSize: PAGE, read: async (q) => pulled((await client.mentions({ ...q, types, before: q.before || undefined })).posts) },
    ],
    publish: async (post) => pulledOne(await client.write({ ...paramsOf(post), content: post.text, post_type: instanceType(post.type) })),
    update: async ({ guid }, post) =>
      // A remote keeps a place that is not sent, so a place removed here is sent as an empty description:
      // with no coordinates beside it, that removes the place (as this service reads an update).
      pulledOne(await client.update(guid, { ...paramsOf(post), ...(post.geo ? {} : { geo_description: '' }), content: post.text })),
    read: async ({ guid }) => {
      const post = await client.post(guid);
      return post ? pulledOne(post) : null;
    },
    thread: async ({ guid }) => {
      const page = await client.thread(guid);
      return page ? pulled(page.posts) : null;
    },
    findPublished: async (post) => {
      // Sent with its publication time, so the remote's copy (if any) is in that one second.
      const page = await client.global({ since: post.publishUnix, until: post.publishUnix, types: [instanceType(post.type)], count: PAGE });
      const copy = page.posts.find((p) => p.persona.guid.toLowerCase() === post.personaGuid && p.text.trim() === post.text.trim());
      return copy ? pulledOne(copy) : null;
    },
    remove: async ({ guid }) => {
      await client.deletePost(guid);
    },
    star: async ({ guid }, personaGuid, on) => {
      await (on ? client.star(guid, personaGuid) : client.unstar(guid, personaGuid));
    },
    pin: async ({ guid }, personaGuid, colour) => {
      await (colour && isPinColour(colour) ? client.pin(guid, colour, personaGuid) : client.unpin(guid, personaGuid));
    },
  };
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
    // Always sent: a remote that resets the time on edit keeps it this way.
    publish_at: post.publishUnix,
    expires_at: post.expiresUnix,
    ...(post.sourceUrl ? { source_url: post.sourceUrl, source_title: post.sourceTitle ?? post.sourceUrl } : {}),
    ...(post.geo?.longitude != null ? { geo_longitude: post.geo.longitude } : {}),
    ...(post.geo?.latitude != null ? { geo_latitude: post.geo.latitude } : {}),
    ...(post.geo?.altitude != null ? { geo_altitude: post.geo.altitude } : {}),
    ...(post.geo?.description ? { geo_description: post.geo.description } : {}),
  };
}

function instanceType(type: PostType): InstancePostType {
  return (INSTANCE_POST_TYPES as readonly string[]).includes(type) ? (type as InstancePostType) : 'post.note';
}

const isPinColour = (value: string): value is PinColour => (PIN_COLOURS as readonly string[]).includes(value);

const pulled = (posts: readonly RemotePost[]): PulledPost[] => posts.map(pulledOne);

/** The client's shape in the engine's words: GUIDs in lower case, kinds and privacy the store knows. */
export function pulledOne(post: RemotePost): PulledPost {
  const parent = post.parent_guid ?? (post.reply_to ? (GUID_IN_URL.exec(post.reply_to)?.[0] ?? null) : null);
  return {
    guid: post.guid.toLowerCase(),
    remoteId: post.id,
    type: (INSTANCE_POST_TYPES as readonly string[]).includes(post.type) ? (post.type as PostType) : 'post.note',
    privacy: PRIVACIES.includes(post.privacy) ? (post.privacy as Privacy) : 'visibility.public',
    canonicalUrl: post.canonical_url,
    replyTo: post.reply_to,
    parentGuid: parent?.toLowerCase() ?? null,
    title: post.title,
    text: post.text,
    tags: post.tags,
    mentionGuids: post.mentions.flatMap((m) => (m.guid ? [m.guid.toLowerCase()] : [])),
    persona: { guid: post.persona.guid.toLowerCase(), handle: post.persona.as, name: post.persona.name, avatarUrl: post.persona.avatar },
    publishUnix: post.publish_unix,
    expiresUnix: post.expires_unix,
    updatedUnix: post.updated_unix,
    channelGuid: post.channel_guid?.toLowerCase() ?? null,
    sourceUrl: post.source?.url ?? null,
    sourceTitle: post.source?.title ?? null,
    geo: post.geo,
  };
}
