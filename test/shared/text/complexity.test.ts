import { describe, expect, it, vi } from 'vitest';
import {
  FORMAT_LIMITS,
  plainTextHtml,
  tooCostlyToConvert,
  tooCostlyToFormat,
} from '../../../src-shared/text/complexity';
import { toMarkdown } from '../../../src-shared/text/html-to-markdown';
import { renderMarkdown } from '../../../src-shared/text/markdown';
import { markdown } from '../../../src-shared/text/markdown-flavour';
import { extractMentionHandles } from '../../../src-shared/text/mentions';

/**
 * Texts a person could paste (or a remote could send) that would make marked or turndown take seconds or
 * run out of stack. Each is within the 100,000 characters a post may have; each must come back at once,
 * unchanged where it is kept as Markdown and escaped where it is shown.
 */
const HOSTILE = {
  'runs of emphasis marks': '*a'.repeat(49_000),
  'underscores and tildes': '_~'.repeat(30_000),
  'quotes 5,000 deep': `${'>'.repeat(5_000)} deep`,
  'a list 300 deep': Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'),
  'lists opened 40,000 times on one line': `${'- '.repeat(40_000)}x`,
  'numbered lists opened 30,000 times on one line': `${'1. '.repeat(30_000)}x`,
  'quotes and lists 20,000 deep on one line': `${'> - '.repeat(20_000)}x`,
  '2,000 nested <div>': `${'<div>'.repeat(2_000)}x${'</div>'.repeat(2_000)}`,
  '3,000 nested <b> never closed': `${'<b>'.repeat(3_000)}bold`,
} as const;

const timed = <T>(run: () => T): { value: T; ms: number } => {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
};

describe('texts too costly to format', () => {
  it.each(Object.entries(HOSTILE))('%s: is named as too costly', (_, text) => {
    expect(text.length).toBeLessThanOrEqual(100_000);
    expect(tooCostlyToFormat(text)).toMatch(/more than/);
  });

  it.each(Object.entries(HOSTILE))(
    '%s: renders as escaped plain text, keeps the text and finds its mentions',
    (_, text) => {
      // Generous bounds: formatting these took 3 s or threw RangeError before the guard.
      const rendered = timed(() => renderMarkdown(`@bob ${text}`));
      expect(rendered.ms).toBeLessThan(1_000);
      expect(rendered.value.startsWith('<p>@bob ')).toBe(true);
      expect(rendered.value).not.toMatch(/<(?!\/?p>|br \/>)/);

      const kept = timed(() => toMarkdown(text));
      expect(kept.ms).toBeLessThan(1_000);
      expect(kept.value).toBe(text.trimEnd());

      expect(extractMentionHandles(`@bob ${text}`)).toEqual(['bob']);
    },
  );

  it('formats everything up to the limits as before', () => {
    const quotes = `${'>'.repeat(FORMAT_LIMITS.lineNesting)} deep`;
    expect(tooCostlyToFormat(quotes)).toBeNull();
    expect(renderMarkdown(quotes)).toContain('<blockquote>');
    const lists = `${'> - '.repeat(FORMAT_LIMITS.lineNesting / 2)}x`;
    expect(tooCostlyToFormat(lists)).toBeNull();
    expect(renderMarkdown(lists)).toContain('<li>');
    const indented = Array.from({ length: FORMAT_LIMITS.lineIndent / 2 }, (_, i) => `${'  '.repeat(i)}- item`).join(
      '\n',
    );
    expect(tooCostlyToFormat(indented)).toBeNull();
    expect(renderMarkdown(indented)).toContain('<li>');
    const emphasis = '*a* '.repeat(FORMAT_LIMITS.emphasisMarks / 2);
    expect(tooCostlyToFormat(emphasis)).toBeNull();
    expect(renderMarkdown(emphasis)).toContain('<em>a</em>');
    const nested = `${'<div>'.repeat(FORMAT_LIMITS.htmlDepth)}x${'</div>'.repeat(FORMAT_LIMITS.htmlDepth)}`;
    expect(tooCostlyToFormat(nested)).toBeNull();
    expect(tooCostlyToFormat(`${'<p>a</p>'.repeat(5_000)}<br><img src="x">`.repeat(2))).toBeNull();
  });

  it('counts only marks, quotes at the start of a line, and open elements', () => {
    expect(tooCostlyToFormat('a > b '.repeat(10_000))).toBeNull();
    expect(tooCostlyToFormat('> quote\n'.repeat(10_000))).toBeNull();
    expect(tooCostlyToFormat(`${'<br>'.repeat(5_000)}${'<hr/>'.repeat(5_000)}`)).toBeNull();
    expect(tooCostlyToFormat('- item\n'.repeat(10_000))).toBeNull();
    expect(tooCostlyToFormat(`${' '.repeat(1_000)}code, not a list`)).toBeNull();
    expect(tooCostlyToFormat('- - -\n1. 2. x\n> > - quoted list')).toBeNull();
  });

  it.each([
    ['24,000 line breaks between two words', `a${'<br>'.repeat(24_000)}b`],
    ['16,000 non-breaking spaces in <pre>', `<pre>a${'&nbsp;'.repeat(16_000)}b</pre>`],
    ['line breaks between empty elements', `a${'<br><i></i>'.repeat(9_000)}b`],
  ])('keeps HTML with %s as written rather than converting it for seconds', (_, html) => {
    expect(tooCostlyToConvert(html)).toBe(true);
    const kept = timed(() => toMarkdown(html));
    // Converting the first took 7.6 s.
    expect(kept.ms).toBeLessThan(1_000);
    expect(kept.value).toBe(html);
  });

  it('converts HTML with shorter runs of white space', () => {
    const html = `<p>a${'<br>'.repeat(FORMAT_LIMITS.spacingRun - 1)}b</p>`;
    expect(tooCostlyToConvert(html)).toBe(false);
    expect(toMarkdown(html)).toBe(`a${'  \n'.repeat(FORMAT_LIMITS.spacingRun - 1)}b`);
  });

  it('writes plain text as paragraphs with line breaks, escaping markup', () => {
    expect(plainTextHtml('one <b>&\nline\n\n\n"two" \'x\'')).toBe(
      '<p>one &lt;b&gt;&amp;<br />\nline</p>\n<p>&quot;two&quot; &#39;x&#39;</p>\n',
    );
    expect(plainTextHtml('\n\n  \n\n')).toBe('');
  });

  it('keeps a text as written and shows it as plain text should formatting throw, and says so', () => {
    // A shape no bound foresaw, as marked running out of stack on it would be.
    const lexer = vi.spyOn(markdown, 'lexer').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(renderMarkdown('@bob **unforeseen** <b>x</b>')).toBe('<p>@bob **unforeseen** &lt;b&gt;x&lt;/b&gt;</p>\n');
      expect(toMarkdown('an <b>unforeseen</b> text')).toBe('an <b>unforeseen</b> text');
      expect(extractMentionHandles('@bob and `@code` unforeseen')).toEqual(['bob', 'code']);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/kept as written/), expect.any(RangeError));
    } finally {
      lexer.mockRestore();
      logged.mockRestore();
    }
  });
});
