import { describe, expect, it } from 'vitest';
import { EVENT_LIST_MAX, MAX_EVENT_STREAMS, type DeskEvent } from '../../../src-shared/api/events';
import { createEventHub, type Subscription } from '../../../src-shared/service/event-hub';

const guid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const posts = (n: number, channel = guid(900_000)): DeskEvent => ({
  kind: 'posts',
  post_guids: [guid(n)],
  channel_guids: [channel],
  persona_guids: [guid(800_000)],
});

/** What a subscriber has pending, taken at once. */
async function pendingOf(subscription: Subscription): Promise<readonly DeskEvent[]> {
  const next = await subscription.next(0);
  return typeof next === 'object' ? next.events : [];
}

describe('the event hub', () => {
  it('merges the posts a slow subscriber has not read into one event', async () => {
    const hub = createEventHub();
    const slow = hub.subscribe();
    if (!slow) throw new Error('no subscription');
    for (let n = 0; n < 100; n++) hub.publish(posts(n, guid(900_000 + (n % 3))));
    const events = await pendingOf(slow);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'posts', persona_guids: [guid(800_000)] });
    expect(events[0]?.kind === 'posts' && events[0].post_guids).toHaveLength(100);
    expect(events[0]?.kind === 'posts' && events[0].channel_guids.sort()).toEqual([
      guid(900_000),
      guid(900_001),
      guid(900_002),
    ]);
    // Taken: nothing is left.
    expect(await slow.next(0)).toBe('check');
  });

  it('holds one event a remote, the latest, and keeps the order things first changed in', async () => {
    const hub = createEventHub();
    const slow = hub.subscribe();
    if (!slow) throw new Error('no subscription');
    for (let n = 0; n < 1000; n++) hub.publish({ kind: 'sync', remote_guid: guid(n % 3) });
    hub.publish(posts(1));
    expect(await pendingOf(slow)).toEqual([
      { kind: 'sync', remote_guid: guid(0) },
      { kind: 'sync', remote_guid: guid(1) },
      { kind: 'sync', remote_guid: guid(2) },
      posts(1),
    ]);
  });

  it('tells a subscriber that fell too far behind to read everything again, and nothing else', async () => {
    const hub = createEventHub({ maxPending: 8 });
    const [listsTooLong, tooManyKinds] = [hub.subscribe(), hub.subscribe()];
    if (!listsTooLong || !tooManyKinds) throw new Error('no subscription');

    for (let n = 0; n <= EVENT_LIST_MAX; n++) hub.publish(posts(n));
    expect(await pendingOf(listsTooLong)).toEqual([{ kind: 'resync' }]);
    await pendingOf(tooManyKinds);

    for (let n = 0; n < 100_000; n++) hub.publish({ kind: 'sync', remote_guid: guid(n) });
    hub.publish(posts(1));
    expect(await pendingOf(tooManyKinds)).toEqual([{ kind: 'resync' }]);
  });

  it('answers a waiting subscriber as soon as something is published', async () => {
    const hub = createEventHub();
    const waiting = hub.subscribe();
    if (!waiting) throw new Error('no subscription');
    const next = waiting.next(60_000);
    hub.publish({ kind: 'sync', remote_guid: guid(7) });
    await expect(next).resolves.toEqual({ events: [{ kind: 'sync', remote_guid: guid(7) }] });
  });

  it('has a subscriber look again when the time is up, or when asked to at once', async () => {
    const hub = createEventHub();
    const subscription = hub.subscribe();
    if (!subscription) throw new Error('no subscription');
    await expect(subscription.next(5)).resolves.toBe('check');

    const waiting = subscription.next(60_000);
    hub.recheck();
    await expect(waiting).resolves.toBe('check');

    // Asked while it was not waiting, it looks again before it takes what is pending.
    hub.publish(posts(1));
    hub.recheck();
    await expect(subscription.next(60_000)).resolves.toBe('check');
    await expect(subscription.next(60_000)).resolves.toEqual({ events: [posts(1)] });
  });

  it('keeps at most its bound of subscribers, and takes one again when another left', () => {
    const hub = createEventHub();
    const open = Array.from({ length: MAX_EVENT_STREAMS }, () => hub.subscribe());
    expect(open.every((s) => s !== null)).toBe(true);
    expect(hub.subscribe()).toBeNull();
    open[0]?.close();
    expect(hub.size).toBe(MAX_EVENT_STREAMS - 1);
    expect(hub.subscribe()).not.toBeNull();
  });

  it('ends every subscription when it closes, and takes none after', async () => {
    const hub = createEventHub();
    const waiting = hub.subscribe();
    const idle = hub.subscribe();
    if (!waiting || !idle) throw new Error('no subscription');
    const next = waiting.next(60_000);
    hub.publish(posts(1));
    await next;
    const last = waiting.next(60_000);
    hub.close();
    await expect(last).resolves.toBe('closed');
    await expect(idle.next(60_000)).resolves.toBe('closed');
    expect(hub.subscribe()).toBeNull();
    expect(hub.size).toBe(0);
    // A stream asked for now is refused as the instance stopping, not as too many.
    expect(hub.closed).toBe(true);
  });
});
