import { z } from 'zod';

/**
 * What `GET /api/events` tells a signed-in page as it happens (docs/sync.md, "Changes pushed to the page"):
 * one server-sent event per change, named by its `kind`, its `data` the JSON of the event. An event says
 * what changed, not the new state: the page reads that with the routes it already uses. Later kinds of
 * change join the union; a client ignores a kind it does not know.
 */

/** The most GUIDs one event lists of each sort; changes that would list more are told as a `resync`. */
export const EVENT_LIST_MAX = 250;

const guids = z.lazy(() => z.array(z.string()).max(EVENT_LIST_MAX));

/** A remote's status changed (a cycle began, moved on or ended; its outbox or its row changed): read `GET /api/sync/remotes`. */
export const syncEvent = z.lazy(() => z.strictObject({ kind: z.literal('sync'), remote_guid: z.string() }));

/**
 * Posts were stored or changed here: written, edited or deleted through the API, or pulled from a remote.
 * With the Channels and Personas they belong to, so that the page reads again only the timelines that can
 * show them.
 */
export const postsEvent = z.lazy(() =>
  z.strictObject({
    kind: z.literal('posts'),
    post_guids: guids,
    channel_guids: guids,
    persona_guids: guids,
  }),
);

/** A draft was saved or removed, here or by another page or desk: read `GET /api/drafts` since the last cursor. */
export const draftsEvent = z.lazy(() => z.strictObject({ kind: z.literal('drafts') }));

/**
 * The stream cannot say what changed: it has just opened (whatever changed before is unknown to it), or
 * more changed than it holds for a page that reads slowly. The page reads everything it shows again.
 */
export const resyncEvent = z.lazy(() => z.strictObject({ kind: z.literal('resync') }));

export const deskEvent = z.lazy(() => z.discriminatedUnion('kind', [syncEvent, postsEvent, draftsEvent, resyncEvent]));
export type DeskEvent = z.infer<typeof deskEvent>;
export type DeskEventKind = DeskEvent['kind'];
export type DeskEventOf<K extends DeskEventKind> = Extract<DeskEvent, { kind: K }>;

/**
 * How often a stream says it is alive when nothing happens (a comment line): often enough for proxies that
 * cut idle connections after a minute or so, and for a client to notice a dead stream (EVENT_SILENCE_MS).
 */
export const HEARTBEAT_MS = 15_000;
/** A client that heard nothing, not even a heartbeat, for this long takes the stream for dead. */
export const EVENT_SILENCE_MS = 2 * HEARTBEAT_MS + 5_000;
/** The most event streams a host keeps open at once; one more is refused with 503 (a page falls back to polling). */
export const MAX_EVENT_STREAMS = 16;
