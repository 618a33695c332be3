import { describe, expect, it } from 'vitest';
import { marked } from 'marked';
import { renderMarkdown } from '../../../src-shared/text/markdown';

describe('renderMarkdown', () => {
  it('renders GFM and turns single newlines into <br>', () => {
    expect(renderMarkdown('Hello **world**\nsecond _line_ ~~old~~')).toBe(
      '<p>Hello <strong>world</strong><br />second <em>line</em> <del>old</del></p>\n',
    );
  });

  it('renders lists, fenced code with its language, and tables', () => {
    expect(renderMarkdown('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
    expect(renderMarkdown('```ts\nconst x = 1;\n```')).toBe(
      '<pre><code class="language-ts">const x = 1;\n</code></pre>\n',
    );
    expect(renderMarkdown('| a | b |\n|:-|-:|\n| 1 | 2 |')).toContain('<th align="left">a</th>');
  });

  it('links URLs with rel set and leaves mentions and tags as text', () => {
    expect(renderMarkdown('see <https://example.com> @bob #news')).toBe(
      '<p>see <a href="https://example.com" rel="nofollow noopener noreferrer">https://example.com</a> @bob #news</p>\n',
    );
  });

  it('is synchronous and does not change the global marked options', () => {
    expect(typeof renderMarkdown('x')).toBe('string');
    expect(marked.defaults.breaks).toBe(false);
  });

  it('shows HTML written inside code as text', () => {
    expect(renderMarkdown('`<script>alert(1)</script>`')).toBe(
      '<p><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>\n',
    );
  });

  it.each([
    ['[x](javascript:alert(1))', '<p><a rel="nofollow noopener noreferrer">x</a></p>\n'],
    ['[x](JaVaScRiPt:alert(1))', '<p><a rel="nofollow noopener noreferrer">x</a></p>\n'],
    ['[x](jav&#x09;ascript:alert(1))', '<p><a rel="nofollow noopener noreferrer">x</a></p>\n'],
    ['[x](&#106;avascript:alert(1))', '<p><a rel="nofollow noopener noreferrer">x</a></p>\n'],
    ['[x](data:text/html,<script>alert(1)</script>)', '<p><a rel="nofollow noopener noreferrer">x</a></p>\n'],
    ['![i](javascript:alert(1))', '<p></p>\n'],
    ['<a href="javascript:alert(1)">x</a>', '<p><a rel="nofollow noopener noreferrer">x</a></p>\n'],
    ['Hi <script>alert(1)</script>', '<p>Hi </p>\n'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg onload=alert(1)></svg>', '<p></p>\n'],
    ['<iframe src="https://example.com"></iframe>', ''],
  ])('neutralises %s', (input, expected) => {
    const out = renderMarkdown(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/javascript|onerror|onload|<script|<iframe|<svg/i);
  });

  it.each([
    ['<svg onload=alert(1)>', '<p>&lt;svg onload=alert(1)&gt;</p>\n'],
    ['if a<b and c>d then', '<p>if a&lt;b and c&gt;d then</p>\n'],
    ['Array<string> and <bob>', '<p>Array&lt;string&gt; and &lt;bob&gt;</p>\n'],
    ['x</b> <?php echo 1; ?>', '<p>x&lt;/b&gt; &lt;?php echo 1; ?&gt;</p>\n'],
  ])('shows %s, which only looks like HTML, as typed', (input, expected) => {
    expect(renderMarkdown(input)).toBe(expected);
  });

  it('keeps formatting Markdown cannot write, without its attributes', () => {
    expect(renderMarkdown('<u onclick="x">under</u> H<sub>2</sub>O <kbd>Ctrl</kbd> <mark>hi</mark>')).toBe(
      '<p><u>under</u> H<sub>2</sub>O <kbd>Ctrl</kbd> <mark>hi</mark></p>\n',
    );
  });
});
