import sanitize from 'sanitize-html';
import type { IOptions, Transformer } from 'sanitize-html';
import { KEPT_ELEMENTS } from './html-elements';

/** Schemes a link may point to. Everything else (javascript:, data:, vbscript:, ...) is dropped. */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
/** Schemes an image may load from; mailto: makes no sense for an image. */
export const IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

const LINK_REL = 'nofollow noopener noreferrer';

/**
 * True when `url` is absolute and uses one of `schemes`.
 *
 * The WHATWG URL parser strips leading control characters and spaces and removes tabs and newlines
 * anywhere, exactly as a browser does before following a link, so `jav\tascript:` and ` javascript:`
 * are recognised for what they are. Relative and protocol-relative URLs fail to parse without a base and
 * are refused: rendered content is shown by many clients, each with its own idea of what a relative URL means.
 */
export function isAllowedUrl(url: string, schemes: readonly string[]): boolean {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return false;
  }
  return schemes.includes(protocol.slice(0, -1).toLowerCase());
}

/** Characters that end an attribute, a tag or a word wherever a client puts a URL; a link never needs them raw. */
const UNSAFE_IN_URL = /[\s"'<>\\`]/;

/**
 * An absolute http(s) URL that can go into a link as it is: no spaces, quotes, angle brackets, backslashes
 * or backticks (a URL that needs one has it percent-encoded), and at most 2,048 characters.
 */
export function isWebUrl(url: string): boolean {
  return url.length <= 2048 && !UNSAFE_IN_URL.test(url) && isAllowedUrl(url, ['http', 'https']);
}

/**
 * A transform that keeps attribute `name` only when `accept` approves of its (entity-decoded) value.
 * sanitize-html's own checks are not enough here: its scheme check lets relative URLs through, and a
 * value outside an attribute's allowed `values` becomes an empty attribute instead of disappearing.
 */
function keepAttributeIf(
  name: string,
  accept: (value: string) => boolean,
  extra: Record<string, string> = {},
): Transformer {
  return (tagName, attribs) => {
    const { [name]: value, ...rest } = attribs;
    const kept = value !== undefined && accept(value) ? { [name]: value } : {};
    return { tagName, attribs: { ...rest, ...kept, ...extra } };
  };
}

const ALIGNMENTS = ['left', 'center', 'right'];
const keepAlign = keepAttributeIf('align', (value) => ALIGNMENTS.includes(value));

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    ...KEPT_ELEMENTS,
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  // marked marks fenced code with `language-xyz`; highlighters in the clients rely on it.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Removed tags normally leave their text behind; for these the text is code, fallback or markup
  // that must not surface as words in a post.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'head',
    'title',
    'noembed',
    'noframes',
    'select',
  ],
  transformTags: {
    // Set rel after the author's attributes so that it cannot be overridden.
    a: keepAttributeIf('href', (url) => isAllowedUrl(url, LINK_SCHEMES), { rel: LINK_REL }),
    img: keepAttributeIf('src', (url) => isAllowedUrl(url, IMAGE_SCHEMES)),
    th: keepAlign,
    td: keepAlign,
  },
};

/**
 * An image in sanitised HTML, which writes every tag alike: lower-case attribute names, each value in
 * double quotes (a `"` in a value is written `&quot;`), and ` />` at the end.
 */
const IMAGE = /<img((?: [a-z]+="[^"]*")*) \/>/g;

/** Reduces untrusted HTML to an allow-list of formatting tags with safe links and images. */
export function sanitizeHtml(html: string): string {
  // An image whose source was refused would only be an empty box. sanitize-html's exclusiveFilter could drop
  // it, but cuts its output string to do so: thousands of images cost time growing with the square of their number.
  return sanitize(html, OPTIONS).replace(IMAGE, (image, attributes: string) =>
    attributes.includes(' src="') ? image : '',
  );
}
