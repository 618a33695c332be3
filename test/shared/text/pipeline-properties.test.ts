import fc from 'fast-check';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { tooCostlyToFormat } from '../../../src-shared/text/complexity';
import { toMarkdown } from '../../../src-shared/text/html-to-markdown';
import { renderMarkdown } from '../../../src-shared/text/markdown';
import { extractMentionHandles } from '../../../src-shared/text/mentions';

/**
 * Generated Markdown, HTML and mixtures of both through the text pipeline of a write: toMarkdown (what is
 * stored), renderMarkdown (the `content` served) and the mentions. Whatever comes in, each step answers
 * within a time bound without throwing, nothing executable comes out, storing is stable, and Markdown
 * without HTML is stored byte for byte.
 */

/** Well past any text below; the hostile texts of complexity.test.ts took seconds before their guards. */
const BOUND_MS = 1_500;

const word = fc.oneof(
  fc.constantFrom(
    'hello',
    'world',
    'a',
    'snake_case',
    '@me',
    '@some_user',
    '#tag',
    'x.test',
    '2*3*4',
    'ünïcödé',
    '😀',
    '中文',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

/** Markdown syntax, and `<` that only looks like HTML: an unknown name, a comparison, an unclosed `<b …>`. */
const markdownPiece = fc.oneof(
  { weight: 4, arbitrary: word },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ' ',
      ' ',
      '\n',
      '\n\n',
      '\r\n',
      '  \n',
      '\t',
      '    ',
      '# ',
      '## ',
      '> ',
      '>> ',
      '- ',
      '* ',
      '+ ',
      '1. ',
      '2) ',
      '- [ ] ',
      '- [x] ',
      '*',
      '**',
      '_',
      '__',
      '~~',
      '`',
      '``',
      '```\n',
      '~~~\n',
      '---\n',
      '***',
      '\\',
      '\\*',
      '[',
      ']',
      '(',
      ')',
      '](https://x.test/a_b)',
      '![alt](https://x.test/i.png)',
      '<https://x.test>',
      '<me@x.test>',
      '|',
      '| a | b |\n|---|:-:|\n',
      '&amp;',
      '&lt;',
      '&#35;',
      '&nbsp;',
      '<3',
      'a < b',
      'b > a',
      '<<',
      '>>',
      'Array<string>',
      '<bob>',
      '</bob>',
      'a<b and c>d',
      '<b never closed',
      '<?php echo 1; ?>',
      '<!-- note -->',
      'javascript:alert(1)',
      '[x](javascript:alert(1))',
      'https://x.test/?q=<b>',
    ),
  },
);

/** HTML: whole elements, attributes good and bad, comments, entities, and tags left open or closed twice. */
const htmlPiece = fc.constantFrom(
  '<p>',
  '</p>',
  '<b>',
  '</b>',
  '<i>',
  '</i>',
  '<em>',
  '</em>',
  '<strong>',
  '</strong>',
  '<u>',
  '</u>',
  '<sub>',
  '</sub>',
  '<div>',
  '</div>',
  '<span style="color:red">',
  '</span>',
  '<ul>',
  '</ul>',
  '<ol start="3">',
  '</ol>',
  '<li>',
  '</li>',
  '<blockquote>',
  '</blockquote>',
  '<pre>',
  '</pre>',
  '<code>',
  '</code>',
  '<h2>',
  '</h2>',
  '<table>',
  '<tr>',
  '<td>',
  '</td>',
  '</tr>',
  '</table>',
  '<br>',
  '<br/>',
  '<hr>',
  '<img src="https://x.test/i.png" alt="i">',
  '<img src=x onerror=alert(1)>',
  '<a href="https://x.test">',
  '<a href="javascript:alert(1)">',
  '</a>',
  '<script>alert(1)</script>',
  '<style>p{}</style>',
  '<iframe src="https://x.test"></iframe>',
  '<svg onload=alert(1)>',
  '<p onclick="alert(1)">',
  '<!DOCTYPE html>',
  '<!-- <b> -->',
  '&lt;b&gt;',
  '&lt;/b&gt;',
  '&amp;lt;',
  '<!--',
  '-->',
);

const markdownText = fc.array(markdownPiece, { maxLength: 120, size: 'max' }).map((pieces) => pieces.join(''));
const mixedText = fc
  .array(fc.oneof(markdownPiece, htmlPiece), { maxLength: 160, size: 'max' })
  .map((pieces) => pieces.join(''));

/** What "as written" allows: line endings as `\n`, no blank lines before the text, no white space after. */
const asWritten = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();

function timed<T>(run: () => T, bound = BOUND_MS): T {
  const start = performance.now();
  const value = run();
  expect(performance.now() - start).toBeLessThan(bound);
  return value;
}

/**
 * What linear work on a text of this length takes on this machine as loaded as it is now: the long texts'
 * bound is a multiple of it, so that a busy machine slows both alike and only a step that grows faster
 * than the text (the quadratic cases complexity.ts guards against took 100 times as long) fails.
 */
function yardstick(length: number): number {
  const plain = 'plain words, and then more of them. '.repeat(Math.ceil(length / 36)).slice(0, length);
  const start = performance.now();
  renderMarkdown(toMarkdown(`<p>${plain}</p>`));
  return performance.now() - start;
}

const { document } = new Window();

/** Read as a browser reads it: no element that runs or embeds anything, no handler, no script link. */
function expectInert(html: string): void {
  const host = document.createElement('div');
  host.innerHTML = html;
  for (const element of host.querySelectorAll('*')) {
    expect(['SCRIPT', 'STYLE', 'IFRAME', 'SVG', 'OBJECT', 'EMBED']).not.toContain(element.tagName);
    for (const { name, value } of element.attributes) {
      expect(name).not.toMatch(/^on/i);
      if (name === 'href' || name === 'src') expect(value).toMatch(/^(https?|mailto):/);
    }
  }
}

describe('the text pipeline, given generated input', () => {
  it('stores Markdown without HTML byte for byte as sent', () => {
    fc.assert(
      fc.property(markdownText, (text) => {
        expect(timed(() => toMarkdown(text))).toBe(asWritten(text));
      }),
      { numRuns: 400 },
    );
  });

  it('stores, renders and finds mentions in any mixture within the bound, without throwing', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const stored = timed(() => toMarkdown(text));
        const content = timed(() => renderMarkdown(stored));
        timed(() => extractMentionHandles(stored));
        expectInert(content);
        expectInert(timed(() => renderMarkdown(text)));
      }),
      { numRuns: 400 },
    );
  });

  it('stores what it stored unchanged when it comes back, as a pulled post does', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const stored = toMarkdown(text);
        expect(toMarkdown(stored)).toBe(stored);
      }),
      { numRuns: 400 },
    );
  });

  it('stays within the bound for texts near the 100,000-character limit, formatted rather than set aside', () => {
    // Whole elements and Markdown without emphasis marks or lone tags, so that these texts are formatted
    // rather than kept as plain text for their cost (complexity.ts).
    const wholeElement = fc
      .tuple(fc.constantFrom('b', 'i', 'u', 'p', 'div', 'span', 'code', 'sub', 'li', 'td'), word)
      .map(([name, text]) => `<${name}>${text}</${name}>`);
    const piece = fc.oneof(
      markdownPiece.filter((text) => !/[*_~]|<[a-z/]/i.test(text)),
      wholeElement,
      fc.constantFrom('<br>', '<hr>'),
    );
    const bigText = fc
      .array(piece, { minLength: 12_000, maxLength: 20_000 })
      .map((pieces) => pieces.join('').slice(0, 100_000));
    fc.assert(
      fc.property(bigText, (text) => {
        expect(tooCostlyToFormat(text)).toBeNull();
        const bound = Math.max(BOUND_MS, 20 * yardstick(text.length));
        renderMarkdown(timed(() => toMarkdown(text), bound));
      }),
      { numRuns: 6, endOnFailure: true },
    );
  });
});
