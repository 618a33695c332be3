import { z } from 'zod';
import { INTERFACES, SETTLE_ACTIONS } from './vocabulary';

/** Variables of the sync extension (`/api/sync/...`, docs/sync.md): the remotes a desk syncs with. */

/** How often a remote may be polled, in seconds: from every 15 seconds to once a day. */
export const POLL_SECONDS = { min: 15, max: 86_400, default: 60 } as const;
const pollSeconds = z.lazy(() =>
  z.coerce
    .number({ error: 'poll_seconds is required' })
    .int('poll_seconds must be a whole number')
    .min(POLL_SECONDS.min, `poll_seconds must be at least ${POLL_SECONDS.min}`)
    .max(POLL_SECONDS.max, `poll_seconds must be at most ${POLL_SECONDS.max}`),
);

/** POST /api/sync/remotes: a remote by its address, with a token or the account's name and password. */
export const addRemoteInput = z.lazy(() =>
  z
    .object({
      base_url: z.string().trim().min(1, 'base_url is required'),
      interface: z.enum(INTERFACES, `interface must be ${INTERFACES.join(' or ')}`).default('instance'),
      token: z.string().trim().min(1).optional(),
      account_name: z.string().trim().min(1).optional(),
      account_pass: z.string().min(1).optional(),
      poll_seconds: pollSeconds.default(POLL_SECONDS.default),
    })
    .refine((v) => v.token !== undefined || (v.account_name !== undefined && v.account_pass !== undefined), {
      message: 'send either token, or account_name and account_pass',
    }),
);
export type AddRemoteInput = z.infer<typeof addRemoteInput>;

export const settleItemInput = z.lazy(() =>
  z.object({
    action: z.enum(SETTLE_ACTIONS, `action must be ${SETTLE_ACTIONS.join(' or ')}`),
  }),
);

export const updateRemoteInput = z.lazy(() =>
  z.object({
    poll_seconds: pollSeconds,
  }),
);
export type SettleItemInput = z.infer<typeof settleItemInput>;
export type UpdateRemoteInput = z.infer<typeof updateRemoteInput>;

/** POST /api/sync/conflicts/{guid}: which version of a post edited in both places stays. */
export const conflictChoiceInput = z.lazy(() =>
  z.object({ keep: z.enum(['local', 'remote'], 'keep must be local or remote') }),
);
export type ConflictChoiceInput = z.infer<typeof conflictChoiceInput>;
