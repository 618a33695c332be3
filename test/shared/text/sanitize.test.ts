import { describe, expect, it } from 'vitest';
import { isAllowedUrl, sanitizeHtml } from '../../../src-shared/text/sanitize';

/** What a browser could execute: script elements, handlers, dangerous schemes, embedded documents. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript|vbscript|data:/i);
}

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting', () => {
    const html =
      '<h2>T</h2><p><strong>a</strong> <em>b</em> <del>c</del> <s>d</s> <code>e</code> <sup>1</sup><sub>2</sub></p>' +
      '<blockquote><p>q</p></blockquote><ul><li>x</li></ul><ol start="3"><li>y</li></ol><pre><code>z</code></pre><hr />';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps tables with valid alignment only', () => {
    expect(
      sanitizeHtml(
        '<table><thead><tr><th align="center">a</th></tr></thead><tbody><tr><td align="evil">b</td></tr></tbody></table>',
      ),
    ).toBe('<table><thead><tr><th align="center">a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>');
  });

  it('adds rel to links and replaces a rel chosen by the author', () => {
    expect(sanitizeHtml('<a href="https://example.com/" rel="opener" target="_blank">x</a>')).toBe(
      '<a rel="nofollow noopener noreferrer" href="https://example.com/">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@example.com">m</a>')).toBe(
      '<a href="mailto:a@example.com" rel="nofollow noopener noreferrer">m</a>',
    );
  });

  it('keeps http(s) images with alt and title', () => {
    expect(sanitizeHtml('<img src="https://example.com/a.png" alt="a" title="t" width="9">')).toBe(
      '<img alt="a" title="t" src="https://example.com/a.png" />',
    );
  });

  it('removes script and style together with their text', () => {
    const out = sanitizeHtml('<p>before</p><script>alert("x")</script><style>p { color: red }</style><p>after</p>');
    expect(out).toBe('<p>before</p><p>after</p>');
  });

  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="https://example.com/a.png" onerror="alert(1)">', '<img src="https://example.com/a.png" />'],
    ['<svg onload="alert(1)"><text>svg text</text></svg>after', 'after'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://example.com">fallback</iframe>x', 'x'],
    ['<object data="x.swf">fallback</object><embed src="x.swf">', ''],
    ['<div onclick="alert(1)" style="color:red">text</div>', 'text'],
    ['<p style="background:url(javascript:alert(1))" class="x" id="y">p</p>', '<p>p</p>'],
    ['<math><mi>x</mi></math><noscript><p>n</p></noscript>', ''],
    ['<form action="javascript:alert(1)"><input value="1"></form>', ''],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['<img src="javascript:alert(1)" alt="z">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ])('neutralises %s', (input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expectInert(out);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#9;ascript:alert(1)',
    'java\nscript:alert(1)',
    '  javascript:alert(1)',
    '\u0001javascript:alert(1)',
    '&#106;&#97;vascript:alert(1)',
    '&#x6A;avascript&colon;alert(1)',
    'javascript&#58;alert(1)',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
  ])('drops href %s but keeps the link text', (href) => {
    const out = sanitizeHtml(`<a href="${href}" onclick="alert(1)">x</a>`);
    expect(out).toBe('<a rel="nofollow noopener noreferrer">x</a>');
    expectInert(out);
  });

  it('treats attribute names case-insensitively', () => {
    expect(sanitizeHtml('<A HREF="JAVASCRIPT:alert(1)" ONCLICK="x">x</A>')).toBe(
      '<a rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('drops relative and protocol-relative URLs, which mean different things in each client', () => {
    expect(sanitizeHtml('<a href="/posts/1">a</a><a href="//evil.example">b</a>')).toBe(
      '<a rel="nofollow noopener noreferrer">a</a><a rel="nofollow noopener noreferrer">b</a>',
    );
  });

  it('keeps quotes inside attribute values escaped', () => {
    expect(sanitizeHtml('<a href="https://e.com/&quot;onmouseover=&quot;alert(1)">x</a>')).toBe(
      '<a href="https://e.com/&quot;onmouseover=&quot;alert(1)" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('keeps only language-* classes on code', () => {
    expect(sanitizeHtml('<pre><code class="language-js evil">x</code></pre>')).toBe(
      '<pre><code class="language-js">x</code></pre>',
    );
  });
});

describe('isAllowedUrl', () => {
  it('accepts absolute URLs with a listed scheme, in any case', () => {
    expect(isAllowedUrl('HTTPS://example.com', ['https'])).toBe(true);
    expect(isAllowedUrl('mailto:a@example.com', ['http', 'mailto'])).toBe(true);
  });

  it('refuses other schemes, relative URLs and garbage', () => {
    expect(isAllowedUrl('mailto:a@example.com', ['http', 'https'])).toBe(false);
    expect(isAllowedUrl('java\tscript:alert(1)', ['http', 'https'])).toBe(false);
    expect(isAllowedUrl('/relative', ['http', 'https'])).toBe(false);
    expect(isAllowedUrl('', ['http', 'https'])).toBe(false);
  });
});
