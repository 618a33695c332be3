import TurndownService from 'turndown';
import { tooCostlyToFormat } from './complexity';
import { markdown } from './markdown-flavour';
import { addGfmRules, addSafetyRules } from './turndown-rules';

/*
 * Spec 1.2: text is stored as Markdown; HTML in a post is converted as far as possible.
 */

// Only real element names count: CommonMark lets any `<word>` be inline HTML, but `Array<string>` or
// `<bob>` in a post are prose, and converting them would silently delete words.
const ELEMENTS = [
  'a', 'abbr', 'address', 'article', 'aside', 'audio', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'body', 'br',
  'button', 'canvas', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn',
  'dialog', 'div', 'dl', 'dt', 'em', 'embed', 'fieldset', 'figcaption', 'figure', 'font', 'footer', 'form',
  'h[1-6]', 'head', 'header', 'hr', 'html', 'i', 'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'legend',
  'li', 'link', 'main', 'mark', 'math', 'meta', 'nav', 'noscript', 'object', 'ol', 'p', 'picture', 'pre', 'q',
  's', 'samp', 'script', 'section', 'select', 'small', 'source', 'span', 'strike', 'strong', 'style', 'sub',
  'summary', 'sup', 'svg', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'time',
  'title', 'tr', 'tt', 'u', 'ul', 'var', 'video', 'wbr',
];
const ELEMENT_TAG = new RegExp(`<\\/?(?:${ELEMENTS.join('|')})(?=[\\s/>])|<!doctype\\s`, 'i');

/**
 * True when the input holds HTML elements outside code. Asking marked's lexer, rather than a regular
 * expression over the whole text, gives Markdown's own answer to what is a tag: `a < b > c`, `<3` and
 * `<https://example.com>` are not, and neither is anything inside a code span or block.
 */
export function looksLikeHtml(input: string): boolean {
  let found = false;
  markdown.walkTokens(markdown.lexer(input), (token) => {
    if (token.type === 'html' && ELEMENT_TAG.test(token.raw)) found = true;
  });
  return found;
}

const service = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
  hr: '---',
});
addSafetyRules(service);
addGfmRules(service);

// Turndown escapes every underscore, which would turn `@some_user` into `@some\_user` and break the
// mention. Between letters or digits an underscore can never open or close emphasis in GFM, so it stays
// as typed (`@some_user`, `#my_tag`, `snake_case`). Right after the @ or # of a handle it could open
// emphasis if a later underscore closed it; keeping `@_lead` a working mention is worth that rare risk.
const turndownEscape = service.escape.bind(service);
service.escape = (text) =>
  turndownEscape(text).replace(/(?<=[\p{L}\p{N}]|(?<![\p{L}\p{N}_])[@#])\\_(?=[\p{L}\p{N}])/gu, '_');

/**
 * The Markdown to store for `input`. Markdown and plain text come back as written (line endings
 * normalised, trailing whitespace trimmed). HTML, even when mixed with Markdown, is first rendered with
 * marked, so that `**world**` next to `<b>bold</b>` becomes bold too, then turned back into Markdown.
 */
export function toMarkdown(input: string): string {
  const text = input.replace(/\r\n?/g, '\n');
  // Too costly to read as Markdown or HTML (complexity.ts): kept as written.
  if (tooCostlyToFormat(text) !== null || !looksLikeHtml(text)) return text.trimEnd();
  return service.turndown(markdown.parse(text, { async: false })).trimEnd();
}
