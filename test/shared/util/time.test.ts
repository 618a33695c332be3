import { describe, expect, it } from 'vitest';
import { isoOf, LAST_UNIX } from '../../../src-shared/util/time';

describe('isoOf', () => {
  it('spells a time in UTC to the second, as the spec shows times', () => {
    expect(isoOf(0)).toBe('1970-01-01T00:00:00Z');
    expect(isoOf(1_800_000_000)).toBe('2027-01-15T08:00:00Z');
    expect(isoOf(LAST_UNIX)).toBe('9999-12-31T23:59:59Z');
  });

  it('keeps the longer spelling of a year past 9999 whole', () => {
    expect(isoOf(LAST_UNIX + 1)).toBe('+010000-01-01T00:00:00Z');
  });
});
