import { describe, expect, it } from 'vitest';
import {
  colourOfHex,
  LEGACY_PIN_COLOURS,
  needsSource,
  PIN_COLOURS,
  PIN_HEX,
  readPin,
} from '../../../src-shared/api/vocabulary';

describe('the words both interfaces share', () => {
  it('reads a pin however either interface writes it', () => {
    expect(['pin.orange', 'Orange', ' PIN.RED ', 'none', 'pin.none'].map(readPin)).toEqual([
      'orange',
      'orange',
      'red',
      'none',
      'none',
    ]);
    expect(['pin.purple', '', 'pin.', null, undefined].map(readPin)).toEqual([null, null, null, null, null]);
  });

  it('knows each legacy hex colour as one instance colour, in any case, with or without #', () => {
    expect(['#FFA500', 'ffa500', ' #0000ff '].map(colourOfHex)).toEqual(['orange', 'orange', 'blue']);
    expect(['#123456', 'orange', ''].map(colourOfHex)).toEqual([undefined, undefined, undefined]);
    // Six colours, six distinct hex values, and the way back gives the colour again.
    expect(new Set(LEGACY_PIN_COLOURS).size).toBe(PIN_COLOURS.length);
    for (const colour of PIN_COLOURS) expect(colourOfHex(PIN_HEX[colour])).toBe(colour);
  });

  it('asks for a source for bookmarks and quotations only', () => {
    expect(['post.bookmark', 'post.quotation', 'post.note', 'post.article', undefined].map(needsSource)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
