import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderAfterTime, orderAtOrBefore, timelineOrder } from '../../../src-shared/store/order';
import { newestFirst } from '../../../src-shared/store/timeline';

const position = fc.record({ publishUnix: fc.integer({ min: -2_000_000_000, max: 40_000_000_000 }), guid: fc.uuid() });

describe('timeline order keys', () => {
  it('sort ascending exactly as timelines are ordered (newest first, GUID descending)', () => {
    fc.assert(
      fc.property(fc.array(position, { minLength: 2, maxLength: 40 }), (posts) => {
        const byKey = [...posts].sort((a, b) => {
          const ka = timelineOrder(a.publishUnix, a.guid);
          const kb = timelineOrder(b.publishUnix, b.guid);
          return ka < kb ? -1 : ka > kb ? 1 : 0;
        });
        expect(byKey).toEqual([...posts].sort(newestFirst));
      }),
    );
  });

  it('time bounds enclose every post of that second, inclusively', () => {
    fc.assert(
      fc.property(position, ({ publishUnix, guid }) => {
        const key = timelineOrder(publishUnix, guid);
        expect(orderAtOrBefore(publishUnix) <= key).toBe(true);
        expect(key < orderAfterTime(publishUnix)).toBe(true);
        expect(key < orderAtOrBefore(publishUnix - 1)).toBe(true);
        expect(orderAfterTime(publishUnix + 1) <= key).toBe(true);
      }),
    );
  });
});
