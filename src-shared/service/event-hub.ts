import { EVENT_LIST_MAX, MAX_EVENT_STREAMS, type DeskEvent, type DeskEventKind, type DeskEventOf } from '../api/events';

/**
 * The changes of one instance, told to the event streams open on it (`GET /api/events`). Writers publish
 * and never wait: each subscriber holds at most one pending event per thing that changed (a remote, the
 * posts), merged with the next of its kind, so a page that reads slowly, or not at all, costs a bounded
 * amount of memory whatever happens meanwhile. When even that would grow past its bound, what is pending
 * becomes one `resync`, and the page reads everything again.
 */
export interface EventHub {
  /** Tells every subscriber; returns at once. */
  publish(event: DeskEvent): void;
  /** A new subscriber, or null when MAX_EVENT_STREAMS are open or the hub is closed. */
  subscribe(): Subscription | null;
  /** Wakes every subscriber with `check`, so that each looks whether it may go on (a token was revoked). */
  recheck(): void;
  /** Ends every subscription (the instance stops); later subscribers are refused. */
  close(): void;
  /** How many subscribers are open. */
  readonly size: number;
  /** Closed: the instance stops. */
  readonly closed: boolean;
}

/** What a subscriber waits for: events, a reason to look again (`check`: time passed, or `recheck`), or the end. */
export type Next = { readonly events: readonly DeskEvent[] } | 'check' | 'closed';

export interface Subscription {
  /** What is pending, at once if anything is; otherwise waits until something is, for at most `waitMs`. */
  next(waitMs: number): Promise<Next>;
  /** Leaves the hub; a `next` waiting answers `closed`. */
  close(): void;
}

export interface EventHubOptions {
  /** Subscribers at once (default MAX_EVENT_STREAMS). */
  maxSubscribers?: number;
  /** Distinct pending events a subscriber holds before they become one `resync` (default 64). */
  maxPending?: number;
}

/**
 * How each kind of event is held while it waits: under a key (one pending event per key), merged with the
 * one already there. A merge that answers null cannot hold both, and the subscriber is told `resync`.
 */
interface Coalescing<K extends DeskEventKind> {
  key(event: DeskEventOf<K>): string;
  merge(held: DeskEventOf<K>, next: DeskEventOf<K>): DeskEventOf<K> | null;
}

/** The union of two lists, or null past EVENT_LIST_MAX. */
function union(a: readonly string[], b: readonly string[]): string[] | null {
  const all = [...new Set([...a, ...b])];
  return all.length > EVENT_LIST_MAX ? null : all;
}

const COALESCING: { readonly [K in DeskEventKind]: Coalescing<K> } = {
  sync: { key: (event) => `sync ${event.remote_guid}`, merge: (_held, next) => next },
  posts: {
    key: () => 'posts',
    merge: (held, next) => {
      const post_guids = union(held.post_guids, next.post_guids);
      const channel_guids = union(held.channel_guids, next.channel_guids);
      const persona_guids = union(held.persona_guids, next.persona_guids);
      return post_guids && channel_guids && persona_guids
        ? { kind: 'posts', post_guids, channel_guids, persona_guids }
        : null;
    },
  },
  drafts: { key: () => 'drafts', merge: (held) => held },
  resync: { key: () => 'resync', merge: (held) => held },
};

const keyOf = (event: DeskEvent): string => (COALESCING[event.kind] as Coalescing<DeskEventKind>).key(event);
const merged = (held: DeskEvent, next: DeskEvent): DeskEvent | null =>
  (COALESCING[next.kind] as Coalescing<DeskEventKind>).merge(held, next);

const RESYNC: DeskEvent = { kind: 'resync' };

export function createEventHub(options: EventHubOptions = {}): EventHub {
  const maxSubscribers = options.maxSubscribers ?? MAX_EVENT_STREAMS;
  const maxPending = options.maxPending ?? 64;
  const subscribers = new Set<Subscriber>();
  let closed = false;

  return {
    publish: (event) => {
      for (const subscriber of subscribers) subscriber.add(event);
    },
    subscribe: () => {
      if (closed || subscribers.size >= maxSubscribers) return null;
      const subscriber = createSubscriber(maxPending, () => subscribers.delete(subscriber));
      subscribers.add(subscriber);
      return subscriber;
    },
    recheck: () => {
      for (const subscriber of subscribers) subscriber.wake('check');
    },
    close: () => {
      closed = true;
      for (const subscriber of subscribers) subscriber.close();
    },
    get size() {
      return subscribers.size;
    },
    get closed() {
      return closed;
    },
  };
}

interface Subscriber extends Subscription {
  add(event: DeskEvent): void;
  wake(why: 'check'): void;
}

function createSubscriber(maxPending: number, leave: () => void): Subscriber {
  // In the order they first arrived; a merged event keeps its place.
  let pending = new Map<string, DeskEvent>();
  let waiting: ((next: Next) => void) | null = null;
  // A `recheck` while nobody waited: the next `next` answers `check` before any events.
  let checkDue = false;
  let ended = false;

  const answer = (next: Next) => {
    const resolve = waiting;
    waiting = null;
    resolve?.(next);
  };
  const take = (): Next => {
    const events = [...pending.values()];
    pending = new Map();
    return { events };
  };

  const subscriber: Subscriber = {
    add: (event) => {
      if (ended) return;
      const key = keyOf(event);
      const held = pending.get(key);
      const next = held ? merged(held, event) : event;
      if (next === null || event.kind === 'resync' || (!held && pending.size >= maxPending))
        pending = new Map([['resync', RESYNC]]);
      else if (!pending.has('resync')) pending.set(key, next);
      if (waiting) answer(take());
    },
    wake: (why) => {
      if (waiting) answer(why);
      else checkDue = true;
    },
    next: (waitMs) => {
      if (ended) return Promise.resolve('closed');
      if (checkDue) {
        checkDue = false;
        return Promise.resolve('check');
      }
      if (pending.size > 0) return Promise.resolve(take());
      // One reader at a time: a second `next` replaces the first, which is told to look again.
      answer('check');
      return new Promise<Next>((resolve) => {
        const timer = setTimeout(() => answer('check'), waitMs);
        waiting = (next) => {
          clearTimeout(timer);
          resolve(next);
        };
      });
    },
    close: () => {
      if (ended) return;
      ended = true;
      pending = new Map();
      leave();
      answer('closed');
    },
  };
  return subscriber;
}
