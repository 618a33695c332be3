import { z } from 'zod';
import { flag, int, lenientListOf, listOf, optInt, optText, someText } from './lenient';

/**
 * Answers of this project's own instance that the desk client reads. Those its routes declare are read
 * with their strict schemas (api/answers.ts), imported where they are used; sync's answers (docs/sync.md)
 * are declared here, read with the same tolerance as every other answer.
 */

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
