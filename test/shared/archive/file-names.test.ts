import { describe, expect, it } from 'vitest';
import { claimName, wordsSlug } from '../../../src-shared/archive/file-names';

describe("an archive's file names", () => {
  it('are made of the first words of a title or a text, in any script, without markup or punctuation', () => {
    expect(wordsSlug('Hello **archive**, again!')).toBe('hello-archive-again');
    expect(wordsSlug('Grüße aus Zürich: nach dem Regen')).toBe('grüße-aus-zürich-nach-dem-regen');
    expect(wordsSlug('مرحبا بالعالم')).toBe('مرحبا-بالعالم');
    expect(wordsSlug('one two three four five six seven eight nine ten')).toBe(
      'one-two-three-four-five-six-seven-eight',
    );
    expect(wordsSlug('*** --- !!!')).toBe('');
  });

  it('are unique as a case-insensitive file system sees them, falling back to the last name, then numbered', () => {
    const used = new Set<string>();
    expect(claimName(used, ['notes/Hello', 'notes/guid-1'], '.md')).toBe('notes/Hello.md');
    // "hello" would overwrite "Hello" unzipped on macOS or Windows.
    expect(claimName(used, ['notes/hello', 'notes/guid-2'], '.md')).toBe('notes/guid-2.md');
    expect(claimName(used, ['', 'notes/guid-2'], '.md')).toBe('notes/guid-2-2.md');
    expect(claimName(used, ['notes/GUID-2'], '.md')).toBe('notes/GUID-2-3.md');
  });
});
