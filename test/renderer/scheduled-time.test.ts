import { describe, expect, it } from 'vitest';
import { shows, type TimelineSpec } from '../../src-renderer/state/timeline-spec';
import { scheduledTimeText, stillScheduled } from '../../src-renderer/util/scheduled-time';
import { fakePost } from './support';

/** Tuesday 24 November 2026, 11:00 UTC. */
const NOW_MS = Date.UTC(2026, 10, 24, 11, 0, 0);
const NOW = NOW_MS / 1000;
const IN_UTC = { locale: 'en-GB', timeZone: 'UTC' };

describe('when a scheduled post goes out, in words', () => {
  it('says how far off and the weekday and time', () => {
    expect(scheduledTimeText(NOW + 3 * 3600, NOW_MS, IN_UTC)).toBe('in 3 hours · Tue 14:00');
    expect(scheduledTimeText(NOW + 25 * 60, NOW_MS, IN_UTC)).toBe('in 25 minutes · Tue 11:25');
    expect(scheduledTimeText(NOW + 2 * 86_400 + 3600, NOW_MS, IN_UTC)).toBe('in 2 days · Thu 12:00');
    // Just under a day is a day, not "in 24 hours".
    expect(scheduledTimeText(NOW + 86_400 - 30, NOW_MS, IN_UTC)).toBe('in 1 day · Wed 10:59');
  });

  it('gives the date a week or more ahead, where a weekday would mislead', () => {
    expect(scheduledTimeText(NOW + 10 * 86_400, NOW_MS, IN_UTC)).toBe('in 10 days · 4 Dec 2026, 11:00');
  });

  it('says "any moment now" for a post due within the minute', () => {
    expect(scheduledTimeText(NOW + 20, NOW_MS, IN_UTC)).toBe('any moment now · Tue 11:00');
  });
});

describe('the scheduled list', () => {
  it('keeps the posts still ahead, the soonest first', () => {
    const later = fakePost(1, { publish_unix: NOW + 7200 });
    const sooner = fakePost(2, { publish_unix: NOW + 60 });
    const due = fakePost(3, { publish_unix: NOW });
    const past = fakePost(4, { publish_unix: NOW - 60 });
    expect(stillScheduled([later, due, sooner, past], NOW_MS).map((p) => p.guid)).toEqual([sooner.guid, later.guid]);
  });
});

describe('a timeline and a post just written', () => {
  const everything: TimelineSpec = { kind: 'global', persona: null, types: [] };

  it('takes a scheduled post only once its time has come', () => {
    const scheduled = fakePost(1, { publish_unix: NOW + 3600, updated_unix: NOW });
    expect(shows(everything, scheduled, NOW_MS)).toBe(false);
    expect(shows(everything, scheduled, NOW_MS + 3600_000)).toBe(true);
    expect(shows(everything, fakePost(2, { publish_unix: NOW, updated_unix: NOW }), NOW_MS)).toBe(true);
  });

  it("takes a post published as it was written even when the page's clock runs behind the instance's", () => {
    const justWritten = fakePost(3, { publish_unix: NOW + 90, updated_unix: NOW + 90 });
    expect(shows(everything, justWritten, NOW_MS)).toBe(true);
  });
});
