import { ErrorText, ServiceError } from '../api/errors';
import { HEARTBEAT_MS, type DeskEvent } from '../api/events';
import type { EventHub } from './event-hub';

/**
 * One event as the stream sends it (the server-sent events format): its kind as the event's name, its JSON
 * as its data, on one line since JSON.stringify writes no line breaks.
 */
export const eventFrame = (event: DeskEvent): string => `event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;

/** A comment line: nothing for the client to do, but proof that the stream is alive. */
export const HEARTBEAT_FRAME = ': heartbeat\n\n';

export interface EventStreamOptions {
  /** Whether the stream may go on: asked at every heartbeat and whenever a token changed (hub `recheck`). */
  stillAllowed: () => Promise<boolean>;
  /** Default HEARTBEAT_MS. */
  heartbeatMs?: number;
}

const encoder = new TextEncoder();

/**
 * `GET /api/events` as a Response whose body stays open: a `resync` first (what changed before it opened
 * is unknown to it), then the hub's events as they come, and a heartbeat whenever nothing came for a
 * while. Nothing is read from the hub until the client has taken what was sent before (the body is pulled,
 * and holds no chunk ahead), so a slow client leaves its events to the hub, which merges them. It ends
 * when the client leaves, when the hub closes (the instance stops), or when its token no longer signs in.
 */
export function eventStream(hub: EventHub, options: EventStreamOptions): Response {
  const subscription = hub.subscribe();
  if (!subscription) throw new ServiceError(503, hub.closed ? ErrorText.shuttingDown : ErrorText.tooManyStreams);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const body = new ReadableStream<Uint8Array>(
    {
      start: (controller) => controller.enqueue(encoder.encode(eventFrame({ kind: 'resync' }))),
      pull: async (controller) => {
        const next = await subscription.next(heartbeatMs);
        const goesOn = next !== 'closed' && (next !== 'check' || (await options.stillAllowed()));
        if (!goesOn) {
          subscription.close();
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next === 'check' ? HEARTBEAT_FRAME : next.events.map(eventFrame).join('')));
      },
      cancel: () => subscription.close(),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies that buffer answers (nginx) pass this one on as it comes.
      'X-Accel-Buffering': 'no',
    },
  });
}
