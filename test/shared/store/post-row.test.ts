import { describe, expect, it } from 'vitest';
import { changedPostRow, postRow, type PostFacts } from '../../../src-shared/store/post-row';

const facts: PostFacts = {
  guid: '6f1c1a2e-0000-4000-8000-000000000001',
  type: 'post.note',
  privacy: 'visibility.public',
  accountGuid: 'a',
  personaGuid: 'p',
  channelGuid: 'c',
  title: null,
  text: 'Hello **there**',
  tags: [],
  mentions: [],
  replyTo: null,
  parentGuid: null,
  threadKey: '6f1c1a2e-0000-4000-8000-000000000001',
  sourceUrl: null,
  sourceTitle: null,
  geo: null,
  slug: null,
  canonicalPath: '/posts/6f1c1a2e-0000-4000-8000-000000000001',
  publishUnix: 1_700_000_000,
  expiresUnix: null,
  createdUnix: 1_700_000_000,
  updatedUnix: 1_700_000_000,
  deleted: 0,
};

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
});
