import { z } from 'zod';
import { flag, int, lenientListOf, listOf, optInt, optText, someText } from './lenient';
import { remoteChannels } from './lenient-answers';

/**
 * Answers of this project's own extension endpoints (docs/api.md and docs/sync.md), read
 * with the same tolerance as every other answer: the renderer is a client like any other.
 */

/** A Persona of `GET /api/account/personas`. */
export const deskPersona = z
  .object({
    guid: someText,
    as: optText,
    name: optText,
    avatar_url: optText,
    site_url: optText,
    timezone: optText,
    profile_url: optText,
    channels: lenientListOf(someText),
  })
  .transform((p) => ({
    guid: p.guid,
    as: p.as ?? '',
    name: p.name ?? p.as ?? '',
    avatar_url: p.avatar_url ?? '',
    site_url: p.site_url ?? '',
    timezone: p.timezone ?? '',
    profile_url: p.profile_url ?? '',
    channels: p.channels,
  }));
export type DeskPersona = z.infer<typeof deskPersona>;
export const deskPersonaList = listOf(deskPersona);

/** `DELETE /api/account/channels/{guid}`: where the deleted Channel's posts went, and the Channels left. */
export const channelDeletion = z.object({
  channel_guid: someText,
  moved_to: someText,
  moved_posts: int.catch(0),
  channels: remoteChannels,
});
export type ChannelDeletion = z.infer<typeof channelDeletion>;

/** Section 2.6, the public bio of a Persona. */
export const deskBio = z.preprocess(
  (v) => (Array.isArray(v) ? v[0] : v),
  z
    .object({
      guid: someText,
      as: optText,
      name: optText,
      bio: z.object({ text: optText, html: optText }).catch({ text: null, html: null }),
    })
    .transform((b) => ({ guid: b.guid, as: b.as ?? '', name: b.name ?? '', text: b.bio.text ?? '', html: b.bio.html ?? '' })),
);
export type DeskBio = z.infer<typeof deskBio>;

const attentionItem = z.object({ seq: optInt, op: optText, post_guid: optText, reason: optText }).transform((a) => ({
  seq: a.seq,
  op: a.op ?? '',
  post_guid: a.post_guid ?? '',
  reason: a.reason ?? '',
}));

/** A remote's status, `GET /api/sync/remotes`. */
export const remoteStatus = z
  .object({
    guid: someText,
    base_url: someText,
    interface: optText,
    server: z
      .object({ software: optText, kinds: lenientListOf(someText), extensions: lenientListOf(someText) })
      .transform((s) => ({ software: s.software ?? '', kinds: s.kinds, extensions: s.extensions }))
      .nullable()
      .catch(null),
    personas: lenientListOf(z.object({ guid: someText, as: optText, name: optText })),
    channels: lenientListOf(z.object({ guid: someText, name: optText, stand_in: flag.catch(false) })),
    poll_seconds: optInt.catch(null),
    syncing: flag.catch(false),
    last_pull_unix: optInt.catch(null),
    last_push_unix: optInt.catch(null),
    pending: int.catch(0),
    attention: lenientListOf(attentionItem),
    waiting: lenientListOf(z.object({ seq: optInt, op: optText, post_guid: someText })),
    conflicts: lenientListOf(z.object({ post_guid: someText })),
    last_error: optText.catch(null),
    last_error_unix: optInt.catch(null),
  })
  .transform((r) => ({
    ...r,
    interface: r.interface === 'legacy' ? ('legacy' as const) : ('instance' as const),
    personas: r.personas.map((p) => ({ guid: p.guid, as: p.as ?? '', name: p.name ?? p.as ?? '' })),
    channels: r.channels.map((c) => ({ guid: c.guid, name: c.name ?? '', stand_in: c.stand_in })),
  }));
export type RemoteStatus = z.infer<typeof remoteStatus>;
export const remoteStatusList = listOf(remoteStatus);

const conflictVersion = z
  .object({ title: optText, text: optText, tags: lenientListOf(someText), updated_unix: optInt.catch(null) })
  .catch({ title: null, text: null, tags: [], updated_unix: null });

/** `GET /api/sync/conflicts`: both versions of a post edited here and on its remote. */
export const syncConflict = z.object({
  post_guid: someText,
  remote_guid: optText,
  local: conflictVersion,
  remote: conflictVersion,
  detected_unix: optInt.catch(null),
});
export type SyncConflict = z.infer<typeof syncConflict>;
export const syncConflictList = listOf(syncConflict);

/** `POST /api/sync/posts/{guid}/refresh`. */
export const refreshAnswer = z.object({ post_guid: someText, gone: flag.catch(false), stored: int.catch(0) });
export type RefreshResult = z.infer<typeof refreshAnswer>;
