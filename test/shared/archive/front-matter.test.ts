import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { plainYaml, readFrontMatter, writeFrontMatter } from '../../../src-shared/archive/front-matter';

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

  it('is written without the YAML writer only as that writer writes it', () => {
    // Mostly what a plain string holds, with now and then what makes one quoted or another type.
    const unit = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(..."aZé漢09 -_.,:/'()!?&+=~".split('')) },
      { weight: 1, arbitrary: fc.constantFrom(...'#"\n\t{}[]|>*%@`\\'.split('')) },
    );
    const text = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom('a', '漢', '0', '/'), fc.string({ unit, maxLength: 11 }))
          .map(([first, rest]) => first + rest),
      },
      fc.string({ unit, maxLength: 12 }),
      fc.constantFrom('null', 'True', '1e3', '0x1F', '.5', '-', '...', '---', '~', '12', '0o7', '.inf'),
    );
    const value = fc.oneof({ weight: 3, arbitrary: text }, fc.array(text, { maxLength: 3 }), fc.integer());
    const key = fc.oneof({ weight: 9, arbitrary: fc.constantFrom('guid', 'title', 'tags', 'reply_to') }, fc.string());
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 3 }), (data) => {
        const plain = plainYaml(data);
        if (plain !== null) expect(plain).toBe(stringify(data, { lineWidth: 0 }));
      }),
      { numRuns: 2000 },
    );
    // A post's usual keys and values take that way.
    const post = {
      guid: '0f6c9d14-2b7e-4c1a-9b8e-3f5d2a1c4e6b',
      type: 'post.article',
      title: "Notes from the archive, part 2 (it's long)",
      persona: 'me',
      published: '2026-11-20T09:30:00Z',
      tags: ['archive', 'travel'],
      privacy: 'visibility.public',
      canonical_path: '/2026/11/20/notes',
    };
    expect(plainYaml(post)).toBe(stringify(post, { lineWidth: 0 }));
  });

  it('keeps words YAML might take for something else as the text they are', () => {
    const data = {
      title: 'null',
      tags: ['true', 'no', '1e3', '0x1F', '~', '2026-01-01', '---', '- a', '#hash', 'a: b'],
    };
    expect(readFrontMatter(writeFrontMatter(data, '---\nnot front matter\n')).data).toEqual(data);
  });
});
