import type { eventRoutes } from '../../api/event-routes';
import { tokenFrom, tokenKey, tokenStillValid } from '../auth';
import type { EventHub } from '../event-hub';
import { eventStream } from '../event-stream';
import { outsideTransaction, type Implementations } from '../router';

/**
 * `GET /api/events` of the instance whose changes `hub` hears (service/change-events.ts). The stream goes
 * on while the token it was opened with signs in: a sign-out or a revoked token ends it at once (the hub
 * is told when tokens change), an expired one at the next heartbeat.
 */
export const eventHandlers = (hub: EventHub): Implementations<typeof eventRoutes> => ({
  // It answers at once and stays open: no transaction may wait on it.
  events: outsideTransaction(async (ctx) => {
    const hash = await tokenKey(tokenFrom(ctx.request, ctx.params, false));
    return eventStream(hub, {
      stillAllowed: async () => hash !== null && tokenStillValid(ctx.db, hash, Math.floor(ctx.clock.now() / 1000)),
    });
  }),
});
