// @vitest-environment happy-dom
// The HTML here is what the sanitiser answers (it is tested in Chromium, test/e2e/looks.test.ts).
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostBody } from '../../src-renderer/components/PostBody';
import { excerptOf, plainTextOf } from '../../src-renderer/util/excerpt';
import { showPostHtml } from '../../src-renderer/components/post-html';
import { linkTagsAndMentions, MAX_LINKS_PER_POST } from '../../src-renderer/components/post-links';
import { SearchWordsContext } from '../../src-renderer/util/search-words-context';
import { markedPieces, markWords, MAX_MARKS_PER_POST } from '../../src-renderer/util/word-marks';
import { fakePost } from './support';

/** Parsed as the page parses a post's HTML. */
function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}
const textOf = (html: string): string => fragment(html).textContent;
/** Each link's text and where it leads. */
const linksOf = (html: string): string[][] =>
  [...fragment(html).querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href') ?? '']);
const marksOf = (html: string): string[] =>
  [...fragment(html).querySelectorAll('mark.search-mark')].map((m) => m.textContent);

describe('tags and mentions in a post become links', () => {
  it('links #tags to /tags/<tag> and @mentions to /@handle, and keeps every letter of the text', () => {
    const html = '<p>Off to <strong>#Lisbon</strong> with @Carol and @jo.ann. #café &amp; #東京!</p>';
    const shown = showPostHtml(html, []).html;
    expect(linksOf(shown)).toEqual([
      ['#Lisbon', '/tags/Lisbon'],
      ['@Carol', '/@Carol'],
      ['@jo.ann', '/@jo.ann'],
      ['#café', `/tags/${encodeURIComponent('café')}`],
      ['#東京', `/tags/${encodeURIComponent('東京')}`],
    ]);
    expect(textOf(shown)).toBe(textOf(html));
    // A link to the page's own address opens in the page: no new window.
    expect(fragment(shown).querySelector('a')?.hasAttribute('target')).toBe(false);
  });

  it('answers which tags and handles the text links to, compared as the service compares them', () => {
    const { linked } = showPostHtml('<p>#Travel with @Bob and #CAFE\u0301</p>', []);
    expect([...linked.tags]).toEqual(['travel', 'café']);
    expect([...linked.handles]).toEqual(['bob']);
  });

  it('leaves the inside of links, code and preformatted text as it was', () => {
    const html = [
      '<p><a href="https://example.org/#top" target="_blank" rel="noopener noreferrer nofollow">see #top and @bob</a></p>',
      '<p><code>#define @Override</code></p>',
      '<pre><code>git log #not-a-tag @not</code></pre>',
    ].join('');
    const shown = showPostHtml(html, []).html;
    expect(shown).toBe(html);
  });

  it('takes no # inside an address, no number, no entity and no e-mail address for a link', () => {
    const html =
      '<p>Read https://example.org/page#part and issue #12; write to bob@example.org or @bob@example.social; &amp;#38; stays</p>';
    expect(showPostHtml(html, []).html).toBe(html);
  });

  it('keeps emoji and right-to-left text around a link letter for letter', () => {
    const html = '<p dir="rtl">مرحبا #سلام 👋🏽 @علي!</p><p>🎉#party🎉</p>';
    const shown = showPostHtml(html, []).html;
    expect(linksOf(shown)).toEqual([
      ['#سلام', `/tags/${encodeURIComponent('سلام')}`],
      ['@علي', `/@${encodeURIComponent('علي')}`],
      ['#party', '/tags/party'],
    ]);
    expect(textOf(shown)).toBe(textOf(html));
    expect(fragment(shown).querySelector('p')?.getAttribute('dir')).toBe('rtl');
  });

  it('keeps markup that is text as text: an escaped tag stays escaped beside a link', () => {
    const html = '<p>&lt;script&gt;alert(1)&lt;/script&gt; #safe</p>';
    const shown = showPostHtml(html, []).html;
    expect(fragment(shown).querySelector('script')).toBeNull();
    expect(textOf(shown)).toBe('<script>alert(1)</script> #safe');
    expect(linksOf(shown)).toEqual([['#safe', '/tags/safe']]);
  });

  it('links the tags and mentions streams wraps in spans of its own, whose classes the sanitiser drops', () => {
    // As matigo/streams writes them (lib/posts.php), less the attributes the page's sanitiser removes.
    const html = '<p>Hello <span>@peer</span>, look: <span>#sunset</span> </p>';
    const shown = showPostHtml(html, []).html;
    expect(linksOf(shown)).toEqual([
      ['@peer', '/@peer'],
      ['#sunset', '/tags/sunset'],
    ]);
    expect(textOf(shown)).toBe(textOf(html));
  });

  it("leads a remote's own link to a tag or a Persona here, and leaves a link less certain alone", () => {
    const html = [
      '<a href="https://masto.example/tags/Travel" target="_blank" rel="noopener">#<span>Travel</span></a>',
      '<a href="https://masto.example/@amy" target="_blank" rel="noopener">@<span>amy</span></a>',
      '<a href="https://misskey.example/users/ben" target="_blank">@ben</a>',
      // Another Persona than the text names, a tag page of another tag, an account elsewhere, more than a tag.
      '<a href="https://masto.example/@cat" target="_blank">@dan</a>',
      '<a href="https://masto.example/tags/food" target="_blank">#drink</a>',
      '<a href="https://masto.example/@eve@other.example" target="_blank">@eve</a>',
      '<a href="https://masto.example/tags/fun" target="_blank">#fun and more</a>',
    ].join(' ');
    const shown = fragment(showPostHtml(html, []).html);
    const links = [...shown.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['/tags/Travel', null],
      ['/@amy', null],
      ['/@ben', null],
      ['https://masto.example/@cat', '_blank'],
      ['https://masto.example/tags/food', '_blank'],
      ['https://masto.example/@eve@other.example', '_blank'],
      ['https://masto.example/tags/fun', '_blank'],
    ]);
    expect(shown.textContent).toBe(textOf(html));
  });

  it('makes at most so many links in a post of 200,000 characters, quickly, and changes none of its text', () => {
    const huge = `<p>${'#tag @bob '.repeat(20_000)}</p>`;
    expect(huge.length).toBeGreaterThan(200_000);
    const started = performance.now();
    const root = fragment(huge);
    const before = root.textContent;
    linkTagsAndMentions(root);
    expect(root.querySelectorAll('a')).toHaveLength(MAX_LINKS_PER_POST);
    expect(root.textContent).toBe(before);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('the words a search found are marked', () => {
  it("marks whole words as the index reads them (any case, composed or not), in the text and in a tag's link", () => {
    const html =
      '<p>Lighthouses of <em>PORTUGAL</em>: portugal’s coast, Portugalia, #portugal, and the cafe\u0301.</p>';
    const shown = showPostHtml(html, ['portugal', 'café']).html;
    // "portugal’s" is the words portugal and s; "Portugalia" is another word.
    expect(marksOf(shown)).toEqual(['PORTUGAL', 'portugal', 'portugal', 'cafe\u0301']);
    expect(fragment(shown).querySelector('a.tag-link mark')?.textContent).toBe('portugal');
    expect(textOf(shown)).toBe(textOf(html));
  });

  it('keeps the markup around the marks and the entities in the text', () => {
    const html =
      '<ul><li><a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">harbour &amp; lights</a></li><li>Tom &lt;harbour&gt;</li></ul>';
    const shown = showPostHtml(html, ['harbour']).html;
    expect(shown).toBe(
      '<ul><li><a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow"><mark class="search-mark">harbour</mark> &amp; lights</a></li><li>Tom &lt;<mark class="search-mark">harbour</mark>&gt;</li></ul>',
    );
  });

  it('marks nothing where nothing is searched, and a plain text cut at its words joins into the same text', () => {
    expect(showPostHtml('<p>quiet harbour</p>', []).html).toBe('<p>quiet harbour</p>');
    const title = 'Harbour lights, 🌊 مرحبا harbours harbour';
    const pieces = markedPieces(title, ['harbour', 'مرحبا']);
    expect(pieces.map((p) => p.text).join('')).toBe(title);
    expect(pieces.filter((p) => p.marked).map((p) => p.text)).toEqual(['Harbour', 'مرحبا', 'harbour']);
  });

  it('makes at most so many marks in a post of 200,000 characters and changes none of its text', () => {
    const root = fragment(`<p>${'word '.repeat(40_000)}</p>`);
    const before = root.textContent;
    expect(markWords(root, ['word'])).toBe(MAX_MARKS_PER_POST);
    expect(root.querySelectorAll('mark')).toHaveLength(MAX_MARKS_PER_POST);
    expect(root.textContent).toBe(before);
  });
});

describe('a post body', () => {
  afterEach(cleanup);
  const post = fakePost(1, {
    type: 'post.article',
    title: 'Harbour notes',
    content: '<p>The harbour at dawn with @amy #boats</p>',
    tags: ['boats', 'Sailing'],
    mentions: [
      { guid: 'a', as: 'amy' },
      { guid: 'z', as: 'zed' },
    ],
  });
  const body = (words: readonly string[]) =>
    render(
      createElement(SearchWordsContext.Provider, { value: words }, createElement(PostBody, { post, clamp: false })),
    );

  it('lists under the text, as links to their pages, only the tags and mentions its text does not link', () => {
    const view = body([]);
    expect(view.getByRole('link', { name: '#boats' }).getAttribute('href')).toBe('/tags/boats');
    expect(view.getByRole('link', { name: '@amy' }).getAttribute('href')).toBe('/@amy');
    const listed = view.getByRole('list', { name: 'Tags and mentions' }).querySelectorAll('a');
    expect([...listed].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@zed', '/@zed'],
      ['#Sailing', '/tags/Sailing'],
    ]);
    expect(view.container.querySelector('mark')).toBeNull();
  });

  it('marks the searched words in the title and the text when a search screen gives them', () => {
    const view = body(['harbour']);
    expect([...view.container.querySelectorAll('mark.search-mark')].map((m) => m.textContent)).toEqual([
      'Harbour',
      'harbour',
    ]);
    expect(view.getByRole('heading').textContent).toBe('Harbour notes');
  });
});

describe("an article's beginning in a timeline", () => {
  it('is the text a reader sees: no script, style or template text, blocks kept apart', () => {
    const html =
      '<p>First <b>para</b>graph.</p><script>window.pwned=4</script><style>p{color:red}</style><template>hidden</template><noscript>no script</noscript><p>Second.</p>';
    expect(plainTextOf(html)).toBe('First paragraph. Second.');
  });

  it('is cut after a whole word and says so, with every character before the cut as written', () => {
    expect(excerptOf('Grüße aus Zürich, wo die Sonne scheint', 20)).toBe('Grüße aus Zürich…');
    expect(excerptOf('short', 20)).toBe('short');
  });
});
