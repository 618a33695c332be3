import { describe, expect, it } from 'vitest';
import { changedPostRow, postRow } from '../../../src-shared/store/post-row';
import { v1Post } from './old-rows';

const { html: _html, order: _order, ...facts } = v1Post(1, { text: 'Hello **there**', tags: [] });

describe('a post row', () => {
  it('shows its text as HTML and files it by its time, newest first', () => {
    const row = postRow(facts);
    expect(row.html).toContain('<strong>there</strong>');
    const later = postRow({ ...facts, publishUnix: facts.publishUnix + 1 });
    expect(later.order < row.order).toBe(true);
  });

  it('follows a change of text or time, and keeps what did not change', () => {
    const row = postRow(facts);
    const edited = changedPostRow(row, { text: 'Now _leaning_', publishUnix: facts.publishUnix - 60 });
    expect(edited.html).toContain('<em>leaning</em>');
    expect(edited.html).not.toContain('there');
    // A minute earlier: further down the timeline.
    expect(edited.order > row.order).toBe(true);
    expect({ ...edited, html: row.html, order: row.order, text: row.text, publishUnix: row.publishUnix }).toEqual(row);
  });

  it('moves in the timeline with a new GUID, keeping the HTML it has when its text is the same', () => {
    const row = { ...postRow(facts), html: '<p>As stored</p>' };
    const renamed = changedPostRow(row, { guid: '00000000-0000-4000-8000-00000000ffff' });
    expect(renamed.html).toBe('<p>As stored</p>');
    expect(renamed.order).not.toBe(row.order);
    expect(renamed.order.startsWith(row.order.split(':')[0] ?? '')).toBe(true);
  });
});
