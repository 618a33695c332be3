import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFrontMatter, writeFrontMatter } from '../../../src-shared/archive/front-matter';

describe('front matter', () => {
  it('reads back whatever it wrote: titles and tags of any text, and the Markdown after it untouched', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1 })), fc.string(), (title, tags, body) => {
        const data = { guid: '0f6c9d14-2b7e-4c1a-9b8e-3f5d2a1c4e6b', title, tags, published: '2026-11-20T09:30:00Z' };
        expect(readFrontMatter(writeFrontMatter(data, body))).toEqual({ data, body });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps words YAML might take for something else as the text they are', () => {
    const data = {
      title: 'null',
      tags: ['true', 'no', '1e3', '0x1F', '~', '2026-01-01', '---', '- a', '#hash', 'a: b'],
    };
    expect(readFrontMatter(writeFrontMatter(data, '---\nnot front matter\n')).data).toEqual(data);
  });
});
