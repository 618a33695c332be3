import { deskEvent } from './events';
import { route, signedIn, type EventStreamAnswer } from './route-contract';

const stream = { stream: 'text/event-stream', events: deskEvent } as const satisfies EventStreamAnswer;

/**
 * Changes pushed to the page (extension, docs/sync.md): a stream of server-sent events that stays open.
 * The hosts serve it (they hold the instance's changes, service/event-hub.ts); a service without them
 * does not offer it, and `/api/about` does not name it.
 */
export const eventRoutes = {
  events: route({ method: 'GET', pattern: '/api/events', access: signedIn, output: stream, extension: 'events' }),
} as const;
