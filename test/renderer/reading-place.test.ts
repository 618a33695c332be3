// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createElement, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRowControls } from '../../src-renderer/components/row-controls';
import { setActiveTimeline } from '../../src-renderer/state/active-timeline';
import { followSelection, restoredOffset, tabStopIndex, type Place } from '../../src-renderer/state/reading-place';
import { ALL_TYPES } from '../../src-renderer/state/timeline-spec';
import { useTimelines, type TimelineState } from '../../src-renderer/state/timelines';
import { useUi } from '../../src-renderer/state/ui';

const guids = ['a', 'b', 'c', 'd', 'e'];
/** A row drawn before at this height (what the virtualiser's snapshot holds). */
const measured = (key: string, size: number) => ({ key, size, index: 0, start: 0, end: size, lane: 0 });

describe('where a timeline comes back to', () => {
  it('starts at the post that was on top of the view, as far into it, counted with the heights measured before', () => {
    const place: Place = { anchor: { guid: 'd', into: 30 }, sizes: [measured('a', 100), measured('c', 400)] };
    // a measured 100, b never drawn (the estimate, 150), c measured 400.
    expect(restoredOffset(place, guids, null, 150)).toBe(100 + 150 + 400 + 30);
  });

  it('keeps to that post when posts came in above it meanwhile', () => {
    const place: Place = { anchor: { guid: 'b', into: 10 }, sizes: [measured('a', 100)] };
    expect(restoredOffset(place, ['new', ...guids], null, 150)).toBe(150 + 100 + 10);
  });

  it('falls back to the selected post when that post is gone, and to the top without either', () => {
    const place: Place = { anchor: { guid: 'gone', into: 10 }, sizes: [measured('a', 100)] };
    expect(restoredOffset(place, guids, 'c', 150)).toBe(100 + 150);
    expect(restoredOffset(place, guids, 'also gone', 150)).toBe(0);
    expect(restoredOffset(place, guids, null, 150)).toBe(0);
  });

  it('is the top when the person left it on top, or never left it', () => {
    expect(restoredOffset({ anchor: null, sizes: [] }, guids, 'c', 150)).toBe(0);
    expect(restoredOffset(undefined, guids, 'c', 150)).toBe(0);
  });
});

describe('the selection when the list changes around it', () => {
  it('stays on its post when posts come in above it', () => {
    expect(followSelection(guids, ['x', 'y', ...guids], 2)).toBe(4);
  });

  it('goes to the post that took the place of one deleted, and within the list', () => {
    expect(followSelection(guids, ['a', 'b', 'd', 'e'], 2)).toBe(2);
    expect(followSelection(guids, ['a', 'b', 'c', 'd'], 4)).toBe(3);
    expect(followSelection(guids, [], 1)).toBe(-1);
  });

  it('stays unselected', () => {
    expect(followSelection(guids, ['x', ...guids], -1)).toBe(-1);
  });
});

describe('the Tab stop of a list', () => {
  it('is the selected post while it is in view, else the first post in view, and none without posts', () => {
    expect(tabStopIndex(12, 10, 15)).toBe(12);
    expect(tabStopIndex(3, 10, 15)).toBe(10);
    expect(tabStopIndex(-1, 0, 4)).toBe(0);
    expect(tabStopIndex(-1, -1, -1)).toBe(-1);
  });
});

function Row({ stop, html }: { stop: boolean; html: string }) {
  const row = useRef<HTMLElement>(null);
  useRowControls(row, stop);
  return createElement(
    'article',
    { ref: row, tabIndex: stop ? 0 : -1 },
    createElement('a', { href: '/posts/x' }, 'time'),
    createElement('button', { type: 'button' }, 'Reply'),
    createElement('button', { type: 'button', tabIndex: 0 }, 'Own tab index'),
    createElement('span', { tabIndex: -1 }, 'Never a stop'),
    createElement('div', { className: 'content', dangerouslySetInnerHTML: { __html: html } }),
  );
}

const tabIndexes = (root: HTMLElement) =>
  [...root.querySelectorAll('a, button, span')].map((el) => `${el.textContent}:${el.getAttribute('tabindex')}`);

describe('the controls of a post in a list', () => {
  afterEach(() => cleanup());

  it("are no Tab stops while another post is the list's stop, the links of its HTML too, and are again once it is", async () => {
    const view = render(createElement(Row, { stop: false, html: '<p>See <a href="/tags/x">#x</a></p>' }));
    await waitFor(() =>
      expect(tabIndexes(view.container)).toEqual([
        'time:-1',
        'Reply:-1',
        'Own tab index:-1',
        'Never a stop:-1',
        '#x:-1',
      ]),
    );
    view.rerender(createElement(Row, { stop: true, html: '<p>See <a href="/tags/x">#x</a></p>' }));
    await waitFor(() =>
      expect(tabIndexes(view.container)).toEqual([
        'time:null',
        'Reply:null',
        'Own tab index:0',
        'Never a stop:-1',
        '#x:null',
      ]),
    );
  });

  it('holds back a control added later to a post that is not the stop', async () => {
    const view = render(createElement(Row, { stop: false, html: '<p>Short</p>' }));
    await waitFor(() => expect(view.getByText('Reply').getAttribute('tabindex')).toBe('-1'));
    const added = document.createElement('button');
    added.textContent = 'Added';
    act(() => view.container.querySelector('.content')?.append(added));
    await waitFor(() => expect(added.getAttribute('tabindex')).toBe('-1'));
  });
});

describe('the selection of each timeline', () => {
  const timeline = (list: string[]): TimelineState => ({
    spec: { kind: 'global', persona: null, types: ALL_TYPES },
    guids: list,
    status: 'ready',
    error: null,
    retryable: false,
    loadingMore: false,
    end: true,
    fresh: [],
    seen: null,
  });

  it('is kept when the person leaves it and given back on return; another timeline has its own', () => {
    useTimelines.setState({ byKey: { one: timeline(guids), two: timeline(['x', 'y']) } });
    useUi.setState({ activeTimeline: null, selected: -1, selectedIn: {}, thread: null });
    setActiveTimeline('one');
    useUi.getState().select(3);
    setActiveTimeline(null);
    setActiveTimeline('two');
    expect(useUi.getState().selected).toBe(-1);
    useUi.getState().select(1);
    setActiveTimeline('one');
    expect(useUi.getState().selected).toBe(3);
    setActiveTimeline('two');
    expect(useUi.getState().selected).toBe(1);
  });

  it('moves with its post when posts come in above it, in the same change as the list', () => {
    useTimelines.setState({ byKey: { one: timeline(guids) } });
    useUi.setState({ activeTimeline: 'one', selected: 2, selectedIn: {}, thread: null });
    useTimelines.setState({ byKey: { one: timeline(['new', ...guids]) } });
    expect(useUi.getState().selected).toBe(3);
  });
});
