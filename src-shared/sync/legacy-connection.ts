import { RemoteError } from '../client/errors';
import type { LegacyClient } from '../client/legacy-client';
import type { LegacyWriteParams } from '../client/legacy-outgoing';
import { needsSource, PIN_HEX, readPin } from '../api/vocabulary';
import type { RemoteServer } from '../store/sync-rows';
import type { RemoteConnection, OutgoingPost, PostRef } from './connection';
import { pulledOne, webUrlOr } from './instance-connection';

/** Section 8: a legacy page holds at most 200 posts. */
const PAGE = 200;

/** What the legacy interface holds: it has no source fields for bookmarks and quotations. */
const LEGACY_SERVER: RemoteServer = {
  software: 'Publishing Service',
  kinds: ['post.note', 'post.article'],
  extensions: [],
};

/**
 * A remote that speaks only the legacy interface. It names posts by number, pages its Blurb collections
 * forward with `since_unix`, and toggles stars and pins, so setting one reads the post first. What it
 * cannot hold is refused for the person to see: bookmarks and quotations (no source fields).
 */
export function legacyConnection(client: LegacyClient): RemoteConnection {
  // A Blurb collection may be answered from a copy per second of each post's last change, as the
  // reference's is (its `global` is its instance timeline): the post read by itself says what it is.
  const forward = (collection: 'global' | 'mentions' | 'home') => async (since: number | null) => {
    const page = await client.blurbs(collection, { count: PAGE, ...(since !== null ? { since_unix: since } : {}) });
    return page.posts.map((post) => ({ ...pulledOne(post), cachedList: { servedUnix: page.servedUnix } }));
  };
  const idOf = (ref: PostRef, path: string): number => {
    if (ref.remoteId === null)
      throw new RemoteError({
        kind: 'rejected',
        message: 'The remote has no number for this post',
        method: 'POST',
        path,
      });
    return ref.remoteId;
  };
  return {
    account: async () => {
      const me = await client.me();
      const personas = me.accounts.filter((a) => a.guid !== '');
      if (personas.length === 0) {
        throw new RemoteError({
          kind: 'protocol',
          message: 'The remote lists no Persona with a GUID',
          method: 'GET',
          path: '/users/me',
        });
      }
      return {
        ref: me.guid || me.name,
        personas: personas.map((a) => ({
          guid: a.guid.toLowerCase(),
          handle: a.username,
          name: a.display_name,
          avatarUrl: webUrlOr(a.avatar_url, ''),
        })),
        channels: me.channels.some((c) => c.guid === '')
          ? null
          : me.channels.map((c) => ({
              guid: c.guid.toLowerCase(),
              name: c.name,
              writers: personas.map((a) => a.guid.toLowerCase()),
            })),
        server: LEGACY_SERVER,
      };
    },
    // Every collection this reads needs the token, and refuses a wrong one.
    checkToken: () => Promise.resolve(),
    timelines: [
      { name: 'global', paging: 'forward', readAfter: forward('global') },
      { name: 'mentions', paging: 'forward', readAfter: forward('mentions') },
      { name: 'home', paging: 'forward', readAfter: forward('home') },
    ],
    personaHistory: () => null,
    publish: async (post) => pulledOne(await client.write(writeParams(post))),
    update: async (ref, post) =>
      pulledOne(await client.write({ ...writeParams(post), post_id: idOf(ref, '/content') })),
    read: async (ref) => {
      const post = ref.remoteId === null ? null : await client.post(ref.remoteId);
      return post ? pulledOne(post) : null;
    },
    // The legacy interface shows no conversation by itself: the post alone.
    thread: async (ref) => {
      const post = ref.remoteId === null ? null : await client.post(ref.remoteId);
      return post ? [pulledOne(post)] : null;
    },
    findPublished: async (post) => {
      const page = await client.blurbs('home', { count: PAGE, since_unix: post.publishUnix - 1 });
      const copy = page.posts.find(
        (p) => p.persona.guid.toLowerCase() === post.personaGuid && p.text.trim() === post.text.trim(),
      );
      return copy ? pulledOne(copy) : null;
    },
    remove: async (ref) => {
      await client.deletePost(idOf(ref, '/content/{id}'));
    },
    star: async (ref, _persona, on) => {
      const id = idOf(ref, '/content/star/{id}');
      const current = await client.post(id);
      if (current && current.starred !== on) await client.star(id);
    },
    pin: async (ref, _persona, colour) => {
      const id = idOf(ref, '/content/pin');
      const current = readPin((await client.post(id))?.pin) ?? 'none';
      const wanted = readPin(colour) ?? 'none';
      if (current === wanted) return;
      // Sending the colour a post has removes its pin; a new colour replaces it.
      const sent = wanted === 'none' ? current : wanted;
      if (sent !== 'none') await client.pin(id, PIN_HEX[sent]);
    },
  };
}

function writeParams(post: OutgoingPost): LegacyWriteParams {
  if (needsSource(post.type)) {
    throw new RemoteError({
      kind: 'rejected',
      message: 'A remote that speaks only the legacy interface cannot hold bookmarks or quotations',
      method: 'POST',
      path: '/content',
    });
  }
  return {
    content: post.text,
    ...(post.title ? { title: post.title } : {}),
    ...(post.replyToId !== null ? { reply_to: post.replyToId } : {}),
    pubdts: post.publishUnix,
    ...(post.expiresUnix !== null ? { expydts: post.expiresUnix } : {}),
    privacy_type: post.privacy,
    persona_guid: post.personaGuid,
    tags: [...post.tags],
  };
}
