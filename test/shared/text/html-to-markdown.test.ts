import { describe, expect, it } from 'vitest';
import { looksLikeHtml, toMarkdown } from '../../../src-shared/text/html-to-markdown';
import { renderMarkdown } from '../../../src-shared/text/markdown';

describe('looksLikeHtml', () => {
  it.each([
    '<p>x</p>',
    'some <b>bold</b>',
    '<a href="https://example.com">x</a>',
    'line<br>line',
    '<BR/>',
    '<div>x</div>',
    '<script>alert(1)</script>',
    '<img src="https://example.com/a.png">',
    '<!DOCTYPE html>\n<html><body>x</body></html>',
    '[<b>x</b>](https://example.com)',
  ])('is true for %s', (input) => {
    expect(looksLikeHtml(input)).toBe(true);
  });

  it.each([
    'plain text',
    'a < b > c',
    'I <3 you',
    '<https://example.com>',
    '<someone@example.com>',
    'Array<string> is generic',
    '`<b>` in code',
    '```\n<p>in a fence</p>\n```',
    '    <p>indented code</p>',
    '\\<b>escaped\\</b>',
    '<!-- a comment -->',
    'x <p',
    'if a<b and c>d then',
    '<b>never closed',
    'closed only</b>',
  ])('is false for %s', (input) => {
    expect(looksLikeHtml(input)).toBe(false);
  });
});

describe('toMarkdown', () => {
  it.each([
    ['<p>Hello</p><p>World</p>', 'Hello\n\nWorld'],
    ['<div>one</div><div>two</div>', 'one\n\ntwo'],
    [
      '<p>Visit <a href="https://example.com/a_b" title="T">the site</a></p>',
      'Visit [the site](https://example.com/a_b "T")',
    ],
    ['<a href="https://example.com/">https://example.com/</a>', '<https://example.com/>'],
    ['<a href="mailto:a@example.com">a@example.com</a>', '<a@example.com>'],
    ['<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>', '- one\n- two\n  - nested'],
    ['<ol start="3"><li>c</li><li>d</li></ol>', '3. c\n4. d'],
    ['<p><b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <code>x_y</code></p>', '**b** **s** _i_ _e_ `x_y`'],
    [
      '<pre><code class="language-ts">const a = 1;\nconst b = 2;\n</code></pre>',
      '```ts\nconst a = 1;\nconst b = 2;\n```',
    ],
    ['<pre><code>plain\n</code></pre>', '```\nplain\n```'],
    ['<h1>T</h1><h3>S</h3><blockquote><p>q</p></blockquote><hr>', '# T\n\n### S\n\n> q\n\n---'],
    ['<p>a<br>b</p>', 'a  \nb'],
    ['<p>a <del>b</del> <s>c</s></p>', 'a ~~b~~ ~~c~~'],
    [
      '<table><tr><th>h1</th><th align="right">h2</th></tr><tr><td>a|b</td><td>c</td></tr></table>',
      '| h1 | h2 |\n| --- | ---: |\n| a\\|b | c |',
    ],
    ['<img src="https://example.com/i.png" alt="a pic">', '![a pic](https://example.com/i.png)'],
  ])('converts %s', (input, expected) => {
    expect(toMarkdown(input)).toBe(expected);
  });

  it('escapes HTML text that would otherwise read as Markdown', () => {
    expect(toMarkdown('<p>2 * 3 = 6 [sic]</p><p>- not a list</p>')).toBe('2 \\* 3 = 6 \\[sic\\]\n\n\\- not a list');
  });

  it('keeps the Markdown of mixed input working', () => {
    expect(toMarkdown('Hello **world** <b>bold</b>')).toBe('Hello **world** **bold**');
    expect(toMarkdown('- [ ] todo\n- [x] done <i>y</i>')).toBe('- [ ] todo\n- [x] done _y_');
    expect(toMarkdown('~~gone~~ <s>x</s>')).toBe('~~gone~~ ~~x~~');
    expect(toMarkdown('| a | b |\n|:-|-:|\n| 1 | 2 |\n\n<b>x</b>')).toBe('| a | b |\n|:-|-:|\n| 1 | 2 |\n\n**x**');
  });

  it('keeps a single newline of mixed input as written, still a line break', () => {
    const md = toMarkdown('line1\nline2 <b>x</b>');
    expect(md).toBe('line1\nline2 **x**');
    expect(renderMarkdown(md)).toBe('<p>line1<br />line2 <strong>x</strong></p>\n');
  });

  it.each([
    ['if a<b and c>d then', 'if a<b and c>d then'],
    ['2*3*4 <i>now</i>', '2*3*4 _now_'],
    ['Array<string> is <b>generic</b>', 'Array<string> is **generic**'],
    ['`<b>` makes text bold: <b>so</b>', '`<b>` makes text bold: **so**'],
    ['x</b> and <b>never closed', 'x</b> and <b>never closed'],
    ['*a* <b>b</b> _c_ <i>d</i> e', '*a* **b** _c_ _d_ e'],
    [
      '1. one <i>x</i>\n2. two\n\n```\ncode <b>x</b>\n```\n\n    code <i>y</i>',
      '1. one _x_\n2. two\n\n```\ncode <b>x</b>\n```\n\n    code <i>y</i>',
    ],
    ['- a\n\n  ```\n  <b>x</b>\n  ```\n- b <i>y</i>', '- a\n\n  ```\n  <b>x</b>\n  ```\n- b _y_'],
    ['> ```\n> <b>x</b>\n> ```\n> <b>y</b>', '> ```\n> <b>x</b>\n> ```\n> **y**'],
    ['| <b>1</b> | <i>2</i> |\n|-|-|\n| `<b>` | 3 |', '| **1** | _2_ |\n|-|-|\n| `<b>` | 3 |'],
    ['[a](<b>)<b>x</b>', '[a](<b>)**x**'],
    ['- item\n  <div>\n  x\n  </div>', '- item\n  x'],
    ['> said <i>y</i>\n> <p>a</p><p>b</p>', '> said _y_\n> a\n>\n> b'],
    ['a <b>b</b>\n<i>c</i>', 'a **b**\n_c_'],
    ['line<br>line', 'line  \nline'],
    ['<b><i>x</b></i> tail', '**_x_**</i> tail'],
    ['<?php echo 1; ?> <!-- note -->', '<?php echo 1; ?> <!-- note -->'],
  ])('converts only the HTML of %s', (input, expected) => {
    expect(toMarkdown(input)).toBe(expected);
  });

  it('keeps formatting Markdown cannot write as bare tags', () => {
    expect(toMarkdown('<u>u</u> and <mark class="x">m</mark>')).toBe('<u>u</u> and <mark>m</mark>');
    expect(toMarkdown('<p>H<sub>2</sub>O, <kbd>Ctrl</kbd>+<kbd>C</kbd>, <u><b>both</b></u></p>')).toBe(
      'H<sub>2</sub>O, <kbd>Ctrl</kbd>+<kbd>C</kbd>, <u>**both**</u>',
    );
  });

  it('keeps a text without HTML byte for byte, apart from line endings and its edges', () => {
    const text = '  indented start\n\n> q\n\n* a\n+ b\n\n1) c\n\n| x |\n|---|\n| y |\n\ntrailing  spaces  \ninside';
    expect(toMarkdown(text)).toBe(text);
    expect(toMarkdown('\n\n  \nbody\n\n')).toBe('body');
  });

  it('keeps @mentions and #tags as plain text, underscores included', () => {
    expect(toMarkdown('<p>Hi @some_user, @_lead and #my_tag in snake_case</p>')).toBe(
      'Hi @some_user, @_lead and #my_tag in snake_case',
    );
    expect(toMarkdown('<a href="https://example.social/@bob">@<span>bob</span></a> hi')).toBe(
      '[@bob](https://example.social/@bob) hi',
    );
  });

  it('drops script, style and iframe together with their content', () => {
    expect(
      toMarkdown(
        '<p>x</p><script>alert(1)</script><style>p{}</style><iframe src="https://example.com">frame</iframe><svg onload="alert(1)"><text>s</text></svg>',
      ),
    ).toBe('x');
  });

  it('keeps only the body of a whole document', () => {
    expect(toMarkdown('<!DOCTYPE html><html><head><title>T</title></head><body><p>B</p></body></html>')).toBe('B');
  });

  it('drops unsafe link targets and image sources but keeps their words', () => {
    const md = toMarkdown(
      '<a href="javascript:alert(1)">click</a> <a href="JaVaScRiPt:alert(1)">again</a> <img src="javascript:alert(1)" alt="pic">',
    );
    expect(md).toBe('click again pic');
    expect(toMarkdown('<p onclick="alert(1)">Hi <span style="color:red">there</span></p>')).toBe('Hi there');
  });

  it('produces Markdown that renders to the same structure', () => {
    const html = renderMarkdown(
      toMarkdown(
        '<h2>Title</h2><p>Some <b>bold</b> and a <a href="https://example.com">link</a>.</p><ul><li>a</li></ul>',
      ),
    );
    expect(html).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and a <a href="https://example.com" rel="nofollow noopener noreferrer">link</a>.</p>\n<ul>\n<li>a</li>\n</ul>\n',
    );
  });

  it('leaves non-HTML input alone apart from line endings and trailing whitespace', () => {
    expect(toMarkdown('plain text\r\nwith CRLF\rand CR  \r\n\r\n')).toBe('plain text\nwith CRLF\nand CR');
    const markdown =
      '# heading\n\n* item with *stars* and a_b\n\n`<b>code</b>` a < b > c <3 <https://example.com>\n\n    indented  ';
    expect(toMarkdown(markdown)).toBe(markdown.trimEnd());
  });
});
