import { z } from 'zod';
import { EXTENSIONS } from './about';
import { count, orFalse, unix } from './answers';
import { ALL_POST_TYPES, FAILURE_KINDS, INTERFACES, OUTBOX_OPS, SETTLE_ACTIONS } from './vocabulary';

/** What the sync extension (`/api/sync/...`, docs/sync.md) answers, as strictly as answers.ts. */

const outboxItem = () => ({ seq: z.number().int().positive(), op: z.enum(OUTBOX_OPS), post_guid: z.string() });

/** One remote as `GET /api/sync/remotes` lists it. Its token is never part of it. */
export const remoteStatusAnswer = z.lazy(() =>
  z.strictObject({
    guid: z.string(),
    base_url: z.string(),
    interface: z.enum(INTERFACES),
    /** What the remote is and what it takes: false until a remote added before this was recorded is asked. */
    server: orFalse(
      z.strictObject({
        software: z.string(),
        kinds: z.array(z.enum(ALL_POST_TYPES)),
        extensions: z.array(z.enum(EXTENSIONS)),
      }),
    ),
    account: z.string(),
    personas: z.array(z.strictObject({ guid: z.string(), as: z.string(), name: z.string() })),
    /** `stand_in`: the remote listed no Channels, so its posts go to a local stand-in. */
    channels: z.array(z.strictObject({ guid: z.string(), name: z.string(), stand_in: z.boolean() })),
    poll_seconds: z.number().int(),
    syncing: z.boolean(),
    last_pull_unix: orFalse(unix),
    last_push_unix: orFalse(unix),
    pending: count,
    /** Which posts still wait, in the order they will go (the first ones of `pending`). */
    waiting: z.array(z.strictObject(outboxItem())),
    attention: z.array(z.strictObject({ ...outboxItem(), reason: z.string() })),
    conflicts: z.array(z.strictObject({ post_guid: z.string(), remote_updated_unix: unix, detected_unix: unix })),
    last_error: orFalse(z.string()),
    last_error_unix: orFalse(unix),
    /** What kind of failure `last_error` is (sync/failure.ts): `offline` and the passing ones are tried again by themselves. */
    last_error_kind: orFalse(z.enum(FAILURE_KINDS)),
    /** When the cycles that keep failing began to (the first of them); false while the last one went well. */
    failing_since_unix: orFalse(unix),
    /** When the scheduler tries next, give or take a tick; false while a cycle runs. */
    next_try_unix: orFalse(unix),
    /** What the cycle under way has done so far: its step, the posts read and stored. No total: no remote says one. */
    progress: orFalse(
      z.strictObject({ started_unix: unix, step: z.enum(['send', 'pull']), read: count, stored: count }),
    ),
    /** What the last cycle since the instance started came to: items sent, posts new or changed here, and whether it ended without a failure. */
    last_cycle: orFalse(
      z.strictObject({ started_unix: unix, finished_unix: unix, sent: count, stored: count, ok: z.boolean() }),
    ),
  }),
);
export type RemoteStatusAnswer = z.infer<typeof remoteStatusAnswer>;

const conflictVersion = z.lazy(() =>
  z.strictObject({
    title: orFalse(z.string()),
    text: z.string(),
    tags: z.array(z.string()),
    updated_unix: unix,
  }),
);

/** A post edited here and on its remote: both versions, for the person to choose. */
export const conflictAnswer = z.lazy(() =>
  z.strictObject({
    post_guid: z.string(),
    remote_guid: z.string(),
    local: conflictVersion,
    remote: conflictVersion,
    detected_unix: unix,
  }),
);
export type ConflictAnswer = z.infer<typeof conflictAnswer>;

export const conflictResolvedAnswer = z.lazy(() =>
  z.strictObject({ post_guid: z.string(), kept: z.enum(['local', 'remote']) }),
);
export const remoteRemovedAnswer = z.lazy(() => z.strictObject({ remote_guid: z.string(), removed: z.literal(true) }));
export const itemSettledAnswer = z.lazy(() =>
  z.strictObject({ seq: z.number().int().positive(), action: z.enum(SETTLE_ACTIONS) }),
);

/** A remote post's conversation read again there; `gone` when the remote no longer serves the post. */
export const threadRefreshAnswer = z.lazy(() =>
  z.strictObject({ post_guid: z.string(), gone: z.boolean(), stored: count }),
);
export type ThreadRefreshAnswer = z.infer<typeof threadRefreshAnswer>;
