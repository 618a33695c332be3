import { describe, expect, it } from 'vitest';
import { planSearch } from '../../src-renderer/util/search-query';

describe('a search as typed', () => {
  it('searches every term when each has a word of 4 letters or more', () => {
    expect(planSearch('  Lighthouse   e-mail @amy ')).toEqual({
      query: 'Lighthouse e-mail @amy',
      short: [],
      words: ['lighthouse', 'mail'],
      note: null,
    });
  });

  it('leaves short words out, names them, and searches the rest', () => {
    expect(planSearch('the way to Lisbon')).toEqual({
      query: 'Lisbon',
      short: ['the', 'way', 'to'],
      words: ['lisbon'],
      note: 'Words of fewer than 4 letters are not searched: “the”, “way”, “to”.',
    });
    expect(planSearch('@amy of').query).toBe('@amy');
  });

  it('says what to type when nothing is left to search', () => {
    expect(planSearch('to be')).toEqual({
      query: null,
      short: ['to', 'be'],
      words: [],
      note: "Words of fewer than 4 letters are not searched: “to”, “be”. Type a word of 4 letters or more, or @name for a Persona's posts.",
    });
    expect(planSearch('   ').query).toBeNull();
    expect(planSearch('   ').note).toBeNull();
  });

  it("asks for a lone short word as a Persona's handle, as the instance reads one, and says so", () => {
    const plan = planSearch('ab');
    expect(plan.query).toBe('@ab');
    expect(plan.note).toBe(
      'Words of fewer than 4 letters are not searched: “ab”. Shown instead: the posts of @ab, if there is such a Persona. To search words, type one of 4 letters or more.',
    );
    // Not a handle: nothing to ask for.
    expect(planSearch('a.').query).toBeNull();
  });

  it('names a bounded number of terms, each cut short', () => {
    const plan = planSearch(
      `${Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ')} ${'é'.repeat(3)}-${'x'.repeat(3)}`,
    );
    expect(plan.note).toContain('“w7” and 5 more.');
    const long = planSearch(`${'ab-'.repeat(20)}ab`);
    expect(long.note).toContain(`“${'ab-'.repeat(8)}…”`);
  });
});
