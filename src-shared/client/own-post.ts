import type { EmbeddedPostAnswer, PostAnswer } from '../api/answers';
import { handleOf } from './lenient';
import type { RemoteMention, RemotePost } from './remote-post';

/**
 * A post of this project's own answer, already read with its strict schema (api/answers.ts `postAnswer`), as
 * the client's one shape of a post. The desk client reads a page of its instance's posts so, once: reading
 * it again with the lenient reader of other servers' posts (lenient-answers.ts `instancePost`) cost as much
 * as the strict read, for the same result. That reader's rules for what a strict answer can hold are kept
 * here (`false` and '' are null, handles lose a leading `@`, blank tags and mentions are left out), and a
 * test holds the two to the same result on every kind of post.
 */
export function ownPost(p: PostAnswer): RemotePost {
  const repostOf = textOrNull(p.repost_of);
  const original = p.original === false ? null : ownEmbeddedPost(p.original);
  return {
    ...ownEmbeddedPost(p),
    repost_of: repostOf,
    original: repostOf !== null && original?.guid === repostOf ? original : null,
  };
}

function ownEmbeddedPost(p: EmbeddedPostAnswer): RemotePost {
  const source = p.meta === false || p.meta.source === false ? null : p.meta.source;
  const geo = p.meta === false || p.meta.geo === false ? null : p.meta.geo;
  const author = textOrNull(p.persona.as);
  return {
    guid: p.guid.trim(),
    id: null,
    type: p.type,
    privacy: p.privacy,
    canonical_url: p.canonical_url,
    reply_to: textOrNull(p.reply_to),
    title: textOrNull(p.title),
    text: p.text,
    content: p.content,
    tags: (p.tags || []).map((tag) => tag.trim()).filter((tag) => tag !== ''),
    mentions: (p.mentions || []).flatMap((m): RemoteMention[] => {
      const mention = { guid: m.guid, as: handleOf(textOrNull(m.as) ?? textOrNull(m.name)) };
      return mention.guid !== '' || mention.as !== '' ? [mention] : [];
    }),
    persona: {
      guid: p.persona.guid.trim(),
      as: handleOf(author),
      name: textOrNull(p.persona.name) ?? handleOf(author),
      avatar: p.persona.avatar,
      profile_url: p.persona.profileurl,
      id: null,
    },
    publish_unix: p.publish_unix,
    updated_unix: p.updated_unix,
    expires_unix: p.expires_unix === false || p.expires_unix === 0 ? null : p.expires_unix,
    created_unix: p.created_unix,
    channel_guid: textOrNull(p.channel_guid),
    parent_guid: textOrNull(p.parent_guid),
    parent_id: null,
    remote_url: textOrNull(p.remote_url),
    pin: p.attributes.pin,
    starred: p.attributes.starred,
    reposted: textOrNull(p.attributes.reposted),
    repost_of: null,
    original: null,
    source: source === null || source.url.trim() === '' ? null : { url: source.url.trim(), title: source.title },
    geo: geo && {
      longitude: numberOrNull(geo.longitude),
      latitude: numberOrNull(geo.latitude),
      altitude: numberOrNull(geo.altitude),
      description: textOrNull(geo.description),
    },
  };
}

/** A strict answer's "no value": `false`, and an empty text as the lenient reader takes it. */
const textOrNull = (value: string | false): string | null => (value === false || value === '' ? null : value);

const numberOrNull = (value: number | false): number | null => (value === false ? null : value);
