import { describe, expect, it } from 'vitest';
import { envelopeText, keepTextOf } from '../../../src-shared/service/answer-text';

describe('the text of an envelope', () => {
  const meta = { code: 200, text: false, list: false };

  it('is what JSON.stringify writes, whatever the data', () => {
    const kept = Object.freeze({ guid: 'a', tags: ['x'], title: false });
    keepTextOf(kept);
    for (const data of [
      [],
      [kept, { b: 1 }, kept],
      [undefined, null, 'text', 2, () => 1, Symbol('s')],
      { one: [kept] },
      false,
      'text',
      0,
    ])
      expect(envelopeText(meta, data)).toBe(JSON.stringify({ meta, data }));
    expect(envelopeText({ code: 200 }, undefined)).toBe(JSON.stringify({ meta: { code: 200 }, data: undefined }));
  });
});
