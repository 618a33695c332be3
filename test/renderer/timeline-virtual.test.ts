// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timeline } from '../../src-renderer/components/Timeline';
import { usePosts } from '../../src-renderer/state/posts';
import { ALL_TYPES, timelineKey } from '../../src-renderer/state/timeline-spec';
import { markOf } from '../../src-renderer/state/seen-mark';
import { markSeen, openTimeline } from '../../src-renderer/state/timeline-posts';
import { useTimelines } from '../../src-renderer/state/timelines';
import { actSettled, fakePost } from './support';

const VIEWPORT = 800;

/**
 * happy-dom lays nothing out: every element is given a size here, the scroller the height of a window and
 * each row the virtualiser's estimate, so that the virtualiser sees what it would in a browser.
 */
function giveLayout() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = this.classList.contains('timeline-scroller') ? VIEWPORT : 150;
    return { x: 0, y: 0, top: 0, left: 0, bottom: height, right: 800, width: 800, height, toJSON: () => ({}) };
  });
  for (const name of ['offsetHeight', 'clientHeight'] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('timeline-scroller') ? VIEWPORT : 150;
    });
  }
  for (const name of ['offsetWidth', 'clientWidth'] as const)
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(800);
}

/** Renders a timeline and waits for the virtualiser to lay out its rows. */
async function renderTimeline(key: string, label: string) {
  const view = render(createElement(Timeline, { timelineKey: key, label, empty: 'Nothing' }));
  await rowShown(view, 0);
  return view;
}

/** Waits until the row at `index` is in the page. */
async function rowShown(view: ReturnType<typeof render>, index: number) {
  await waitFor(() => expect(view.container.querySelector(`article[data-index="${index}"]`)).not.toBeNull());
}

/** The row the "new since you last looked" marker stands on. */
function markerRowIn(view: ReturnType<typeof render>): string | null | undefined {
  const marker = view.getByRole('separator');
  expect(marker.textContent).toBe('New since you last looked');
  return marker.closest('article')?.getAttribute('data-index');
}

describe('a virtualised timeline', () => {
  beforeEach(() => giveLayout());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('draws the page’s first timeline with the rows in view, then those beyond them for scrolling', async () => {
    // A page just loaded: none of its timelines has had rows on screen yet.
    vi.resetModules();
    const fresh = {
      Timeline: (await import('../../src-renderer/components/Timeline')).Timeline,
      usePosts: (await import('../../src-renderer/state/posts')).usePosts,
      useTimelines: (await import('../../src-renderer/state/timelines')).useTimelines,
    };
    const posts = Array.from({ length: 100 }, (_, i) => fakePost(i));
    fresh.usePosts.setState({ byGuid: Object.fromEntries(posts.map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    const timeline = { spec, guids: posts.map((p) => p.guid), status: 'ready' as const, error: null };
    const rest = { retryable: false, loadingMore: false, end: false, fresh: [], seen: null };
    fresh.useTimelines.setState({ byKey: { [key]: { ...timeline, ...rest } } });
    const shown = (view: ReturnType<typeof render>) =>
      [...view.container.querySelectorAll('article')].map((row) => Number(row.getAttribute('data-index')));

    const first = render(createElement(fresh.Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    // 800 px of window, rows of 150: rows 0 to 5 are in view.
    expect(shown(first)).toEqual([0, 1, 2, 3, 4, 5]);
    await waitFor(() => expect(shown(first)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    first.unmount();

    // A timeline opened later draws the rows beyond the view at once.
    const later = render(createElement(fresh.Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    expect(shown(later)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('holds the place of the first posts with grey rows while they load, then shows the posts there', async () => {
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    const base = { spec, error: null, retryable: false, loadingMore: false, end: true, fresh: [], seen: null };
    useTimelines.setState({ byKey: { [key]: { ...base, guids: [], status: 'loading' } } });
    const view = render(createElement(Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    expect(view.getByRole('status', { name: 'Loading posts' }).querySelectorAll('.skeleton-row')).toHaveLength(4);
    const posts = [fakePost(1), fakePost(2)];
    usePosts.setState({ byGuid: Object.fromEntries(posts.map((p) => [p.guid, p])) });
    await actSettled(() =>
      useTimelines.setState({ byKey: { [key]: { ...base, guids: posts.map((p) => p.guid), status: 'ready' } } }),
    );
    await rowShown(view, 0);
    expect(view.queryByRole('status', { name: 'Loading posts' })).toBeNull();
  });

  it('keeps a bounded number of rows in the DOM for 10,000 posts, wherever it is scrolled', async () => {
    const posts = Array.from({ length: 10_000 }, (_, i) => fakePost(i));
    usePosts.setState({ byGuid: Object.fromEntries(posts.map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    useTimelines.setState({
      byKey: {
        [key]: {
          spec,
          guids: posts.map((p) => p.guid),
          status: 'ready',
          error: null,
          retryable: false,
          loadingMore: false,
          end: true,
          fresh: [],
          seen: null,
        },
      },
    });

    const view = await renderTimeline(key, 'Everything');
    const rows = () => view.container.querySelectorAll('article');
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThan(30);
    expect(rows()[0]?.textContent).toContain('Post number 0');

    const scroller = view.getByRole('feed', { name: 'Everything' });
    await actSettled(() => {
      scroller.scrollTop = 5000 * 150;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await rowShown(view, 5000);
    expect(rows().length).toBeLessThan(30);
    const shown = [...rows()].map((row) => Number(row.getAttribute('data-index')));
    expect(Math.min(...shown)).toBeGreaterThan(4900);
    expect(Math.max(...shown)).toBeLessThan(5100);
  });

  it('marks where the posts the person had already seen begin', async () => {
    vi.setSystemTime(2_000_000_000_000);
    const posts = Array.from({ length: 5 }, (_, i) => fakePost(i));
    usePosts.setState({ byGuid: Object.fromEntries(posts.map((p) => [p.guid, p])) });
    const spec = { kind: 'home' as const, persona: 'p', types: ALL_TYPES };
    const key = timelineKey(spec);
    // Seen up to post 2: posts 0 and 1 are new.
    useTimelines.setState({
      byKey: {
        [key]: {
          spec,
          guids: posts.map((p) => p.guid),
          status: 'ready',
          error: null,
          retryable: false,
          loadingMore: false,
          end: true,
          fresh: [],
          seen: markOf(fakePost(2)),
        },
      },
    });
    expect(markerRowIn(await renderTimeline(key, 'Home'))).toBe('2');
  });

  it('marks as new a post of the same second as the last one seen that came after it', async () => {
    vi.setSystemTime(2_000_000_000_000);
    localStorage.clear();
    const second = 1_800_000_000 - 10;
    // Equal times go by GUID, descending: fakePost(3) stands above 2, which stands above 1.
    const [seenBelow, seenTop, arrived] = [1, 2, 3].map((n) => fakePost(n, { publish_unix: second }));
    const older = [fakePost(20), fakePost(21)];
    if (!seenBelow || !seenTop || !arrived) throw new Error('no posts');
    usePosts.setState({ byGuid: Object.fromEntries([arrived, seenTop, seenBelow, ...older].map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    const base = {
      spec,
      status: 'ready' as const,
      error: null,
      retryable: false,
      loadingMore: false,
      end: true,
      fresh: [],
      seen: null,
    };
    useTimelines.setState({ byKey: { [key]: { ...base, guids: [seenTop, seenBelow, ...older].map((p) => p.guid) } } });
    // The person looks and leaves; later a post of that same second comes in above what they saw.
    markSeen(key);
    useTimelines.setState({
      byKey: { [key]: { ...base, guids: [arrived, seenTop, seenBelow, ...older].map((p) => p.guid) } },
    });
    openTimeline(spec);

    expect(markerRowIn(await renderTimeline(key, 'Everything'))).toBe('1');
  });

  it('reads a mark kept as a number of seconds as everything up to that second seen, and keeps the exact one from then on', async () => {
    vi.setSystemTime(2_000_000_000_000);
    const second = 1_800_000_000 - 10;
    const newer = fakePost(0);
    const sameSecond = [fakePost(11, { publish_unix: second }), fakePost(10, { publish_unix: second })];
    const posts = [newer, ...sameSecond, fakePost(20)];
    usePosts.setState({ byGuid: Object.fromEntries(posts.map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    localStorage.setItem('desk.seen.v1', JSON.stringify({ [key]: second, 'another timeline': second - 600 }));
    useTimelines.setState({
      byKey: {
        [key]: {
          spec,
          guids: posts.map((p) => p.guid),
          status: 'ready',
          error: null,
          retryable: false,
          loadingMore: false,
          end: true,
          fresh: [],
          seen: null,
        },
      },
    });
    openTimeline(spec);

    // Both posts of that second had been seen; only the newer one is new.
    expect(markerRowIn(await renderTimeline(key, 'Everything'))).toBe('1');

    markSeen(key);
    expect(JSON.parse(localStorage.getItem('desk.seen.v1') ?? '{}')).toEqual({
      [key]: { unix: newer.publish_unix, guid: newer.guid },
      'another timeline': second - 600,
    });
  });

  it('keeps the post being read in place when new posts come in above, and offers to jump up to them', async () => {
    vi.setSystemTime(2_000_000_000_000);
    const posts = Array.from({ length: 100 }, (_, i) => fakePost(i + 3));
    const arrivals = [fakePost(0), fakePost(1), fakePost(2)];
    usePosts.setState({ byGuid: Object.fromEntries([...arrivals, ...posts].map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    const base = {
      spec,
      status: 'ready' as const,
      error: null,
      retryable: false,
      loadingMore: false,
      end: true,
      seen: markOf(fakePost(3)),
    };
    useTimelines.setState({ byKey: { [key]: { ...base, guids: posts.map((p) => p.guid), fresh: [] } } });
    const view = render(createElement(Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    const scroller = view.getByRole('feed', { name: 'Everything' });
    await actSettled(() => {
      scroller.scrollTop = 20 * 150 + 30;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await rowShown(view, 20);
    expect(view.queryByRole('separator')).toBeNull();

    // A poll while scrolled down: three posts on top, counted as waiting above.
    await actSettled(() => {
      useTimelines.setState({
        byKey: {
          [key]: { ...base, guids: [...arrivals, ...posts].map((p) => p.guid), fresh: arrivals.map((p) => p.guid) },
        },
      });
    });
    const jump = await waitFor(() => view.getByRole('button', { name: '3 new posts above' }));
    expect(scroller.scrollTop).toBe(23 * 150 + 30);

    await actSettled(() => {
      jump.click();
      scroller.dispatchEvent(new Event('scroll'));
    });
    await rowShown(view, 0);
    expect(scroller.scrollTop).toBe(0);
    expect(useTimelines.getState().byKey[key]?.fresh).toEqual([]);
    expect(view.queryByRole('button', { name: /new posts above/ })).toBeNull();
    expect(markerRowIn(view)).toBe('3');
  });

  it('comes back to the post the person was reading, with posts that came in above it meanwhile', async () => {
    vi.setSystemTime(2_000_000_000_000);
    // The virtualiser scrolls no further than the content is high.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(10_000_000);
    const posts = Array.from({ length: 100 }, (_, i) => fakePost(i + 3));
    const arrivals = [fakePost(0), fakePost(1), fakePost(2)];
    usePosts.setState({ byGuid: Object.fromEntries([...arrivals, ...posts].map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    const base = {
      spec,
      status: 'ready' as const,
      error: null,
      retryable: false,
      loadingMore: false,
      end: true,
      seen: null,
      fresh: [],
    };
    useTimelines.setState({ byKey: { [key]: { ...base, guids: posts.map((p) => p.guid) } }, places: {} });
    const first = render(createElement(Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    const scroller = first.getByRole('feed', { name: 'Everything' });
    await actSettled(() => {
      scroller.scrollTop = 40 * 150 + 25;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await rowShown(first, 40);
    // The person opens a post; meanwhile three posts come in on top.
    first.unmount();
    expect(useTimelines.getState().places[key]?.anchor).toEqual({ guid: posts[40]?.guid, into: 25 });
    useTimelines.setState({ byKey: { [key]: { ...base, guids: [...arrivals, ...posts].map((p) => p.guid) } } });

    const again = render(createElement(Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    await rowShown(again, 43);
    expect(again.getByRole('feed', { name: 'Everything' }).scrollTop).toBe(43 * 150 + 25);
    expect(again.container.querySelector('article[data-index="0"]')).toBeNull();
  });

  it('lets new posts simply appear when the person is near the top', async () => {
    vi.setSystemTime(2_000_000_000_000);
    const posts = Array.from({ length: 30 }, (_, i) => fakePost(i + 3));
    const arrivals = [fakePost(0), fakePost(1), fakePost(2)];
    usePosts.setState({ byGuid: Object.fromEntries([...arrivals, ...posts].map((p) => [p.guid, p])) });
    const spec = { kind: 'global' as const, persona: null, types: ALL_TYPES };
    const key = timelineKey(spec);
    const base = {
      spec,
      status: 'ready' as const,
      error: null,
      retryable: false,
      loadingMore: false,
      end: true,
      seen: markOf(fakePost(3)),
      fresh: [],
    };
    useTimelines.setState({ byKey: { [key]: { ...base, guids: posts.map((p) => p.guid) } } });
    const view = render(createElement(Timeline, { timelineKey: key, label: 'Everything', empty: 'Nothing' }));
    const scroller = view.getByRole('feed', { name: 'Everything' });
    await actSettled(() => {
      scroller.scrollTop = 20;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await actSettled(() => {
      useTimelines.setState({ byKey: { [key]: { ...base, guids: [...arrivals, ...posts].map((p) => p.guid) } } });
    });
    // The new posts are drawn on top.
    await waitFor(() =>
      expect(view.container.querySelector('article[data-index="0"]')?.textContent).toContain(
        arrivals[0]?.text ?? 'no post',
      ),
    );
    // Not kept in place: the three new posts are there to see, so no button counts them.
    expect(scroller.scrollTop).toBe(20);
    expect(view.queryByRole('button', { name: /new posts above/ })).toBeNull();
  });

  it('shows the failure and a retry instead of a blank list', () => {
    const spec = { kind: 'mentions' as const, persona: 'p', types: ALL_TYPES };
    const key = timelineKey(spec);
    useTimelines.setState({
      byKey: {
        [key]: {
          spec,
          guids: [],
          status: 'error',
          error: 'The instance did not answer.',
          retryable: true,
          loadingMore: false,
          end: false,
          fresh: [],
          seen: null,
        },
      },
    });
    const view = render(createElement(Timeline, { timelineKey: key, label: 'Mentions', empty: 'Nothing' }));
    expect(view.getByRole('alert').textContent).toContain('The instance did not answer.');
    expect(view.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a refusal without a retry that could not help', () => {
    const spec = { kind: 'search' as const, persona: 'p', filter: 'ab', types: ALL_TYPES };
    const key = timelineKey(spec);
    useTimelines.setState({
      byKey: {
        [key]: {
          spec,
          guids: [],
          status: 'error',
          error: 'search words need at least 4 letters or digits: ab',
          retryable: false,
          loadingMore: false,
          end: false,
          fresh: [],
          seen: null,
        },
      },
    });
    const view = render(createElement(Timeline, { timelineKey: key, label: 'Search', empty: 'Nothing' }));
    expect(view.getByRole('alert').textContent).toContain('at least 4 letters');
    expect(view.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
